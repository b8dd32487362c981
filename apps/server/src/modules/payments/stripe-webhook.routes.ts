import { receiveStripeWebhookRoute } from '@signlink/contracts/billing/top-up.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { receiveStripeWebhook } from './receive-stripe-webhook.ts';

/**
 * Stripe's webhook, in a plugin of its own: the signature is over the exact bytes sent, so JSON bodies reach this
 * route unparsed (a Buffer), and only this route. It serves our own sales (billing) and Sign & Pay's connected
 * accounts alike, so it lives beside the provider rather than in either module.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  route(app, receiveStripeWebhookRoute, async (request) => {
    await receiveStripeWebhook(
      {
        db: app.context.database.db,
        provider: app.context.payments.provider,
        queue: app.context.queue,
        database: app.context.database,
        messaging: app.context.messaging,
        logger: request.log,
      },
      { rawBody: request.body as Buffer, signatureHeader: request.headers['stripe-signature'] },
    );
    return { received: true } as const;
  });
};
