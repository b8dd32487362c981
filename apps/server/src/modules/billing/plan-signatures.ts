import type { Database, Transaction } from '../../db/database.ts';
import { planYearOf } from './plan-year.ts';
import { findPlan, findStartedPlan, type PlanRow, updatePlan } from './plans.repository.ts';

/** Signatures the plan year `now` falls in has left (a lapsed year's count starts again at zero). */
export function signaturesLeftOf(plan: PlanRow, now: Date): number {
  return Math.max(0, plan.signaturesPerYear - planYearOf(plan, now).signaturesUsed);
}

/** What a quote may count on: the live plan's signatures left now (none without a plan). */
export async function findPlanSignaturesLeft(db: Database | Transaction, accountId: string, now: Date) {
  const plan = await findStartedPlan(db, accountId, { now });
  return plan ? signaturesLeftOf(plan, now) : 0;
}

/**
 * Sending's view of the plan: the live plan, its row locked until the caller's transaction ends (two sends cannot
 * both draw its last signature), and how many signatures its current year has left.
 */
export async function lockPlanForDraw(tx: Transaction, accountId: string, now: Date) {
  const plan = await findStartedPlan(tx, accountId, { now, lock: true });
  return plan ? { plan, left: signaturesLeftOf(plan, now) } : undefined;
}

/** Counts `count` signatures used in the current year, writing back the year when `now` rolled it on. */
export async function drawPlanSignatures(tx: Transaction, input: { plan: PlanRow; count: number; now: Date }) {
  const year = planYearOf(input.plan, input.now);
  if (input.count === 0 && !year.rolled) return;
  await updatePlan(tx, input.plan.id, {
    yearStartsAt: year.yearStartsAt,
    signaturesUsed: year.signaturesUsed + input.count,
  });
}

/**
 * SPEC section 9, "unused signatures lapse at the end" of the plan year: a signature drawn at `drawnAt` goes back to
 * its plan only while that plan is live and still in the year it was drawn in. Returns how many went back.
 */
export async function returnPlanSignatures(
  tx: Transaction,
  input: { planId: string; count: number; drawnAt: Date; now: Date },
): Promise<number> {
  const plan = await findPlan(tx, input.planId, { lock: true });
  if (!plan || (plan.status !== 'active' && plan.status !== 'cancelled')) return 0;
  if (plan.endsAt.getTime() <= input.now.getTime()) return 0;
  const year = planYearOf(plan, input.now);
  if (year.rolled || input.drawnAt.getTime() < plan.yearStartsAt.getTime()) return 0;
  const returned = Math.min(input.count, plan.signaturesUsed);
  if (returned > 0) await updatePlan(tx, plan.id, { signaturesUsed: plan.signaturesUsed - returned });
  return returned;
}
