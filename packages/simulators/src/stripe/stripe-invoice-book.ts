import { nowSeconds, stripeId } from './stripe-checkout-session.ts';
import { SimStripeError } from './stripe-errors.ts';
import type { SimCustomer, SimInvoice } from './stripe-invoice.ts';
import type { StripeSessionStore } from './stripe-session-store.ts';

export type StripeInvoiceEventType = 'invoice.finalized' | 'invoice.paid' | 'invoice.payment_failed';

const DAY_SECONDS = 24 * 60 * 60;
const DECLINE_MESSAGE = 'Your card was declined.';

const noSuch = (kind: 'customer' | 'invoice', id: string, param: string) =>
  new SimStripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);

/**
 * Customers and invoices (`collection_method: send_invoice`): made through the API, then paid or failed by the
 * tester on the hosted invoice page or through the controls, each change announced as Stripe's event.
 */
export class StripeInvoiceBook {
  readonly #store: StripeSessionStore;
  readonly #emit: (type: StripeInvoiceEventType, invoice: SimInvoice) => void;
  #invoiceCount = 0;

  constructor(store: StripeSessionStore, emit: (type: StripeInvoiceEventType, invoice: SimInvoice) => void) {
    this.#store = store;
    this.#emit = emit;
  }

  createCustomer(fields: Omit<SimCustomer, 'id' | 'created'>): SimCustomer {
    const customer: SimCustomer = { id: stripeId('cus'), created: nowSeconds(), ...fields };
    this.#store.saveRecord('customers', customer);
    return customer;
  }

  findCustomer(id: string, param = 'customer'): SimCustomer {
    const customer = this.#store.getRecord<SimCustomer>('customers', id);
    if (!customer) throw noSuch('customer', id, param);
    return customer;
  }

  /**
   * Stripe's search language, the two clauses we use: `metadata['key']:'value'` and `email:'value'`. Anything
   * else is refused as Stripe refuses a query it cannot parse, rather than answered wrongly.
   */
  searchCustomers(query: string): SimCustomer[] {
    const metadata = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(query.trim());
    const email = /^email:'([^']*)'$/.exec(query.trim());
    if (!metadata && !email) {
      throw new SimStripeError(
        400,
        'invalid_request_error',
        `The simulator cannot parse the search query: ${query}`,
        'parameter_invalid',
        'query',
      );
    }
    return this.#store
      .listRecords<SimCustomer>('customers')
      .filter((customer) =>
        metadata ? customer.metadata[metadata[1] ?? ''] === metadata[2] : customer.email === email?.[1],
      );
  }

  createInvoice(
    fields: Pick<SimInvoice, 'customer' | 'currency' | 'collectionMethod' | 'daysUntilDue' | 'metadata'> & {
      pageBase: string;
    },
  ): SimInvoice {
    const customer = this.findCustomer(fields.customer);
    const id = stripeId('in');
    const { pageBase, ...rest } = fields;
    const invoice: SimInvoice = {
      id,
      ...rest,
      customerEmail: customer.email,
      customerName: customer.name,
      status: 'draft',
      lines: [],
      number: null,
      pageUrl: `${pageBase}/invoice/${id}`,
      created: nowSeconds(),
      finalizedAt: null,
      dueDate: null,
      paidAt: null,
      attemptCount: 0,
      failureMessage: null,
    };
    this.#store.saveRecord('invoices', invoice);
    return invoice;
  }

  findInvoice(id: string, param = 'invoice'): SimInvoice {
    const invoice = this.#store.getRecord<SimInvoice>('invoices', id);
    if (!invoice) throw noSuch('invoice', id, param);
    return invoice;
  }

  listInvoices(): SimInvoice[] {
    return this.#store.listRecords<SimInvoice>('invoices');
  }

  /** An invoice item on a draft invoice of the same customer, as Stripe requires. */
  addItem(input: { invoiceId: string; customer: string; description: string; amount: number }): SimInvoice {
    const invoice = this.findInvoice(input.invoiceId);
    if (invoice.customer !== input.customer) {
      throw new SimStripeError(
        400,
        'invalid_request_error',
        `The invoice ${invoice.id} belongs to another customer than ${input.customer}.`,
        'parameter_invalid',
        'invoice',
      );
    }
    this.#assertStatus(invoice, 'draft', 'invoice_not_editable');
    const line = { id: stripeId('ii'), description: input.description, amount: input.amount };
    invoice.lines.push(line);
    this.#store.saveRecord('invoices', invoice);
    return invoice;
  }

  finalize(id: string): SimInvoice {
    const invoice = this.findInvoice(id);
    this.#assertStatus(invoice, 'draft', 'invoice_not_editable');
    const at = nowSeconds();
    this.#invoiceCount += 1;
    Object.assign(invoice, {
      status: 'open',
      finalizedAt: at,
      number: `SIM-${String(this.#invoiceCount).padStart(4, '0')}`,
      dueDate: invoice.daysUntilDue === null ? null : at + invoice.daysUntilDue * DAY_SECONDS,
    });
    this.#store.saveRecord('invoices', invoice);
    this.#emit('invoice.finalized', invoice);
    return invoice;
  }

  /** The customer paid on the hosted page: paid, and `invoice.paid` follows. */
  pay(id: string): SimInvoice {
    const invoice = this.findInvoice(id);
    this.#assertStatus(invoice, 'open', 'invoice_not_open');
    Object.assign(invoice, { status: 'paid', paidAt: nowSeconds(), failureMessage: null });
    invoice.attemptCount += 1;
    this.#store.saveRecord('invoices', invoice);
    this.#emit('invoice.paid', invoice);
    return invoice;
  }

  /** The card was declined: the invoice stays open for another try, and `invoice.payment_failed` says so. */
  failPayment(id: string): SimInvoice {
    const invoice = this.findInvoice(id);
    this.#assertStatus(invoice, 'open', 'invoice_not_open');
    invoice.attemptCount += 1;
    invoice.failureMessage = DECLINE_MESSAGE;
    this.#store.saveRecord('invoices', invoice);
    this.#emit('invoice.payment_failed', invoice);
    return invoice;
  }

  #assertStatus(invoice: SimInvoice, status: SimInvoice['status'], code: string) {
    if (invoice.status === status) return;
    throw new SimStripeError(
      400,
      'invalid_request_error',
      `This invoice is ${invoice.status}; the action needs it ${status}.`,
      code,
    );
  }
}
