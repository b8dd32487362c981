import { invoiceTerms } from '@signlink/contracts/billing/price-list';
import type { PaymentsProvider } from '@signlink/providers/payments/payments.port';
import type { Database } from '../../db/database.ts';
import type { JobLogger } from '../../jobs/job-definition.ts';
import { applyStripeInvoice } from './apply-stripe-invoice.ts';
import { type PaymentRow, setPaymentProviderId } from './payments.repository.ts';
import { findBillingContact, findPlanOfPayment, listPendingRenewalPayments } from './plan-renewals.repository.ts';

const batchSize = 200;

/**
 * Bills a plan renewed by card with a Stripe invoice the customer pays on Stripe's page, due in the invoice terms'
 * days (SPEC section 9). Called after the renewal's commit, never inside it: Stripe is not part of our transaction.
 * Our payment id is the idempotency key, so a repeat (a crash before we kept the invoice's id, two runs at once)
 * finds the same invoice.
 */
export async function billRenewalByCard(deps: { db: Database; provider: PaymentsProvider }, payment: PaymentRow) {
  const plan = await findPlanOfPayment(deps.db, payment.id);
  const contact = await findBillingContact(deps.db, { accountId: payment.accountId, userId: plan?.orderedBy ?? null });
  if (!contact?.email) throw new Error(`no e-mail to send the invoice of payment ${payment.id} to`);
  const invoice = await deps.provider.createInvoice({
    currency: payment.currency,
    // Our VAT is computed by us and sent as its own line, so Stripe's total is exactly ours.
    lines: [
      { description: payment.description, amountMinor: payment.amountMinor },
      ...(payment.vatMinor > 0 ? [{ description: `VAT ${payment.vatPercent}%`, amountMinor: payment.vatMinor }] : []),
    ],
    paymentId: payment.id,
    accountId: payment.accountId,
    customerEmail: contact.email,
    customerName: contact.buyerName,
    daysUntilDue: invoiceTerms.netDays,
    metadata: { kind: 'price-plan' },
    idempotencyKey: payment.id,
  });
  await setPaymentProviderId(deps.db, { paymentId: payment.id, kind: 'invoice', id: invoice.id });
  return invoice;
}

/**
 * Every pending renewal payment: one without a Stripe invoice gets it (also the one a crash left between our commit
 * and Stripe's call); one with an invoice is checked with Stripe, so a lost `invoice.paid` is applied here through
 * the webhook's own path.
 */
export async function syncRenewalPayments(deps: { db: Database; provider: PaymentsProvider; logger: JobLogger }) {
  let invoiced = 0;
  let paid = 0;
  for (const payment of await listPendingRenewalPayments(deps.db, { limit: batchSize })) {
    try {
      if (!payment.providerInvoiceId) {
        await billRenewalByCard(deps, payment);
        invoiced += 1;
        continue;
      }
      const invoice = await deps.provider.retrieveInvoice(payment.providerInvoiceId);
      const outcome = await applyStripeInvoice(deps.db, { invoice });
      if (outcome.kind === 'applied' && outcome.to === 'paid' && outcome.from !== 'paid') paid += 1;
    } catch (error) {
      // One payment's trouble must not stop the others; the next run tries again.
      deps.logger.warn({ paymentId: payment.id, err: error }, 'Could not bill or check a renewal payment');
    }
  }
  return { invoiced, paid };
}
