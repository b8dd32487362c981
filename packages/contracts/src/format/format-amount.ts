import type { Locale } from '../locales.ts';

/**
 * SPEC section 5, display: value/100 with two decimals, a comma for Swedish and a point otherwise,
 * thousands separated by a space once the whole part is longer than three digits.
 */
export function formatAmount(minor: number, locale: Locale): string {
  const sign = minor < 0 ? '-' : '';
  const absolute = Math.abs(Math.trunc(minor));
  const whole = Math.floor(absolute / 100).toString();
  const cents = (absolute % 100).toString().padStart(2, '0');
  const grouped = whole.length > 3 ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ') : whole;
  return `${sign}${grouped}${locale === 'sv' ? ',' : '.'}${cents}`;
}

/** An amount with its currency code, e.g. `1 234,50 SEK`. */
export function formatMoney(minor: number, currency: string, locale: Locale): string {
  return `${formatAmount(minor, locale)} ${currency}`;
}
