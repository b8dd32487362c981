import type { SignPayPaymentStatus } from '@signlink/contracts/sign-pay/sign-pay';
import type { CheckoutSession, PaymentEventType } from '@signlink/providers/payments/payments.port';
import type { Database, Transaction } from '../../db/database.ts';
import { recordPaymentEvent } from '../billing/payments.repository.ts';
import { appendDocumentEvent } from '../document-core/document-history.ts';
import { enqueueSignPayRefund } from './refund-sign-pay.job.ts';
import { enqueuePaymentRecord } from './seal-payment-record.job.ts';
import { type PaymentMessageDeps, sendPaymentMessage } from './send-payment-message.ts';
import {
  lockDocument,
  lockParty,
  lockSignPayPayment,
  type SignPayPaymentRow,
  setPartyPaid,
  updateSignPayPayment,
} from './sign-pay-payments.repository.ts';

/** What Stripe said about a Sign & Pay session: from a webhook (with its event) or from asking for it now. */
export interface SignPaySessionReport {
  session: CheckoutSession;
  event?: { id: string; type: PaymentEventType; rawType: string };
}

export type SignPayApplyOutcome =
  | { kind: 'replay' }
  | { kind: 'unknown' }
  | { kind: 'mismatch'; paymentId: string }
  | { kind: 'applied'; paymentId: string; from: SignPayPaymentStatus; to: SignPayPaymentStatus };

/** Where Stripe's word moves a payment still in play, or null to leave it. */
function targetOf({ session, event }: SignPaySessionReport): SignPayPaymentStatus | null {
  if (event?.type === 'checkout.session.async_payment_failed') return 'failed';
  if (session.status === 'complete' && session.paymentStatus === 'paid') return 'paid';
  // An async method (a bank debit) was submitted: it settles later, and Stripe says so by webhook.
  if (session.status === 'complete') return 'pending';
  // The payer left, or the session's time ran out: nothing can be paid on it any more.
  if (session.status === 'expired' || event?.type === 'checkout.session.expired') return 'cancelled';
  return null;
}

const isLive = (status: SignPayPaymentStatus) => status === 'open' || status === 'pending';

/** Our payment id, as our session names it: its reference, or the metadata we put on it. */
export function signPayPaymentIdOf(session: CheckoutSession): string | null {
  return session.metadata.signPayPaymentId ?? session.paymentId;
}

/**
 * The one path by which Stripe's word changes a Sign & Pay payment (webhook, the payer's status poll), in one
 * transaction: a replayed event stops at its recorded id, the payment is locked, and it only moves forward. With
 * the move to paid the party is marked paid and the document's history gets its `paid` event naming the amount,
 * VAT, currency, the provider's id and time; the sealed payment record is made by a job. A payment that arrives
 * after its document was withdrawn (or the slot was already paid) is refunded through Stripe by a job.
 */
export async function applySignPaySession(
  deps: { db: Database } & PaymentMessageDeps,
  report: SignPaySessionReport,
): Promise<SignPayApplyOutcome> {
  const { session, event } = report;
  const paymentId = signPayPaymentIdOf(session);
  return deps.db.transaction(async (tx) => {
    const payment = paymentId ? await lockSignPayPayment(tx, paymentId) : undefined;
    const isOurs = payment && (payment.providerSessionId === null || payment.providerSessionId === session.id);
    if (event) {
      const isNew = await recordPaymentEvent(tx, {
        id: event.id,
        type: event.rawType,
        paymentId: null,
        signPayPaymentId: isOurs ? payment.id : null,
      });
      if (!isNew) return { kind: 'replay' };
    }
    if (!payment || !isOurs) return { kind: 'unknown' };
    if (payment.providerSessionId === null)
      await updateSignPayPayment(tx, payment.id, { providerSessionId: session.id });
    const from = payment.status;
    const to = targetOf(report);
    if (!isLive(from) || to === null || to === from) return { kind: 'applied', paymentId: payment.id, from, to: from };
    if (to !== 'paid') {
      const ended = to === 'pending' ? {} : { endedAt: new Date() };
      await updateSignPayPayment(tx, payment.id, { status: to, ...ended });
      // The page told a pending payer they would be e-mailed.
      if (from === 'pending' && to === 'failed') {
        const document = await lockDocument(tx, payment.documentId);
        if (document) await sendPaymentMessage(deps, tx, { payment, document, outcome: 'failed' });
      }
      return { kind: 'applied', paymentId: payment.id, from, to };
    }
    if (session.amountTotalMinor !== payment.totalMinor || session.currency !== payment.currency) {
      return { kind: 'mismatch', paymentId: payment.id };
    }
    await markPaid(tx, deps, payment, session);
    return { kind: 'applied', paymentId: payment.id, from, to };
  });
}

async function markPaid(
  tx: Transaction,
  deps: PaymentMessageDeps,
  payment: SignPayPaymentRow,
  session: CheckoutSession,
) {
  const { queue } = deps;
  const at = new Date();
  const document = await lockDocument(tx, payment.documentId);
  const party = await lockParty(tx, payment.partyId);
  await updateSignPayPayment(tx, payment.id, {
    status: 'paid',
    paidAt: at,
    providerPaymentId: session.paymentIntentId,
  });
  const details = {
    partyId: payment.partyId,
    signatureIndex: payment.signatureIndex,
    partyName: party?.name ?? '',
    product: payment.productName,
    amountMinor: payment.totalMinor,
    netMinor: payment.netMinor,
    vatMinor: payment.vatMinor,
    vatPercent: payment.vatPercent,
    currency: payment.currency,
    provider: 'stripe',
    providerPaymentId: session.paymentIntentId,
    paidAt: at.toISOString(),
  };
  // Money that arrived for nothing goes back: the document was withdrawn, or the slot was paid by another checkout.
  if (!document || document.state === 'withdrawn' || document.state === 'expired' || party?.paidAt) {
    await appendDocumentEvent(tx, { documentId: payment.documentId, type: 'paid', data: details, at });
    await enqueueSignPayRefund(queue, tx, payment.id);
    return;
  }
  await setPartyPaid(tx, { partyId: payment.partyId, at });
  await appendDocumentEvent(tx, { documentId: payment.documentId, type: 'paid', data: details, at });
  // The sealed payment record follows the document's seal (issue 25, part 4); the job waits for the seal.
  await enqueuePaymentRecord(queue, tx, payment.id);
  await sendPaymentMessage(deps, tx, {
    payment,
    document,
    outcome: 'paid',
    providerPaymentId: session.paymentIntentId,
  });
}
