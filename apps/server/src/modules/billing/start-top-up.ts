import { topUpProducts } from '@signlink/contracts/billing/price-list';
import type { StartTopUpRequest, StartTopUpResponse } from '@signlink/contracts/billing/top-up';
import { type Currency, money } from '@signlink/contracts/constants';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { authorize } from '../document-core/account.policy.ts';
import { type CheckoutDeps, findPayingAccountOrFail, startCheckoutPayment } from './start-checkout-payment.ts';

export type TopUpDeps = CheckoutDeps;

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
 * `POST linktinker/app/balance/payments`: a Checkout payment of the amount; amount, VAT and currency come from the
 * price list and the account, never the client. The balance moves only once Stripe says paid.
 */
export async function startTopUp(
  deps: TopUpDeps,
  actor: Actor,
  input: { request: StartTopUpRequest; origin: string },
): Promise<StartTopUpResponse> {
  authorize(actor, 'balance.fund');
  if (!deps.provider) throw new AppError('SERVICE_UNAVAILABLE', { details: { reason: 'payments-not-configured' } });
  const account = await findPayingAccountOrFail(deps.db, actor.accountId);
  const { currency } = account;
  return startCheckoutPayment(deps, actor, {
    kind: 'top-up',
    amountMinor: topUpAmountOf(input.request, currency),
    currency,
    vatAccount: account,
    description: 'Balance top-up',
    successUrl: `${input.origin}/#/paymentsuccess?session_id={CHECKOUT_SESSION_ID}`,
    // Stripe fills the session id into the success address only; sessions/{id} also takes our payment id.
    cancelUrlOf: (paymentId) => `${input.origin}/#/paymentcancelled?session_id=${paymentId}`,
  });
}
