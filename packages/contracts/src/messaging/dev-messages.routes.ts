import { defineRoute } from '../http/route-contract.ts';
import { ZDevMessageIdParams, ZDevMessagesQuery, ZDevMessagesResponse } from './dev-messages.ts';
import { ZDevSendMessageRequest, ZDevSendMessageResponse } from './dev-send-message.ts';

/**
 * The developer mailbox (never in production: the server registers these only with simulators on). Open to anyone
 * who reaches a development server, like the simulators themselves.
 */
const tags = ['development'];
const callers = ['public'] as const;

export const listDevMessagesRoute = defineRoute({
  method: 'GET',
  path: '/dev/messages',
  tags,
  callers,
  summary: 'Messages the e-mail and SMS simulators received, newest first (development only)',
  query: ZDevMessagesQuery,
  responses: { 200: ZDevMessagesResponse },
  errors: [],
});

export const findDevMessageHtmlRoute = defineRoute({
  method: 'GET',
  path: '/dev/messages/:id/html',
  tags,
  callers,
  summary: "An e-mail's HTML part as received (development only)",
  params: ZDevMessageIdParams,
  // text/html, shown in the mailbox's frame.
  responses: { 200: null },
  file: true,
  errors: ['NOT_FOUND'],
});

export const sendDevMessageRoute = defineRoute({
  method: 'POST',
  path: '/dev/messages',
  tags,
  callers,
  summary: 'Send an example message of any kind through the real messaging path (development only)',
  body: ZDevSendMessageRequest,
  responses: { 202: ZDevSendMessageResponse },
  // The address or number refused, or the channel not configured.
  errors: ['INVALID_EMAIL', 'INVALID_PHONE', 'SEND_FAILED'],
});
