import {
  downloadReceiptPdfRoute,
  findReceiptRoute,
  listReceiptsRoute,
} from '@signlink/contracts/billing/receipts.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachmentName } from '../../http/attachment-name.ts';
import { route } from '../../http/route.ts';
import { receiptPdfInput } from './receipt-pdf.ts';
import { findAccountReceipt, listAccountReceipts, presentReceipt } from './receipts.service.ts';

/** SPEC section 7, Billing: the account's receipts, as JSON and as a PDF. */
export const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.context.database.db;

  route(app, listReceiptsRoute, (request) => listAccountReceipts(db(), request.actor));

  route(app, findReceiptRoute, async (request) =>
    presentReceipt(await findAccountReceipt(db(), request.actor, request.params.id)),
  );

  route(app, downloadReceiptPdfRoute, async (request, reply) => {
    const receipt = await findAccountReceipt(db(), request.actor, request.params.id);
    const input = receiptPdfInput(receipt, { locale: request.locale, seller: request.brand.name });
    const bytes = await app.context.pdf.receipt(input, request.actor.accountId);
    return reply
      .type('application/pdf')
      .header('content-disposition', attachmentName(`${input.title} ${receipt.number}.pdf`))
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(bytes));
  });
};
