import type { ProviderInvoice } from '@signlink/providers/payments/payments.port';
import type { Database } from '../../db/database.ts';
import { type ApplyOutcome, applyPaymentReport } from './apply-payment-report.ts';

/**
 * A Stripe invoice's word (a plan renewed by card), applied once through the one path for Stripe's word. Paid moves
 * the payment to paid; a declined card (`invoice.payment_failed`) leaves the invoice open for another try, so the
 * payment stays pending; a voided invoice will never be paid.
 */
export function applyStripeInvoice(
  db: Database,
  report: { invoice: ProviderInvoice; event?: { id: string; rawType: string } },
): Promise<ApplyOutcome> {
  const { invoice, event } = report;
  const to = invoice.status === 'paid' ? 'paid' : invoice.status === 'void' ? 'cancelled' : null;
  return applyPaymentReport(db, {
    paymentId: invoice.paymentId,
    provider: { kind: 'invoice', id: invoice.id },
    to,
    // What was paid, once paid; before that, what is owed.
    charged: { totalMinor: to === 'paid' ? invoice.amountPaidMinor : invoice.totalMinor, currency: invoice.currency },
    ...(event ? { event } : {}),
  });
}
