import { receiveIdScanWebhookRoute } from '@signlink/contracts/id-scan/id-scan.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { idScanDepsOf } from './id-scan-deps.ts';
import { receiveIdScanWebhook } from './receive-id-scan-webhook.ts';

/**
 * The identity-verification vendor's webhook, in a plugin of its own: its signature is over the exact bytes sent,
 * so JSON reaches this route unparsed, and only this route.
 */
export const idScanWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  route(app, receiveIdScanWebhookRoute, async (request) => {
    const body = request.body as Buffer;
    await receiveIdScanWebhook(idScanDepsOf(app, request.log), {
      rawBody: new Uint8Array(body.buffer, body.byteOffset, body.byteLength),
      signature: request.headers['x-sha2-signature'],
    });
    return { received: true } as const;
  });
};
