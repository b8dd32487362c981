import {
  cancelPricePlanRoute,
  invoicePricePlanRoute,
  listPricePlansRoute,
  orderPricePlanRoute,
} from '@signlink/contracts/billing/price-plans.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { cancelPricePlan } from './cancel-price-plan.ts';
import { invoicePricePlan } from './invoice-price-plan.ts';
import { listPricePlans } from './list-price-plans.ts';
import { orderPricePlan } from './order-price-plan.ts';

/** SPEC section 7, Billing: price plans, ordered by card or by invoice, and cancelled. */
export const pricePlanRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.context.database.db, provider: app.context.payments.provider });

  route(app, listPricePlansRoute, (request) => listPricePlans(app.context.database.db, request.actor));

  route(app, orderPricePlanRoute, async (request, reply) => {
    const origin = app.context.messaging.publicUrls.forBrand(request.brand.id);
    const ordered = await orderPricePlan(deps(), request.actor, {
      planId: request.params.id,
      years: request.body.Years,
      origin,
    });
    return reply.code(201).send(ordered);
  });

  route(app, invoicePricePlanRoute, async (request, reply) => {
    const invoiced = await invoicePricePlan({ ...deps(), queue: app.context.queue }, request.actor, {
      planId: request.params.pricePlanId,
      years: request.body.Years,
    });
    return reply.code(201).send(invoiced);
  });

  route(app, cancelPricePlanRoute, (request) => cancelPricePlan(app.context.database.db, request.actor));
};
