import type { PaymentsProvider } from '@signlink/providers/payments/payments.port';
import type { Database } from '../../db/database.ts';
import { requireProvider } from '../billing/start-checkout-payment.ts';
import { appendDocumentEvent } from '../document-core/document-history.ts';
import { findSignPayPayment, lockSignPayPayment, updateSignPayPayment } from './sign-pay-payments.repository.ts';

/**
 * Refunds a paid Sign & Pay payment in full on the owner's connected account, and records it: the payment becomes
 * refunded and the document's history says so. Stripe's idempotency key is the payment's, so a retried job (after a
 * crash between Stripe's answer and our write) gets the same refund back rather than a second one.
 */
export async function refundSignPayPayment(
  deps: { db: Database; provider: PaymentsProvider | undefined },
  signPayPaymentId: string,
): Promise<'refunded' | 'nothing-to-refund'> {
  const payment = await findSignPayPayment(deps.db, signPayPaymentId);
  if (payment?.status !== 'paid' || !payment.providerPaymentId) return 'nothing-to-refund';
  const refund = await requireProvider(deps.provider).createRefund({
    paymentIntentId: payment.providerPaymentId,
    connectedAccountId: payment.connectedAccountId,
    metadata: { signPayPaymentId: payment.id, documentId: payment.documentId },
    idempotencyKey: `refund-${payment.id}`,
  });
  return deps.db.transaction(async (tx) => {
    const locked = await lockSignPayPayment(tx, signPayPaymentId);
    if (locked?.status !== 'paid') return 'nothing-to-refund';
    const at = new Date();
    await updateSignPayPayment(tx, payment.id, { status: 'refunded', refundedAt: at, providerRefundId: refund.id });
    await appendDocumentEvent(tx, {
      documentId: payment.documentId,
      type: 'payment-refunded',
      data: {
        partyId: payment.partyId,
        signatureIndex: payment.signatureIndex,
        amountMinor: payment.totalMinor,
        currency: payment.currency,
        provider: 'stripe',
        providerPaymentId: payment.providerPaymentId,
        providerRefundId: refund.id,
      },
      at,
    });
    return 'refunded';
  });
}
