import { z } from 'zod';
import { defineRoute } from '../http/route-contract.ts';
import { ZTwilioStatus, ZTwilioStatusHeaders, ZTwilioStatusQuery } from './twilio-status.ts';

export const recordTwilioStatusRoute = defineRoute({
  method: 'POST',
  path: '/webhooks/twilio/status',
  tags: ['webhooks'],
  // Twilio, its X-Twilio-Signature checked against our auth token before anything is recorded.
  callers: ['provider'],
  summary: "Twilio's delivery status callback for SMS and WhatsApp messages",
  // Form-encoded (application/x-www-form-urlencoded), as Twilio posts it.
  query: ZTwilioStatusQuery,
  body: ZTwilioStatus,
  headers: ZTwilioStatusHeaders,
  responses: { 204: z.null() },
  // A bad signature; a message we never sent.
  errors: ['FORBIDDEN', 'NOT_FOUND'],
});
