import { addYearsUtc } from '../../lib/calendar.ts';

/**
 * A plan's signatures are counted per plan year and lapse when the year ends (SPEC section 9). A year runs from
 * `yearStartsAt` for one calendar year (UTC), never past the term's `endsAt`. When `now` is past the stored year,
 * the year `now` falls in has used nothing yet: this says which year that is, for the draw (which writes it back)
 * and the renewal job alike.
 */
export interface PlanYearInput {
  startsAt: Date;
  endsAt: Date;
  yearStartsAt: Date;
  signaturesUsed: number;
}

export interface PlanYear {
  yearStartsAt: Date;
  yearEndsAt: Date;
  signaturesUsed: number;
  /** Whether this differs from the stored year, so the row needs writing. */
  rolled: boolean;
}

export function planYearOf(plan: PlanYearInput, now: Date): PlanYear {
  let yearStartsAt = plan.yearStartsAt;
  let yearEndsAt = addYearsUtc(yearStartsAt, 1);
  let rolled = false;
  while (now.getTime() >= yearEndsAt.getTime() && yearEndsAt.getTime() < plan.endsAt.getTime()) {
    yearStartsAt = yearEndsAt;
    yearEndsAt = addYearsUtc(yearStartsAt, 1);
    rolled = true;
  }
  return {
    yearStartsAt,
    yearEndsAt: yearEndsAt.getTime() > plan.endsAt.getTime() ? plan.endsAt : yearEndsAt,
    signaturesUsed: rolled ? 0 : plan.signaturesUsed,
    rolled,
  };
}
