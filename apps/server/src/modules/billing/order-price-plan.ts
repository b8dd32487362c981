import { type PricePlanId, pricePlans } from '@signlink/contracts/billing/price-list';
import type { OrderPricePlanResponse } from '@signlink/contracts/billing/price-plans';
import type { Actor } from '../../http/actor.ts';
import { addYearsUtc } from '../../lib/calendar.ts';
import { authorize } from '../document-core/account.policy.ts';
import { assertNoPlanNorOrder, closeOpenPlanCheckouts } from './plan-orders.ts';
import { assertCanHoldPlan } from './plan-rules.ts';
import { lockOrderingAccount } from './plans.repository.ts';
import {
  type CheckoutDeps,
  findPayingAccountOrFail,
  requireProvider,
  startCheckoutPayment,
} from './start-checkout-payment.ts';

/**
 * `POST linktinker/app/payments/priceplans/{id}/order`: a Checkout payment of the plan's yearly fee times the years,
 * VAT on top, priced from the price list in the account's currency. The plan starts when Stripe says paid
 * (start-paid-plan.ts), for the years ordered from then; the payment's period here is the term as ordered.
 */
export async function orderPricePlan(
  deps: CheckoutDeps,
  actor: Actor,
  input: { planId: PricePlanId; years: number; origin: string; now?: Date },
): Promise<OrderPricePlanResponse> {
  authorize(actor, 'balance.fund');
  const now = input.now ?? new Date();
  requireProvider(deps.provider);
  const account = await findPayingAccountOrFail(deps.db, actor.accountId);
  await closeOpenPlanCheckouts(deps, actor.accountId);
  const plan = pricePlans[input.planId];
  return startCheckoutPayment(deps, actor, {
    kind: 'price-plan',
    productId: input.planId,
    amountMinor: plan.yearlyFee[account.currency] * input.years,
    currency: account.currency,
    vatAccount: account,
    description: `Price plan ${input.planId}, ${input.years} ${input.years === 1 ? 'year' : 'years'}`,
    period: { start: now, end: addYearsUtc(now, input.years) },
    successUrl: `${input.origin}/#/subscriptionpaymentreturn?session_id={CHECKOUT_SESSION_ID}`,
    // As the top-up's: Stripe fills the session id into the success address only; sessions/{id} takes ours too.
    cancelUrlOf: (paymentId) => `${input.origin}/#/paymentcancelled?session_id=${paymentId}`,
    guard: async (tx, write) => {
      assertCanHoldPlan(await lockOrderingAccount(tx, actor.accountId));
      await assertNoPlanNorOrder(tx, actor.accountId, now);
      await write();
    },
  });
}
