import { PaymentsError } from '@signlink/providers/payments/payments.port';
import type { Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { applyCheckoutSession } from './apply-checkout-session.ts';
import { findLivePlan, listPendingPlanPayments } from './plans.repository.ts';
import { appErrorOfPayments, type CheckoutDeps, requireProvider } from './start-checkout-payment.ts';

/** How long a plan payment without a session yet is taken for an order still being made, not a crashed one. */
const sessionlessGraceMs = 10 * 60 * 1000;

/**
 * One open plan checkout per account, so two card orders cannot both be paid (the table holds one live plan per
 * account). A new order first ends the account's open plan checkouts: Stripe's expire call, applied like any other
 * word from Stripe. One that was paid meanwhile cannot be expired: it is applied instead (the plan starts), and the
 * new order is then refused as already active, so nothing paid is lost.
 */
export async function closeOpenPlanCheckouts(deps: CheckoutDeps, accountId: string) {
  const pending = await listPendingPlanPayments(deps.db, accountId);
  if (pending.length === 0) return;
  const provider = requireProvider(deps.provider);
  for (const payment of pending) {
    if (!payment.providerSessionId) continue;
    try {
      const session = await provider.expireCheckoutSession(payment.providerSessionId);
      await applyCheckoutSession(deps.db, { session });
    } catch (error) {
      if (!(error instanceof PaymentsError) || error.isTransient) throw appErrorOfPayments(error);
      // Refused: the session is complete (paid, or paid later by an async method). Apply what Stripe says now.
      const session = await provider.retrieveCheckoutSession(payment.providerSessionId).catch((cause: unknown) => {
        throw appErrorOfPayments(cause);
      });
      await applyCheckoutSession(deps.db, { session });
    }
  }
}

/**
 * In the ordering transaction, the account row locked: no live plan, and no other plan order in flight (a paid-but-
 * not-yet-applied checkout, or one another request is making this moment).
 */
export async function assertNoPlanNorOrder(tx: Transaction, accountId: string, now: Date) {
  const live = await findLivePlan(tx, accountId, { now });
  if (live) throw new AppError('PRICE_PLAN_ALREADY_ACTIVE', { details: { pricePlanId: live.planId } });
  const pending = await listPendingPlanPayments(tx, accountId);
  const inFlight = pending.filter(
    (payment) => payment.providerSessionId !== null || now.getTime() - payment.createdAt.getTime() < sessionlessGraceMs,
  );
  if (inFlight.length > 0) {
    throw new AppError('PRICE_PLAN_ALREADY_ACTIVE', {
      details: { reason: 'order-pending', paymentId: inFlight[0]?.id },
    });
  }
}
