import { describe, expect, it } from 'vitest';
import { lowBalanceLevel } from './low-balance.ts';

describe('lowBalanceLevel (SPEC section 9)', () => {
  it('EUR: below 200 cent is -1, up to 400 cent 0, above it 1', () => {
    expect(lowBalanceLevel(0, 'EUR')).toBe(-1);
    expect(lowBalanceLevel(199, 'EUR')).toBe(-1);
    expect(lowBalanceLevel(200, 'EUR')).toBe(0);
    expect(lowBalanceLevel(400, 'EUR')).toBe(0);
    expect(lowBalanceLevel(401, 'EUR')).toBe(1);
  });

  it('SEK: below 25 kr is -1, up to 50 kr 0, above it 1', () => {
    expect(lowBalanceLevel(-500, 'SEK')).toBe(-1);
    expect(lowBalanceLevel(24_99, 'SEK')).toBe(-1);
    expect(lowBalanceLevel(25_00, 'SEK')).toBe(0);
    expect(lowBalanceLevel(50_00, 'SEK')).toBe(0);
    expect(lowBalanceLevel(50_01, 'SEK')).toBe(1);
    expect(lowBalanceLevel(125_00, 'SEK')).toBe(1);
  });
});
