import {
  createCompanyAccountRoute,
  proveAccountOrgNumberRoute,
  proveOrgNumberByEmailRoute,
  registerCompanyRoute,
} from '@signlink/contracts/accounts/company-accounts.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { codeDepsOf } from '../verification-codes/code-deps.ts';
import { type CompanyDeps, createCompanyAccount } from './create-company-account.ts';
import { proveAccountOrgNumber } from './prove-account-org-number.ts';
import { proveOrgNumberByEmail } from './prove-org-number-by-email.ts';
import { registerCompany } from './register-company.ts';

/** SPEC section 7 Accounts: the add-company wizard. Any signed-in user may add a company they can prove. */
export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): CompanyDeps => ({
    db: app.context.database.db,
    client: app.context.bankId.client,
    secret: app.context.config.sessionSecret,
    registry: app.context.companyRegistry.registry,
    vat: app.context.vatValidation.validator,
  });

  route(app, createCompanyAccountRoute, async (request, reply) => {
    const state = await createCompanyAccount(deps(), request.actor, request.body);
    return reply.code(201).send(state);
  });

  route(app, registerCompanyRoute, async (request, reply) => {
    const state = await registerCompany({ ...deps(), log: request.log }, request.actor, request.body);
    return reply.code(201).send(state);
  });

  route(app, proveAccountOrgNumberRoute, (request) => proveAccountOrgNumber(deps(), request.actor, request.body));

  route(app, proveOrgNumberByEmailRoute, (request) =>
    proveOrgNumberByEmail({ ...codeDepsOf(app), registry: app.context.companyRegistry.registry }, request.actor, {
      ...request.body,
      locale: request.locale,
      brand: request.brand.id,
    }),
  );
};
