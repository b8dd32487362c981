import {
  enterCustomerAccountRoute,
  registerCustomerAccountRoute,
  startCustomerEmailRoute,
  validateCustomerEmailRoute,
} from '@signlink/contracts/accounts/customer-accounts.routes';
import { listPartnerPricePlansRoute } from '@signlink/contracts/billing/partner-price-plans.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import type { CompanyDeps } from '../companies/create-company-account.ts';
import { codeDepsOf } from '../verification-codes/code-deps.ts';
import { startCustomerEmail, validateCustomerEmail } from './customer-email.ts';
import { enterCustomerAccount } from './enter-customer-account.ts';
import { listPartnerPricePlans } from './partner-price-plans.ts';
import { registerCustomerAccount } from './register-customer-account.ts';

/** SPEC sections 6 and 7: a partner's administrators set up customer accounts directly, and enter them. */
export const customerAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const codeDeps = () => codeDepsOf(app);
  const companyDeps = (): CompanyDeps => ({
    db: app.context.database.db,
    client: app.context.bankId.client,
    secret: app.context.config.sessionSecret,
    registry: app.context.companyRegistry.registry,
    vat: app.context.vatValidation.validator,
  });

  route(app, startCustomerEmailRoute, (request) =>
    startCustomerEmail(codeDeps(), request.actor, {
      ...request.body,
      locale: request.locale,
      brand: request.brand.id,
    }),
  );
  route(app, validateCustomerEmailRoute, (request) => validateCustomerEmail(codeDeps(), request.actor, request.body));
  route(app, registerCustomerAccountRoute, async (request, reply) =>
    reply.code(201).send(await registerCustomerAccount(companyDeps(), request.actor, request.body)),
  );
  route(app, enterCustomerAccountRoute, async (request, reply) => {
    const { db } = app.context.database;
    const state = await enterCustomerAccount(
      { db, secret: app.context.config.sessionSecret },
      request.actor,
      request.body,
    );
    return reply.code(201).send(state);
  });
  route(app, listPartnerPricePlansRoute, (request) => listPartnerPricePlans(app.context.database.db, request.actor));
};
