import {
  findPaymentSessionRoute,
  listTopUpProductsRoute,
  startTopUpRoute,
} from '@signlink/contracts/billing/top-up.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { findPaymentSession } from './payment-session.ts';
import { startTopUp } from './start-top-up.ts';
import { listTopUpProducts } from './top-up-products.ts';

/** SPEC section 7, Billing: top-up products, starting a top-up, the return pages' poll. */
export const topUpRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.context.database.db, provider: app.context.payments.provider });

  route(app, listTopUpProductsRoute, (request) => listTopUpProducts(app.context.database.db, request.actor));

  route(app, startTopUpRoute, async (request, reply) => {
    const origin = app.context.messaging.publicUrls.forBrand(request.brand.id);
    const started = await startTopUp(deps(), request.actor, { request: request.body, origin });
    return reply.code(201).send(started);
  });

  route(app, findPaymentSessionRoute, (request) => findPaymentSession(deps(), request.actor, request.params.id));
};
