import type { Locale } from '@signlink/contracts/locales';

/**
 * An amount typed in major units, read as whole minor units by its digits, never through a float (0.29 * 100 is not
 * 29): Swedish writes the decimal comma, the other languages a point (SPEC section 5); spaces group thousands and are
 * ignored. Null for anything that is not such an amount, or that has more than two decimals.
 */
export function parseMoneyInput(typed: string, locale: Locale): number | null {
  const separator = locale === 'sv' ? ',' : '.';
  const compact = typed.replace(/[\s\u00a0\u202f]/g, '');
  const [whole = '', fraction = '', ...rest] = compact.split(separator);
  if (rest.length > 0 || !/^\d*$/.test(whole) || !/^\d{0,2}$/.test(fraction)) return null;
  if (whole === '' && fraction === '') return null;
  const minor = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(minor) ? minor : null;
}
