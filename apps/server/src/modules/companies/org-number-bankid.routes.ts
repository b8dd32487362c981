import { validateOrgNumberBankIdOrderRoute } from '@signlink/contracts/bankid/bankid.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { validateOrgNumberOrder } from './org-number-check.ts';

/**
 * SPEC sections 5 and 7: the organisation-number check of a completed BankID order, against the company registry.
 * It needs no session: who holds the ClientAccessKey holds the order. bankid/ starts and follows the order; what the
 * registry says of the person is companies'.
 */
export const orgNumberBankIdRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({
    db: app.context.database.db,
    client: app.context.bankId.client,
    registry: app.context.companyRegistry.registry,
  });

  route(app, validateOrgNumberBankIdOrderRoute, (request) => validateOrgNumberOrder(deps(), request.body));
};
