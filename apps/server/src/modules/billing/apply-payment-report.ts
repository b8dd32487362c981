import type { PaymentStatus } from '@signlink/contracts/billing/top-up';
import type { PaymentCurrency } from '@signlink/providers/payments/payments.port';
import type { Database, Transaction } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import { fulfilPaidPayment, type PaidPeriod } from './fulfil-paid-payment.ts';
import {
  findPayingAccount,
  insertReceipt,
  lockPayment,
  type PaymentRow,
  recordPaymentEvent,
  setPaymentProviderId,
  updatePaymentStatus,
} from './payments.repository.ts';
import { findPlanOfPayment } from './plan-renewals.repository.ts';

/**
 * What Stripe said about one of its objects that charges a payment of ours: a Checkout Session or an invoice,
 * reduced to what decides the payment (apply-checkout-session.ts, apply-stripe-invoice.ts make it).
 */
export interface PaymentReport {
  /** Our payment id, as Stripe's object names it (`client_reference_id`, or the invoice's metadata). */
  paymentId: string | null;
  /** Stripe's object, and so which of our columns keeps its id. */
  provider: { kind: 'session' | 'invoice'; id: string };
  /** Where Stripe's word moves a pending payment, or null to leave it pending. */
  to: PaymentStatus | null;
  charged: { totalMinor: number; currency: PaymentCurrency };
  event?: { id: string; rawType: string };
}

export type ApplyOutcome =
  /** The event was seen before: nothing was read or changed. */
  | { kind: 'replay' }
  /** The object names no payment of ours (another integration's, or a test's). */
  | { kind: 'unknown' }
  /** Stripe's total or currency differs from ours: nothing is credited, and someone must look. */
  | { kind: 'mismatch'; paymentId: string }
  | { kind: 'applied'; paymentId: string; from: PaymentStatus; to: PaymentStatus };

const providerIdOf = (payment: PaymentRow, kind: PaymentReport['provider']['kind']) =>
  kind === 'session' ? payment.providerSessionId : payment.providerInvoiceId;

/**
 * A renewal's plan is already running (the renewal job made it active), so its payment delivers only the receipt's
 * period; whether it renews is the renewed plan's status now.
 */
async function deliverPaidPayment(tx: Transaction, payment: PaymentRow, at: Date): Promise<PaidPeriod> {
  if (!payment.isRenewal) return fulfilPaidPayment(tx, payment, at);
  const plan = await findPlanOfPayment(tx, payment.id);
  return { periodStart: payment.periodStart, periodEnd: payment.periodEnd, renews: plan?.status === 'active' };
}

/**
 * The one path by which Stripe's word changes a payment, for webhooks, the return pages' poll and reconciliation
 * alike, in one transaction: the event's id is recorded (a replay stops here), the payment row is locked (a webhook
 * and a poll racing queue on it), and the payment only moves forward from pending; paid is final, so a late
 * `expired` or failure changes nothing. What was bought and the receipt are written with the move to paid, so they
 * happen once per payment.
 */
export async function applyPaymentReport(db: Database, report: PaymentReport): Promise<ApplyOutcome> {
  const { event, provider } = report;
  const at = new Date();
  return db.transaction(async (tx) => {
    const payment = report.paymentId ? await lockPayment(tx, report.paymentId) : undefined;
    // An object of another payment than the one its reference names is not ours to apply.
    const knownId = payment ? providerIdOf(payment, provider.kind) : undefined;
    const isOurs = payment && (knownId === null || knownId === provider.id);
    if (event) {
      const isNew = await recordPaymentEvent(tx, {
        id: event.id,
        type: event.rawType,
        paymentId: isOurs ? payment.id : null,
      });
      if (!isNew) return { kind: 'replay' };
    }
    if (!payment || !isOurs) return { kind: 'unknown' };
    // The create call's answer may have been lost (a crash, a timeout) after Stripe made the object.
    if (knownId === null) await setPaymentProviderId(tx, { paymentId: payment.id, ...provider });
    const from = payment.status;
    const { to } = report;
    if (from !== 'pending' || to === null) return { kind: 'applied', paymentId: payment.id, from, to: from };
    if (to !== 'paid') {
      await updatePaymentStatus(tx, { paymentId: payment.id, status: to, endedAt: at });
      return { kind: 'applied', paymentId: payment.id, from, to };
    }
    const { charged } = report;
    if (charged.totalMinor !== payment.totalMinor || charged.currency !== payment.currency) {
      return { kind: 'mismatch', paymentId: payment.id };
    }
    await updatePaymentStatus(tx, { paymentId: payment.id, status: 'paid', paidAt: at });
    const period = await deliverPaidPayment(tx, payment, at);
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
