import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { fieldAt, type StripeForm } from './stripe-form.ts';
import { replayIdempotent } from './stripe-idempotency.ts';
import { presentCustomer, presentInvoice, presentInvoiceItem } from './stripe-invoice.ts';
import { integer, invalid, metadataOf, required } from './stripe-params.ts';
import type { StripeSimulatorControls } from './stripe-simulator-controls.ts';

/*
 * The part of Stripe's REST API (v1) an invoice for a card customer takes: Customers (create, search), a draft
 * invoice with `collection_method=send_invoice`, invoice items on it, finalize, retrieve. Registered inside the
 * API plugin, so it shares its key check, form parser and error shape.
 */

type ApiRequest = FastifyRequest<{ Params: { id: string }; Body: string | undefined; Querystring: StripeForm }>;

const optional = (form: StripeForm, name: string) => {
  const value = fieldAt(form, [name]);
  return typeof value === 'string' && value !== '' ? value : null;
};

export const stripeInvoicesApiPlugin: FastifyPluginAsync<{
  controls: StripeSimulatorControls;
  pageBaseUrl: () => string;
}> = async (app, { controls, pageBaseUrl }) => {
  const book = controls.invoices;

  const idempotent = (
    req: ApiRequest,
    reply: FastifyReply,
    create: (form: StripeForm) => { id: string; json: unknown },
  ) => replayIdempotent(controls.store, req, reply, create);

  app.post('/v1/customers', async (req: ApiRequest, reply) =>
    idempotent(req, reply, (form) => {
      const customer = book.createCustomer({
        email: optional(form, 'email'),
        name: optional(form, 'name'),
        metadata: metadataOf(form),
      });
      return { id: customer.id, json: presentCustomer(customer) };
    }),
  );

  app.get('/v1/customers/search', async (req: ApiRequest) => {
    const query = required(req.query, ['query']);
    const limit = fieldAt(req.query, ['limit']) === undefined ? 10 : integer(req.query, ['limit'], 1);
    const found = book.searchCustomers(query);
    return {
      object: 'search_result',
      data: found.slice(0, limit).map(presentCustomer),
      has_more: found.length > limit,
      next_page: null,
      url: '/v1/customers/search',
    };
  });

  app.post('/v1/invoices', async (req: ApiRequest, reply) =>
    idempotent(req, reply, (form) => {
      const customer = required(form, ['customer']);
      const collectionMethod = optional(form, 'collection_method') ?? 'charge_automatically';
      if (collectionMethod !== 'send_invoice') {
        throw invalid(
          `The simulator only supports collection_method=send_invoice, not ${collectionMethod}.`,
          'collection_method',
        );
      }
      const currency = required(form, ['currency']).toLowerCase();
      if (!/^[a-z]{3}$/.test(currency)) throw invalid(`Invalid currency: ${currency}.`, 'currency');
      const invoice = book.createInvoice({
        customer,
        currency,
        collectionMethod,
        daysUntilDue: integer(form, ['days_until_due'], 0),
        metadata: metadataOf(form),
        pageBase: pageBaseUrl(),
      });
      return { id: invoice.id, json: presentInvoice(invoice) };
    }),
  );

  app.post('/v1/invoiceitems', async (req: ApiRequest, reply) =>
    idempotent(req, reply, (form) => {
      const invoiceId = optional(form, 'invoice');
      // Stripe would keep an item without an invoice pending for the customer's next one; we never need that.
      if (!invoiceId) throw invalid('The simulator needs invoice on an invoice item.', 'invoice', 'parameter_missing');
      const currency = optional(form, 'currency')?.toLowerCase();
      const target = book.findInvoice(invoiceId);
      if (currency && currency !== target.currency) {
        throw invalid(`The currency ${currency} differs from the invoice's ${target.currency}.`, 'currency');
      }
      const invoice = book.addItem({
        invoiceId,
        customer: required(form, ['customer']),
        description: required(form, ['description']),
        amount: integer(form, ['amount'], 0),
      });
      const line = invoice.lines.at(-1);
      if (!line) throw new Error('the item just added is gone');
      return { id: line.id, json: presentInvoiceItem(invoice, line) };
    }),
  );

  app.post('/v1/invoices/:id/finalize', async (req: ApiRequest, reply) =>
    idempotent(req, reply, () => {
      const invoice = book.finalize(req.params.id);
      return { id: invoice.id, json: presentInvoice(invoice) };
    }),
  );

  app.get('/v1/invoices/:id', async (req: ApiRequest) => presentInvoice(book.findInvoice(req.params.id, 'id')));
};
