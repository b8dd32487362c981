import type { CancelPricePlanResponse } from '@signlink/contracts/billing/price-plans';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { authorize } from '../document-core/account.policy.ts';
import { cancelDeadlineOf } from './plan-rules.ts';
import { findLivePlan, updatePlan } from './plans.repository.ts';
import { presentActivePlan } from './price-plans.presenter.ts';

/**
 * `POST linktinker/app/priceplans/cancel`: SPEC section 9, a plan is cancelled at least 30 days before its period
 * ends and stays usable until then; it is then not renewed. The row is locked, so two cancels answer once each way.
 */
export async function cancelPricePlan(
  db: Database,
  actor: Actor,
  input: { now?: Date } = {},
): Promise<CancelPricePlanResponse> {
  authorize(actor, 'balance.fund');
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const plan = await findLivePlan(tx, actor.accountId, { now, lock: true });
    if (!plan) throw new AppError('PRICE_PLAN_NOT_ACTIVE');
    if (plan.status === 'cancelled') throw new AppError('PRICE_PLAN_ALREADY_CANCELLED');
    const deadline = cancelDeadlineOf(plan);
    if (now.getTime() > deadline.getTime()) {
      throw new AppError('PRICE_PLAN_CANCEL_TOO_LATE', {
        details: { cancelBy: deadline.toISOString(), endsAt: plan.endsAt.toISOString() },
      });
    }
    const cancelled = await updatePlan(tx, plan.id, {
      status: 'cancelled',
      cancelledAt: now,
      cancelledBy: actor.userId,
    });
    return { Plan: presentActivePlan(cancelled, now) };
  });
}
