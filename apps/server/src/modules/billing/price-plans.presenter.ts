import type { ActivePricePlan } from '@signlink/contracts/billing/price-plans';
import { cancelDeadlineOf } from './plan-rules.ts';
import { planYearOf } from './plan-year.ts';
import type { PlanRow } from './plans.repository.ts';

/** A live plan as the contract shows it, with the plan year `now` falls in (a lapsed year has used nothing). */
export function presentActivePlan(plan: PlanRow, now: Date): ActivePricePlan {
  const year = planYearOf(plan, now);
  const isCancelled = plan.status === 'cancelled';
  return {
    PricePlanId: plan.planId,
    Status: isCancelled ? 'cancelled' : 'active',
    Years: plan.years,
    StartDate: plan.startsAt.toISOString(),
    EndDate: plan.endsAt.toISOString(),
    YearEndDate: year.yearEndsAt.toISOString(),
    SignaturesPerYear: plan.signaturesPerYear,
    SignaturesUsed: year.signaturesUsed,
    PaymentMethod: plan.paymentMethod,
    Renews: !isCancelled,
    CancelBy: isCancelled ? null : cancelDeadlineOf(plan).toISOString(),
  };
}
