import type Stripe from 'stripe';
import type { CreateInvoiceInput, ProviderInvoice } from './payments.port.ts';
import { currencyOf, oneOf } from './stripe-values.ts';

const INVOICE_STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;

export function invoiceOf(invoice: Stripe.Invoice): ProviderInvoice {
  const metadata = { ...(invoice.metadata ?? {}) };
  return {
    id: invoice.id ?? '',
    status: oneOf(invoice.status, INVOICE_STATUSES, 'invoice status'),
    currency: currencyOf(invoice.currency),
    totalMinor: invoice.total,
    amountPaidMinor: invoice.amount_paid,
    paymentId: metadata.paymentId ?? null,
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    metadata,
    createdAt: invoice.created,
    dueDate: invoice.due_date ?? null,
  };
}

// Stripe's search syntax quotes values in single quotes; our ids never hold one, but a stray one must not widen it.
const searchValue = (value: string) => value.replace(/['\\]/g, '');

/**
 * The account's Customer: the one carrying our account id in its metadata, or a new one. Stripe's search lags
 * writes by up to a minute, so two renewals of one account that close together may make two Customers: harmless,
 * each invoice carries its own e-mail and our ids.
 */
async function findOrCreateCustomer(stripe: Stripe, input: CreateInvoiceInput): Promise<string> {
  const found = await stripe.customers.search({
    query: `metadata['accountId']:'${searchValue(input.accountId)}'`,
    limit: 1,
  });
  const existing = found.data[0];
  if (existing) return existing.id;
  const customer = await stripe.customers.create(
    {
      email: input.customerEmail,
      ...(input.customerName ? { name: input.customerName } : {}),
      metadata: { accountId: input.accountId },
    },
    { idempotencyKey: `${input.idempotencyKey}-customer` },
  );
  return customer.id;
}

/**
 * A draft invoice, its items attached to it (Stripe no longer sweeps pending items into a new invoice by default),
 * then finalized so that it is open and has its hosted page. Every step carries an idempotency key derived from
 * ours, so a repeat after a crash anywhere in between ends with the same one invoice.
 */
export async function createStripeInvoice(stripe: Stripe, input: CreateInvoiceInput): Promise<ProviderInvoice> {
  const customer = await findOrCreateCustomer(stripe, input);
  const currency = input.currency.toLowerCase();
  const draft = await stripe.invoices.create(
    {
      customer,
      currency,
      collection_method: 'send_invoice',
      days_until_due: input.daysUntilDue,
      auto_advance: false,
      metadata: { ...input.metadata, paymentId: input.paymentId, accountId: input.accountId },
    },
    { idempotencyKey: `${input.idempotencyKey}-invoice` },
  );
  const invoiceId = draft.id ?? '';
  if (draft.status === 'draft') {
    for (const [index, line] of input.lines.entries()) {
      await stripe.invoiceItems.create(
        { customer, invoice: invoiceId, currency, amount: line.amountMinor, description: line.description },
        { idempotencyKey: `${input.idempotencyKey}-item-${index}` },
      );
    }
    return invoiceOf(
      await stripe.invoices.finalizeInvoice(invoiceId, {}, { idempotencyKey: `${input.idempotencyKey}-finalize` }),
    );
  }
  return invoiceOf(draft);
}
