import { describe, expect, it } from 'vitest';
import { addOnStateOf, nextAddOnPeriod } from './add-on-period.ts';

const now = new Date('2026-11-27T12:00:00.000Z');
const daysOn = (days: number) => new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
const held = (expiresAt: Date | null) => ({ activatedAt: new Date('2026-01-01T00:00:00.000Z'), expiresAt });

describe('addOnStateOf (SPEC section 3, Account "add-ons")', () => {
  it('is buyable when never had or lapsed, and again only in the last 30 days', () => {
    expect(addOnStateOf(undefined, now)).toEqual({ isActive: false, activeUntil: null, canBuy: true });
    expect(addOnStateOf(held(now), now)).toEqual({ isActive: false, activeUntil: null, canBuy: true });
    expect(addOnStateOf(held(daysOn(30)), now)).toEqual({ isActive: true, activeUntil: daysOn(30), canBuy: true });
    expect(addOnStateOf(held(daysOn(30.01)), now)).toMatchObject({ isActive: true, canBuy: false });
    expect(addOnStateOf(held(null), now)).toEqual({ isActive: true, activeUntil: null, canBuy: false });
  });
});

describe('nextAddOnPeriod', () => {
  it('runs a year from now, or from the current end when still active', () => {
    expect(nextAddOnPeriod(undefined, now)).toEqual({ start: now, end: new Date('2027-11-27T12:00:00.000Z') });
    expect(nextAddOnPeriod(held(daysOn(-1)), now).start).toEqual(now);
    expect(nextAddOnPeriod(held(daysOn(10)), now)).toEqual({
      start: daysOn(10),
      end: new Date('2027-12-07T12:00:00.000Z'),
    });
  });

  it('ends a year bought on 29 February on 28 February', () => {
    const leap = new Date('2028-02-29T08:00:00.000Z');
    expect(nextAddOnPeriod(undefined, leap).end).toEqual(new Date('2029-02-28T08:00:00.000Z'));
  });
});
