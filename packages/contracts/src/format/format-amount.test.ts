import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatMoney,
  formatMoneyForDisplay,
  formatSwedishVatBracket,
  withSwedishVat,
} from './format-amount.ts';

describe('formatAmount (SPEC section 5, display)', () => {
  it('divides by 100 with two decimals, comma for Swedish and point otherwise', () => {
    expect(formatAmount(12_550, 'sv')).toBe('125,50');
    expect(formatAmount(12_550, 'en-us')).toBe('125.50');
    expect(formatAmount(5, 'es')).toBe('0.05');
  });

  it('separates thousands by a space only past three digits', () => {
    expect(formatAmount(99_900, 'sv')).toBe('999,00');
    expect(formatAmount(123_456_789, 'sv')).toBe('1 234 567,89');
    expect(formatAmount(-100_000, 'en-us')).toBe('-1 000.00');
  });
});

describe('formatMoney', () => {
  it('adds the currency code in every language', () => {
    expect(formatMoney(12_500, 'SEK', 'sv')).toBe('125,00 SEK');
    expect(formatMoney(12_500, 'SEK', 'en-us')).toBe('125.00 SEK');
    expect(formatMoney(1_050, 'EUR', 'es')).toBe('10.50 EUR');
  });

  it('shows nothing as 0.00, a few öre with a leading zero, and a thousand with its space', () => {
    expect(formatMoney(0, 'SEK', 'sv')).toBe('0,00 SEK');
    expect(formatMoney(99, 'SEK', 'sv')).toBe('0,99 SEK');
    expect(formatMoney(100_000, 'SEK', 'sv')).toBe('1 000,00 SEK');
    expect(formatMoney(100_000, 'EUR', 'en-us')).toBe('1 000.00 EUR');
    expect(formatMoney(99_999, 'SEK', 'en-us')).toBe('999.99 SEK');
  });

  it('writes EUR with a Swedish comma in Swedish', () => {
    expect(formatMoney(123_456, 'EUR', 'sv')).toBe('1 234,56 EUR');
  });

  it('refuses a negative or fractional amount instead of showing a wrong figure', () => {
    expect(() => formatMoney(-1, 'SEK', 'sv')).toThrow(RangeError);
    expect(() => formatMoney(10.5, 'EUR', 'en-us')).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN, 'SEK', 'en-us')).toThrow(RangeError);
  });
});

describe('the Swedish bracket including VAT (SPEC sections 5 and 9)', () => {
  it('adds 25 % rounded to the öre', () => {
    expect(withSwedishVat(12_500)).toBe(15_625);
    expect(withSwedishVat(99)).toBe(124);
    expect(withSwedishVat(2)).toBe(3);
    expect(withSwedishVat(0)).toBe(0);
  });

  it('shows 1.25 times the value in kr with its label, for Swedish SEK only', () => {
    expect(formatSwedishVatBracket(12_500, 'SEK', 'sv')).toBe('(156,25 kr inkl. moms)');
    expect(formatSwedishVatBracket(100_000, 'SEK', 'sv')).toBe('(1 250,00 kr inkl. moms)');
    expect(formatSwedishVatBracket(0, 'SEK', 'sv')).toBe('(0,00 kr inkl. moms)');
    expect(formatSwedishVatBracket(12_500, 'SEK', 'en-us')).toBeNull();
    expect(formatSwedishVatBracket(12_500, 'SEK', 'es')).toBeNull();
    expect(formatSwedishVatBracket(12_500, 'EUR', 'sv')).toBeNull();
    expect(() => formatSwedishVatBracket(-100, 'SEK', 'sv')).toThrow(RangeError);
  });

  it('puts the bracket after the amount where it applies', () => {
    expect(formatMoneyForDisplay(80_000, 'SEK', 'sv')).toBe('800,00 SEK (1 000,00 kr inkl. moms)');
    expect(formatMoneyForDisplay(80_000, 'EUR', 'sv')).toBe('800,00 EUR');
    expect(formatMoneyForDisplay(80_000, 'SEK', 'en-us')).toBe('800.00 SEK');
  });
});
