import {
  createPaymentProductRoute,
  findDefaultTaxCodeRoute,
  findPayeeAccountRoute,
  findPaymentProductRoute,
  listPaymentProductsRoute,
  startPayeeOnboardingRoute,
} from '@signlink/contracts/sign-pay/sign-pay.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { findPayeeAccountState, startPayeeOnboarding } from './payee-account.service.ts';
import {
  createPaymentProduct,
  findDefaultTaxCode,
  findPaymentProduct,
  listPaymentProducts,
} from './payment-products.service.ts';

/** SPEC section 7 "Get paid": the sender's products and the account's Stripe connection (issue 25). */
export const signPayRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.context.database.db;
  const payments = () => ({ db: db(), provider: app.context.payments.provider });

  route(app, listPaymentProductsRoute, (request) => listPaymentProducts({ db: db() }, request.actor));
  route(app, createPaymentProductRoute, async (request, reply) =>
    reply.code(201).send(await createPaymentProduct({ db: db() }, request.actor, request.body)),
  );
  route(app, findPaymentProductRoute, (request) => findPaymentProduct({ db: db() }, request.actor, request.params.id));
  route(app, findDefaultTaxCodeRoute, (request) => findDefaultTaxCode({ db: db() }, request.actor));

  route(app, findPayeeAccountRoute, (request) => findPayeeAccountState(payments(), request.actor));
  route(app, startPayeeOnboardingRoute, (request) =>
    startPayeeOnboarding(payments(), request.actor, {
      origin: app.context.messaging.publicUrls.forBrand(request.brand.id),
      returnPath: request.body.ReturnPath,
    }),
  );
};
