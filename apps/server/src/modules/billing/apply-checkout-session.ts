import type { PaymentStatus } from '@signlink/contracts/billing/top-up';
import type { CheckoutSession, PaymentEventType } from '@signlink/providers/payments/payments.port';
import type { Database } from '../../db/database.ts';
import { type ApplyOutcome, applyPaymentReport } from './apply-payment-report.ts';

export type { ApplyOutcome } from './apply-payment-report.ts';

/** What Stripe said, from a webhook (with its event) or from asking for the session now (a poll, reconciliation). */
export interface SessionReport {
  session: CheckoutSession;
  event?: { id: string; type: PaymentEventType; rawType: string };
}

/**
 * Where Stripe's word moves a pending payment, or null to leave it pending. A session that completed unpaid (an
 * async method submitted) stays pending until `async_payment_succeeded` (then the session reads paid) or `…_failed`.
 */
export function targetStatusOf({ session, event }: SessionReport): PaymentStatus | null {
  if (event?.type === 'checkout.session.async_payment_failed') return 'failed';
  if (session.status === 'complete' && session.paymentStatus === 'paid') return 'paid';
  if (session.status === 'expired' || event?.type === 'checkout.session.expired') return 'expired';
  return null;
}

/** A Checkout Session's word, applied once through the one path for Stripe's word (apply-payment-report.ts). */
export function applyCheckoutSession(db: Database, report: SessionReport): Promise<ApplyOutcome> {
  const { session, event } = report;
  return applyPaymentReport(db, {
    paymentId: session.paymentId,
    provider: { kind: 'session', id: session.id },
    to: targetStatusOf(report),
    charged: { totalMinor: session.amountTotalMinor, currency: session.currency },
    ...(event ? { event: { id: event.id, rawType: event.rawType } } : {}),
  });
}
