import type { ActivateAddOnRequest, ActivateAddOnResponse } from '@signlink/contracts/billing/add-on-catalogue';
import { addOnYearlyFees } from '@signlink/contracts/billing/price-list';
import { vatOf, vatPercentFor } from '@signlink/contracts/billing/vat';
import { PaymentsError } from '@signlink/providers/payments/payments.port';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { newId } from '../../lib/ids.ts';
import { authorize } from '../document-core/account.policy.ts';
import { listAccountAddOns } from './account-add-ons.repository.ts';
import { addOnPaymentDescription } from './add-on-names.ts';
import { addOnStateOf, nextAddOnPeriod } from './add-on-period.ts';
import { findPayingAccount, insertPayment, setPaymentSession, updatePaymentStatus } from './payments.repository.ts';
import { appErrorOfPayments, type TopUpDeps } from './start-top-up.ts';

/**
 * `POST linktinker/app/payments/addons/activate`: a year of one add-on, paid by card like a top-up (start-top-up.ts):
 * our payment row first, then Stripe's Checkout Session with the payment's id as reference and idempotency key. The
 * fee comes from the price list in the account's currency, VAT on top for Swedish customers. An add-on with more than
 * 30 days left is refused; in its last 30 days a purchase renews it, a year from its current end (fulfil-add-on.ts).
 * Any account may buy add-ons, personal or company: SPEC section 5 asks for a plan only for plans and templates.
 */
export async function startAddOnPurchase(
  deps: TopUpDeps,
  actor: Actor,
  input: { request: ActivateAddOnRequest; origin: string },
): Promise<ActivateAddOnResponse> {
  authorize(actor, 'balance.fund');
  const { provider, db } = deps;
  const { AddOnId: addOnId } = input.request;
  if (!provider) throw new AppError('SERVICE_UNAVAILABLE', { details: { reason: 'payments-not-configured' } });
  const account = await findPayingAccount(db, actor.accountId);
  // A session names an existing account (accounts are deleted with their sessions): a fault, not a caller's error.
  if (!account) throw new Error(`the session's account ${actor.accountId} is gone`);
  const now = new Date();
  const holding = (await listAccountAddOns(db, actor.accountId)).find((row) => row.addOnId === addOnId);
  const state = addOnStateOf(holding, now);
  if (!state.canBuy) {
    throw new AppError('ADD_ON_ALREADY_ACTIVE', {
      details: { addOnId, activeUntil: state.activeUntil?.toISOString() ?? null },
    });
  }
  const { currency } = account;
  const amountMinor = addOnYearlyFees[addOnId][currency];
  const vatPercent = vatPercentFor(account);
  const vatMinor = vatOf(amountMinor, vatPercent);
  // The year quoted now; delivery sets the one actually bought, from the add-on as it stands when paid.
  const period = nextAddOnPeriod(holding, now);
  const paymentId = newId('pay');
  const description = addOnPaymentDescription(addOnId);
  await insertPayment(db, {
    id: paymentId,
    accountId: actor.accountId,
    kind: 'add-on',
    productId: addOnId,
    periodStart: period.start,
    periodEnd: period.end,
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
      lines: [
        { name: description, unitAmountMinor: amountMinor, quantity: 1 },
        ...(vatMinor > 0 ? [{ name: `VAT ${vatPercent}%`, unitAmountMinor: vatMinor, quantity: 1 }] : []),
      ],
      paymentId,
      successUrl: `${input.origin}/#/paymentsuccess?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${input.origin}/#/paymentcancelled?session_id=${paymentId}`,
      metadata: { paymentId, accountId: actor.accountId, kind: 'add-on', productId: addOnId },
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
