import { describe, expect, it } from 'vitest';
import { addYearsUtc } from '../../lib/calendar.ts';
import { planYearOf } from './plan-year.ts';

const at = (iso: string) => new Date(iso);

describe('plan years (SPEC section 9: unused signatures lapse at period end)', () => {
  const threeYears = {
    startsAt: at('2026-01-15T00:00:00Z'),
    endsAt: at('2029-01-15T00:00:00Z'),
    yearStartsAt: at('2026-01-15T00:00:00Z'),
    signaturesUsed: 42,
  };

  it('keeps the stored year and its count while now is inside it', () => {
    const year = planYearOf(threeYears, at('2026-12-31T23:59:59Z'));
    expect(year).toEqual({
      yearStartsAt: at('2026-01-15T00:00:00Z'),
      yearEndsAt: at('2027-01-15T00:00:00Z'),
      signaturesUsed: 42,
      rolled: false,
    });
  });

  it('starts a fresh year with nothing used once the year has ended, skipping years nobody used', () => {
    expect(planYearOf(threeYears, at('2027-01-15T00:00:00Z'))).toMatchObject({
      yearStartsAt: at('2027-01-15T00:00:00Z'),
      signaturesUsed: 0,
      rolled: true,
    });
    expect(planYearOf(threeYears, at('2028-06-01T00:00:00Z'))).toMatchObject({
      yearStartsAt: at('2028-01-15T00:00:00Z'),
      yearEndsAt: at('2029-01-15T00:00:00Z'),
    });
  });

  it('never runs a year past the end of the term', () => {
    const year = planYearOf(threeYears, at('2030-01-01T00:00:00Z'));
    expect(year.yearStartsAt).toEqual(at('2028-01-15T00:00:00Z'));
    expect(year.yearEndsAt).toEqual(at('2029-01-15T00:00:00Z'));
  });

  it('adds a year to 29 February as 28 February', () => {
    expect(addYearsUtc(at('2028-02-29T12:00:00Z'), 1)).toEqual(at('2029-02-28T12:00:00Z'));
  });
});
