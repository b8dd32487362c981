import { findReceiptRoute, listReceiptsRoute } from '@signlink/contracts/billing/receipts.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { findAccountReceipt, listAccountReceipts, presentReceipt } from './receipts.service.ts';

/** SPEC section 7, Billing: the account's receipts. */
export const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.context.database.db;

  route(app, listReceiptsRoute, (request) => listAccountReceipts(db(), request.actor));

  route(app, findReceiptRoute, async (request) =>
    presentReceipt(await findAccountReceipt(db(), request.actor, request.params.id)),
  );
};
