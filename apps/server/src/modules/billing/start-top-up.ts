import { topUpProducts } from '@signlink/contracts/billing/price-list';
import type { StartTopUpRequest, StartTopUpResponse } from '@signlink/contracts/billing/top-up';
import { vatOf, vatPercentFor } from '@signlink/contracts/billing/vat';
import { type Currency, money } from '@signlink/contracts/constants';
import { PaymentsError, type PaymentsProvider } from '@signlink/providers/payments/payments.port';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { newId } from '../../lib/ids.ts';
import { authorize } from '../document-core/account.policy.ts';
import { findPayingAccount, insertPayment, setPaymentSession, updatePaymentStatus } from './payments.repository.ts';

export interface TopUpDeps {
  db: Database;
  provider: PaymentsProvider | undefined;
}

/** A payments call that failed: Stripe may answer next time (503), or it refused what we sent (our fault, 500). */
export function appErrorOfPayments(error: unknown): unknown {
  if (!(error instanceof PaymentsError)) return error;
  return new AppError(error.isTransient ? 'SERVICE_UNAVAILABLE' : 'SERVER_ERROR', {
    cause: error,
    details: { provider: 'stripe', code: error.providerCode },
  });
}

/** The amount excluding VAT: a product's from the price list, or a custom one within DECISIONS "top-up". */
export function topUpAmountOf(request: StartTopUpRequest, currency: Currency): number {
  if ('ProductId' in request) return topUpProducts[request.ProductId][currency];
  const { min, max } = money.topUp[currency];
  if (request.Amount < min || request.Amount > max) {
    throw new AppError('TOP_UP_AMOUNT_OUT_OF_RANGE', { details: { min, max, currency } });
  }
  return request.Amount;
}

/**
 * `POST linktinker/app/balance/payments`: our payment row first, then Stripe's Checkout Session with the payment's
 * id as its reference and idempotency key (a retried create never makes a second session). Amount, VAT and currency
 * come from the price list and the account, never the client. The balance moves only once Stripe says paid.
 */
export async function startTopUp(
  deps: TopUpDeps,
  actor: Actor,
  input: { request: StartTopUpRequest; origin: string },
): Promise<StartTopUpResponse> {
  authorize(actor, 'balance.fund');
  const { provider, db } = deps;
  if (!provider) throw new AppError('SERVICE_UNAVAILABLE', { details: { reason: 'payments-not-configured' } });
  const account = await findPayingAccount(db, actor.accountId);
  // A session names an existing account (accounts are deleted with their sessions): a fault, not a caller's error.
  if (!account) throw new Error(`the session's account ${actor.accountId} is gone`);
  const { currency } = account;
  const amountMinor = topUpAmountOf(input.request, currency);
  const vatPercent = vatPercentFor(account);
  const vatMinor = vatOf(amountMinor, vatPercent);
  const paymentId = newId('pay');
  const description = 'Balance top-up';
  await insertPayment(db, {
    id: paymentId,
    accountId: actor.accountId,
    kind: 'top-up',
    amountMinor,
    vatPercent,
    vatMinor,
    totalMinor: amountMinor + vatMinor,
    currency,
    description,
    createdBy: actor.userId,
  });
  try {
    const session = await provider.createCheckoutSession({
      currency,
      // Our VAT is computed here and sent as its own line, so Stripe's total is exactly ours.
      lines: [
        { name: description, unitAmountMinor: amountMinor, quantity: 1 },
        ...(vatMinor > 0 ? [{ name: `VAT ${vatPercent}%`, unitAmountMinor: vatMinor, quantity: 1 }] : []),
      ],
      paymentId,
      successUrl: `${input.origin}/#/paymentsuccess?session_id={CHECKOUT_SESSION_ID}`,
      // Stripe fills the session id into the success address only; sessions/{id} also takes our payment id.
      cancelUrl: `${input.origin}/#/paymentcancelled?session_id=${paymentId}`,
      metadata: { paymentId, accountId: actor.accountId, kind: 'top-up' },
      idempotencyKey: paymentId,
    });
    await setPaymentSession(db, { paymentId, sessionId: session.id });
    return { PaymentId: paymentId, SessionId: session.id, Url: session.url ?? '' };
  } catch (error) {
    // No session was made, so nothing can ever pay this one: it must not wait for reconciliation forever.
    if (error instanceof PaymentsError) {
      await db.transaction((tx) => updatePaymentStatus(tx, { paymentId, status: 'failed', endedAt: new Date() }));
    }
    throw appErrorOfPayments(error);
  }
}
