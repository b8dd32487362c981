import { ZAccountAddress, ZProveAccountOrgNumber } from '@signlink/contracts/accounts/account-settings';
import { ZCreateCompanyAccount } from '@signlink/contracts/accounts/company-accounts';
import { ZAuthState } from '@signlink/contracts/auth/auth-state';
import { ZErrorResponse } from '@signlink/contracts/errors/error-response';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../plugins/auth.ts';
import { bearerSecurity } from '../accounts/account-route-schemas.ts';
import { authErrors } from '../auth/auth.routes.ts';
import { type CompanyDeps, createCompanyAccount } from './create-company-account.ts';
import { proveAccountOrgNumber } from './prove-account-org-number.ts';

const errors = { ...authErrors, 422: ZErrorResponse, 502: ZErrorResponse };

/** SPEC section 7 Accounts: the add-company wizard. Any signed-in user may add a company they can prove. */
export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): CompanyDeps => ({
    db: app.context.database.db,
    client: app.context.bankId.client,
    secret: app.context.config.sessionSecret,
    registry: app.context.companyRegistry.registry,
    vat: app.context.vatValidation.validator,
  });

  app.post(
    '/linktinker/app/accounts',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Add a company account: Swedish by BankID and the company registry, foreign by VIES',
        security: bearerSecurity,
        body: ZCreateCompanyAccount,
        response: { 201: ZAuthState, ...errors },
      },
    },
    async (request, reply) => {
      const state = await createCompanyAccount(deps(), requireActor(request), request.body);
      return reply.code(201).send(state);
    },
  );

  app.post(
    '/linktinker/app/account/validate/orgnumber',
    {
      schema: {
        tags: ['accounts'],
        summary:
          "Prove the Swedish company account's own organisation number by the administrator's completed " +
          "organisation-number BankID order; the registry's name and address follow",
        security: bearerSecurity,
        body: ZProveAccountOrgNumber,
        response: { 200: ZAccountAddress, ...errors },
      },
    },
    async (request) => proveAccountOrgNumber(deps(), requireActor(request), request.body),
  );
};
