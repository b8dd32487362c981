import { describe, expect, it } from 'vitest';
import { formatAmount, formatMoney } from './format-amount.ts';

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

  it('adds the currency code', () => {
    expect(formatMoney(12_500, 'SEK', 'sv')).toBe('125,00 SEK');
  });
});
