import { listTransactionFeesRoute } from '@signlink/contracts/billing/transaction-fees.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { listAccountTransactionFees } from './transaction-fees.service.ts';

/** SPEC section 7, Billing: the account's text-message fees. */
export const transactionFeeRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, listTransactionFeesRoute, (request) => listAccountTransactionFees(app.context.database.db, request.actor));
};
