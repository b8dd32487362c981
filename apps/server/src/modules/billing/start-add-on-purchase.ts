import type { ActivateAddOnRequest, ActivateAddOnResponse } from '@signlink/contracts/billing/add-on-catalogue';
import { addOnYearlyFees } from '@signlink/contracts/billing/price-list';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { authorize } from '../document-core/account.policy.ts';
import { listAccountAddOns } from './account-add-ons.repository.ts';
import { addOnPaymentDescription } from './add-on-names.ts';
import { addOnStateOf, nextAddOnPeriod } from './add-on-period.ts';
import { type CheckoutDeps, findPayingAccountOrFail, startCheckoutPayment } from './start-checkout-payment.ts';

/**
 * `POST linktinker/app/payments/addons/activate`: a year of one add-on, paid by card through the same checkout as a
 * top-up. The fee comes from the price list in the account's currency, VAT on top for Swedish customers. An add-on
 * with more than 30 days left is refused; in its last 30 days a purchase renews it, a year from its current end
 * (fulfil-add-on.ts). Any account may buy add-ons, personal or company: SPEC section 5 asks for a plan only for plans
 * and templates.
 */
export async function startAddOnPurchase(
  deps: CheckoutDeps,
  actor: Actor,
  input: { request: ActivateAddOnRequest; origin: string },
): Promise<ActivateAddOnResponse> {
  authorize(actor, 'balance.fund');
  const { AddOnId: addOnId } = input.request;
  const account = await findPayingAccountOrFail(deps.db, actor.accountId);
  const now = new Date();
  const holding = (await listAccountAddOns(deps.db, actor.accountId)).find((row) => row.addOnId === addOnId);
  const state = addOnStateOf(holding, now);
  if (!state.canBuy) {
    throw new AppError('ADD_ON_ALREADY_ACTIVE', {
      details: { addOnId, activeUntil: state.activeUntil?.toISOString() ?? null },
    });
  }
  return startCheckoutPayment(deps, actor, {
    kind: 'add-on',
    amountMinor: addOnYearlyFees[addOnId][account.currency],
    currency: account.currency,
    vatAccount: account,
    description: addOnPaymentDescription(addOnId),
    productId: addOnId,
    // The year quoted now; delivery sets the one actually bought, from the add-on as it stands when paid.
    period: nextAddOnPeriod(holding, now),
    successUrl: `${input.origin}/#/paymentsuccess?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrlOf: (paymentId) => `${input.origin}/#/paymentcancelled?session_id=${paymentId}`,
  });
}
