import type { Currency } from '../constants.ts';
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

/**
 * An amount of money with its currency code, e.g. `1 234,50 SEK`, in every language. The code and not "kr": SPEC
 * section 5 keeps "kr" for the Swedish bracket of the price including VAT (formatSwedishVatBracket), so the two amounts
 * side by side stay told apart. Money here is never negative (balances, prices, credits and fees), so a negative or
 * fractional amount is a bug upstream and throws rather than showing a wrong figure.
 */
export function formatMoney(minor: number, currency: Currency, locale: Locale): string {
  if (!Number.isSafeInteger(minor) || minor < 0) {
    throw new RangeError(`money is whole non-negative minor units, not ${minor}`);
  }
  return `${formatAmount(minor, locale)} ${currency}`;
}

/** Swedish VAT, SPEC section 9: 25 %. */
export const swedishVatRate = 0.25;

/** The amount with Swedish VAT on top, rounded to the nearest öre (a half rounds up). */
export function withSwedishVat(minor: number): number {
  return Math.round(minor * (1 + swedishVatRate));
}

/**
 * SPEC section 5, display: for Swedish, SEK amounts carry 1.25 times the value in brackets, in kr, labelled as
 * including VAT: `(156,25 kr inkl. moms)`. Null where no bracket is shown (another language, or EUR). Only ever
 * Swedish, so its label is written here rather than translated.
 */
export function formatSwedishVatBracket(minor: number, currency: Currency, locale: Locale): string | null {
  if (locale !== 'sv' || currency !== 'SEK') return null;
  if (!Number.isSafeInteger(minor) || minor < 0) {
    throw new RangeError(`money is whole non-negative minor units, not ${minor}`);
  }
  return `(${formatAmount(withSwedishVat(minor), 'sv')} kr inkl. moms)`;
}

/** An amount as SPEC section 5 shows it: the money, and for Swedish SEK the bracket including VAT. */
export function formatMoneyForDisplay(minor: number, currency: Currency, locale: Locale): string {
  const bracket = formatSwedishVatBracket(minor, currency, locale);
  const money = formatMoney(minor, currency, locale);
  return bracket ? `${money} ${bracket}` : money;
}
