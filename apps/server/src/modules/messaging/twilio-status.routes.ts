import { recordTwilioStatusRoute } from '@signlink/contracts/messaging/twilio-status.routes';
import { isValidTwilioSignature } from '@signlink/providers/text-messages/twilio-signature';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { route } from '../../http/route.ts';
import { recordProviderStatus } from './record-provider-status.ts';
import { callbackOrigin } from './twilio-status-callback-url.ts';

/**
 * Twilio's delivery reports (StatusCallback). Only Twilio may call it: the X-Twilio-Signature header must
 * be the HMAC of the URL we gave plus the posted fields under our auth token; anything else is refused
 * before it is read.
 */
export const twilioStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  // Twilio posts form fields; parse them here only, not for the rest of the API.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  route(app, recordTwilioStatusRoute, async (request, reply) => {
    const { messaging } = app.context;
    const token = messaging.textMessageWebhookToken;
    const signature = request.headers['x-twilio-signature'];
    const url = `${callbackOrigin(messaging.publicUrls)}${request.url}`;
    const params = Object.fromEntries(
      Object.entries(request.body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    if (!token || !signature || !isValidTwilioSignature({ authToken: token, url, params, signature })) {
      throw new AppError('FORBIDDEN', { details: { reason: 'bad-signature' } });
    }
    const { database, queue } = app.context;
    const result = await recordProviderStatus(
      { database, queue, messaging },
      {
        messageId: request.query.messageId,
        providerMessageId: request.body.MessageSid,
        status: request.body.MessageStatus,
        errorCode: request.body.ErrorCode,
        errorMessage: request.body.ErrorMessage,
      },
    );
    if (!result.found) throw new AppError('NOT_FOUND');
    return reply.code(204).send();
  });
};
