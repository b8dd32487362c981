import { ZCreateCompanyAccount } from '@signlink/contracts/accounts/company-accounts';
import { ZAuthState } from '@signlink/contracts/auth/auth-state';
import { ZErrorResponse } from '@signlink/contracts/errors/error-response';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../plugins/auth.ts';
import { authErrors } from '../auth/auth.routes.ts';
import { createCompanyAccount } from './create-company-account.ts';

const errors = { ...authErrors, 422: ZErrorResponse, 502: ZErrorResponse };

/** SPEC section 7 Accounts: the add-company wizard. Any signed-in user may add a company they can prove. */
export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/linktinker/app/accounts',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Add a company account: Swedish by BankID and the company registry, foreign by VIES',
        body: ZCreateCompanyAccount,
        response: { 201: ZAuthState, ...errors },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const state = await createCompanyAccount(
        {
          db: app.context.database.db,
          client: app.context.bankId.client,
          secret: app.context.config.sessionSecret,
          registry: app.context.companyRegistry.registry,
          vat: app.context.vatValidation.validator,
        },
        actor,
        request.body,
      );
      return reply.code(201).send(state);
    },
  );
};
