import {
  downloadInvoicePdfRoute,
  findInvoiceRoute,
  listInvoicesRoute,
  readInvoiceCustomerRoute,
  registerInvoiceCustomerRoute,
} from '@signlink/contracts/billing/invoices.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachmentName } from '../../http/attachment-name.ts';
import { route } from '../../http/route.ts';
import { readInvoiceCustomer, registerInvoiceCustomer } from './invoice-customer.service.ts';
import { invoiceFileName, invoicePdfInput } from './invoice-pdf.ts';
import { findAccountInvoice, listAccountInvoices, presentInvoice } from './invoices.service.ts';

/** SPEC section 7, Billing: the account's invoices, as JSON and as a PDF, and its invoice customer registration. */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.context.database.db;

  route(app, listInvoicesRoute, (request) => listAccountInvoices(db(), request.actor));

  route(app, findInvoiceRoute, async (request) =>
    presentInvoice(await findAccountInvoice(db(), request.actor, request.params.id)),
  );

  route(app, downloadInvoicePdfRoute, async (request, reply) => {
    const invoice = await findAccountInvoice(db(), request.actor, request.params.id);
    const input = invoicePdfInput(invoice, { locale: request.locale, brand: request.brand });
    const bytes = await app.context.pdf.invoice(input, request.actor.accountId);
    return reply
      .type('application/pdf')
      .header('content-disposition', attachmentName(invoiceFileName(input, invoice)))
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(bytes));
  });

  route(app, readInvoiceCustomerRoute, (request) => readInvoiceCustomer(db(), request.actor));

  route(app, registerInvoiceCustomerRoute, (request) => registerInvoiceCustomer(db(), request.actor, request.body));
};
