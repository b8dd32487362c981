import { describe, expect, it } from 'vitest';
import { parseMoneyInput } from './parse-money-input.ts';

describe('parseMoneyInput (SPEC section 5: a comma for Swedish, a point otherwise)', () => {
  it.each([
    ['500', 'sv', 500_00],
    ['0,29', 'sv', 29],
    ['1 234,5', 'sv', 1_234_50],
    ['12,', 'sv', 12_00],
    [',05', 'sv', 5],
    ['0.29', 'en-us', 29],
    ['1.1', 'es', 1_10],
    ['19999.99', 'en-us', 19_999_99],
  ] as const)('reads %s in %s as %i minor units', (typed, locale, minor) => {
    expect(parseMoneyInput(typed, locale)).toBe(minor);
  });

  it.each([
    ['12.50', 'sv'],
    ['12,50', 'en-us'],
    ['1,234.50', 'en-us'],
    ['1.234', 'en-us'],
    ['-5', 'en-us'],
    ['', 'en-us'],
    ['.', 'en-us'],
    ['5e3', 'en-us'],
    ['abc', 'sv'],
  ] as const)('refuses %s in %s', (typed, locale) => {
    expect(parseMoneyInput(typed, locale)).toBeNull();
  });
});
