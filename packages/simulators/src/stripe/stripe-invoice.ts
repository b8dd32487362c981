/** Customers and invoices as the simulator keeps them; `present…` give Stripe's JSON for them. */
export interface SimCustomer {
  id: string;
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  created: number;
}

export interface SimInvoiceLine {
  /** The invoice item's id (`ii_…`). */
  id: string;
  description: string;
  amount: number;
}

export interface SimInvoice {
  id: string;
  customer: string;
  customerEmail: string | null;
  customerName: string | null;
  currency: string;
  collectionMethod: 'send_invoice' | 'charge_automatically';
  /** Only for `send_invoice`: the due date is this many days after finalizing. */
  daysUntilDue: number | null;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  lines: SimInvoiceLine[];
  metadata: Record<string, string>;
  /** Stripe numbers an invoice when it is finalized. */
  number: string | null;
  /** The hosted invoice page, e.g. `http://localhost:3000/sim/stripe/invoice/in_…`; Stripe shows it once finalized. */
  pageUrl: string;
  created: number;
  finalizedAt: number | null;
  dueDate: number | null;
  paidAt: number | null;
  attemptCount: number;
  /** The last failed attempt's message shown on the page, until the next attempt. */
  failureMessage: string | null;
}

export const invoiceTotal = (invoice: SimInvoice) => invoice.lines.reduce((sum, line) => sum + line.amount, 0);

export function presentCustomer(customer: SimCustomer) {
  return {
    id: customer.id,
    object: 'customer',
    created: customer.created,
    email: customer.email,
    livemode: false,
    metadata: customer.metadata,
    name: customer.name,
  };
}

export function presentInvoiceItem(invoice: SimInvoice, line: SimInvoiceLine) {
  return {
    id: line.id,
    object: 'invoiceitem',
    amount: line.amount,
    currency: invoice.currency,
    customer: invoice.customer,
    date: invoice.created,
    description: line.description,
    invoice: invoice.id,
    livemode: false,
    metadata: {},
    quantity: 1,
  };
}

export function presentInvoice(invoice: SimInvoice) {
  const total = invoiceTotal(invoice);
  const paid = invoice.status === 'paid' ? total : 0;
  return {
    id: invoice.id,
    object: 'invoice',
    amount_due: total,
    amount_paid: paid,
    amount_remaining: total - paid,
    attempt_count: invoice.attemptCount,
    attempted: invoice.attemptCount > 0,
    auto_advance: false,
    collection_method: invoice.collectionMethod,
    created: invoice.created,
    currency: invoice.currency,
    customer: invoice.customer,
    customer_email: invoice.customerEmail,
    customer_name: invoice.customerName,
    due_date: invoice.dueDate,
    // Stripe gives the hosted page's address once the invoice is finalized.
    hosted_invoice_url: invoice.status === 'draft' ? null : invoice.pageUrl,
    invoice_pdf: null,
    lines: {
      object: 'list',
      data: invoice.lines.map((line) => ({
        id: `il_${line.id.slice(3)}`,
        object: 'line_item',
        amount: line.amount,
        currency: invoice.currency,
        description: line.description,
        invoice: invoice.id,
        quantity: 1,
      })),
      has_more: false,
      url: `/v1/invoices/${invoice.id}/lines`,
    },
    livemode: false,
    metadata: invoice.metadata,
    number: invoice.number,
    status: invoice.status,
    status_transitions: {
      finalized_at: invoice.finalizedAt,
      marked_uncollectible_at: null,
      paid_at: invoice.paidAt,
      voided_at: null,
    },
    subtotal: total,
    total,
  };
}
