import type { PaymentStatus } from '@signlink/contracts/billing/top-up';
import type { CheckoutSession, PaymentEventType } from '@signlink/providers/payments/payments.port';
import type { Database } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import { fulfilPaidPayment } from './fulfil-paid-payment.ts';
import {
  findPayingAccount,
  insertReceipt,
  lockPayment,
  type PaymentRow,
  recordPaymentEvent,
  setPaymentSession,
  updatePaymentStatus,
} from './payments.repository.ts';

/** What Stripe said, from a webhook (with its event) or from asking for the session now (a poll, reconciliation). */
export interface SessionReport {
  session: CheckoutSession;
  event?: { id: string; type: PaymentEventType; rawType: string };
}

export type ApplyOutcome =
  /** The event was seen before: nothing was read or changed. */
  | { kind: 'replay' }
  /** The session names no payment of ours (another integration's, or a test's). */
  | { kind: 'unknown' }
  /** Stripe's total or currency differs from ours: nothing is credited, and someone must look. */
  | { kind: 'mismatch'; paymentId: string }
  | { kind: 'applied'; paymentId: string; from: PaymentStatus; to: PaymentStatus };

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

const matchesCharge = (payment: PaymentRow, session: CheckoutSession) =>
  session.amountTotalMinor === payment.totalMinor && session.currency === payment.currency;

/**
 * The one path by which Stripe's word changes a payment, for the webhook, the return pages' poll and reconciliation
 * alike, in one transaction: the event's id is recorded (a replay stops here), the payment row is locked (a webhook
 * and a poll racing queue on it), and the payment only moves forward from pending; paid is final, so an `expired` or
 * `async_payment_failed` arriving after `paid` changes nothing. What was bought and the receipt are written with the move
 * to paid, so they happen once per payment.
 */
export async function applyCheckoutSession(db: Database, report: SessionReport): Promise<ApplyOutcome> {
  const { session, event } = report;
  const at = new Date();
  return db.transaction(async (tx) => {
    const paymentId = session.paymentId;
    const payment = paymentId ? await lockPayment(tx, paymentId) : undefined;
    // A session of another payment than the one its reference names is not ours to apply.
    const isOurs = payment && (payment.providerSessionId === null || payment.providerSessionId === session.id);
    if (event) {
      const isNew = await recordPaymentEvent(tx, {
        id: event.id,
        type: event.rawType,
        paymentId: isOurs ? payment.id : null,
      });
      if (!isNew) return { kind: 'replay' };
    }
    if (!payment || !isOurs) return { kind: 'unknown' };
    // The create call's answer may have been lost (a crash, a timeout) after Stripe made the session.
    if (payment.providerSessionId === null)
      await setPaymentSession(tx, { paymentId: payment.id, sessionId: session.id });
    const from = payment.status;
    const to = targetStatusOf(report);
    if (from !== 'pending' || to === null) return { kind: 'applied', paymentId: payment.id, from, to: from };
    if (to !== 'paid') {
      await updatePaymentStatus(tx, { paymentId: payment.id, status: to, endedAt: at });
      return { kind: 'applied', paymentId: payment.id, from, to };
    }
    if (!matchesCharge(payment, session)) return { kind: 'mismatch', paymentId: payment.id };
    await updatePaymentStatus(tx, { paymentId: payment.id, status: 'paid', paidAt: at });
    const period = await fulfilPaidPayment(tx, payment, at);
    const account = await findPayingAccount(tx, payment.accountId);
    await insertReceipt(tx, {
      id: newId('rcp'),
      accountId: payment.accountId,
      paymentId: payment.id,
      method: 'card',
      description: payment.description,
      subtotalMinor: payment.amountMinor,
      vatPercent: payment.vatPercent,
      vatMinor: payment.vatMinor,
      totalMinor: payment.totalMinor,
      currency: payment.currency,
      buyerName: account?.legalName ?? account?.name ?? '',
      paidAt: at,
      ...period,
    });
    return { kind: 'applied', paymentId: payment.id, from, to };
  });
}
