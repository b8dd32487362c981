import type { PaymentSession } from '@signlink/contracts/billing/top-up';
import type { PaymentsProvider } from '@signlink/providers/payments/payments.port';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { authorize } from '../document-core/account.policy.ts';
import { applyCheckoutSession } from './apply-checkout-session.ts';
import { readBalance } from './balance-ledger.ts';
import { findPaymentBySessionOrId, findReceiptOfPayment } from './payments.repository.ts';
import { appErrorOfPayments } from './start-checkout-payment.ts';

/**
 * `GET linktinker/app/sessions/{id}`, which the return pages poll: the payment as Stripe knows it now, applied
 * through the same path as its webhook (a return that beats the webhook, or a webhook that never comes, still
 * credits, once). `id` is Stripe's session id, or our payment id (the cancel address carries that one). Another
 * account's payment is not found.
 */
export async function findPaymentSession(
  deps: { db: Database; provider: PaymentsProvider | undefined },
  actor: Actor,
  id: string,
): Promise<PaymentSession> {
  authorize(actor, 'balance.fund');
  const { db, provider } = deps;
  const found = await findPaymentBySessionOrId(db, id);
  if (!found || found.accountId !== actor.accountId) throw new AppError('NOT_FOUND');
  if (found.status === 'pending' && found.providerSessionId && provider) {
    try {
      const session = await provider.retrieveCheckoutSession(found.providerSessionId);
      await applyCheckoutSession(db, { session });
    } catch (error) {
      throw appErrorOfPayments(error);
    }
  }
  const payment = (await findPaymentBySessionOrId(db, found.id)) ?? found;
  const receipt = payment.status === 'paid' ? await findReceiptOfPayment(db, payment.id) : undefined;
  // From the ledger, as the balance screen reads it: lapsed gift-card credit counts for nothing.
  const balance = await readBalance(db, payment.accountId);
  return {
    Status: payment.status,
    Kind: payment.kind,
    ...(payment.productId ? { ProductId: payment.productId } : {}),
    Amount: payment.amountMinor,
    Vat: payment.vatMinor,
    Total: payment.totalMinor,
    Currency: payment.currency,
    ...(receipt ? { ReceiptId: receipt.id } : {}),
    TotalBalance: balance.totalMinor,
  };
}
