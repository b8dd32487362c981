import {
  activateAddOnRoute,
  listAddOnsRoute,
  listSmartFieldsRoute,
} from '@signlink/contracts/billing/add-on-catalogue.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { listAddOns, listSmartFields } from './add-ons.service.ts';
import { startAddOnPurchase } from './start-add-on-purchase.ts';

/** SPEC section 7, Billing: the add-ons, their smart fields, and buying an add-on's year. */
export const addOnRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.context.database.db;

  route(app, listAddOnsRoute, (request) => listAddOns(db(), request.actor));
  route(app, listSmartFieldsRoute, (request) => listSmartFields(db(), request.actor));

  route(app, activateAddOnRoute, async (request, reply) => {
    const origin = app.context.messaging.publicUrls.forBrand(request.brand.id);
    const started = await startAddOnPurchase({ db: db(), provider: app.context.payments.provider }, request.actor, {
      request: request.body,
      origin,
    });
    return reply.code(201).send(started);
  });
};
