import { z } from 'zod';

/*
 * EU VAT identification numbers as VIES knows them: a member-state prefix, then the national number. The prefixes
 * are VIES's own, not ISO 3166: Greece is EL, and Northern Ireland, which stays in the EU's VAT area for goods, is XI
 * (GB numbers left VIES with Brexit). The formats are those of the European Commission's table "VAT identification
 * number structure" in the VIES FAQ (reproduced e.g. at portal.kyckr.com/VATCheckHelp.aspx), where 9 is a digit, X a
 * letter or digit, S a letter, digit, '+' or '*', L a letter. Only the form is checked here, no check digits: whether
 * a well-formed number was issued, and to whom, only VIES can say.
 */

const NATIONAL_FORMATS: Readonly<Record<string, RegExp>> = {
  // U, then 8 digits.
  AT: /^U\d{8}$/,
  // 10 digits; the first was always 0 until Belgium started issuing numbers beginning with 1.
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  // X9999999X: letter or digit at both ends, never digits at both (that is a check below, not this pattern).
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  // A two-character key, then the 9-digit SIREN; the key's letters leave out I and O, which read as 1 and 0.
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  // 9S99999L (the old form) or 9999999WI (7 digits and one or two letters).
  IE: /^(?:\d[A-Z0-9+*]\d{5}[A-Z]|\d{7}[A-Z]{1,2})$/,
  IT: /^\d{11}$/,
  LT: /^(?:\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  // 9 digits, B, then a 2-digit branch number.
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  // The 10-digit organisation (or personal) number, then 01.
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  // The United Kingdom's formats: 9 or 12 digits, GD999 for government departments, HA999 for health authorities.
  XI: /^(?:\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

/** The prefixes VIES answers for: the 27 member states (Greece as EL) and Northern Ireland (XI). */
export const VIES_COUNTRY_CODES: readonly string[] = Object.keys(NATIONAL_FORMATS);

export interface VatNumber {
  /** VIES's prefix, e.g. `SE`, `EL`, `XI`. */
  countryCode: string;
  /** The national part, upper case, without separators, e.g. `556016068001`. */
  number: string;
}

// What people put between the groups of a VAT number, as printed on invoices and letterheads.
const SEPARATORS = /[\s.-]/g;

/** The prefix and national number, or undefined when the prefix is not VIES's or the number not that country's form. */
export function parseVatNumber(input: string): VatNumber | undefined {
  const compact = input.replace(SEPARATORS, '').toUpperCase();
  const countryCode = compact.slice(0, 2);
  const number = compact.slice(2);
  const format = NATIONAL_FORMATS[countryCode];
  if (!format?.test(number)) return undefined;
  if (countryCode === 'ES' && /^\d{9}$/.test(number)) return undefined;
  return { countryCode, number };
}

/** The compact form VIES and invoices use, e.g. `SE556016068001`. */
export function formatVatNumber(vatNumber: VatNumber): string {
  return `${vatNumber.countryCode}${vatNumber.number}`;
}

/** A Swedish company's VAT number: Skatteverket adds 01 to the 10-digit organisation number. */
export function swedishVatNumberOf(orgNumber: string): string {
  if (!/^\d{10}$/.test(orgNumber))
    throw new RangeError('swedishVatNumberOf: the organisation number must be 10 digits');
  return `SE${orgNumber}01`;
}

/** A VAT number in any accepted form, turned into its compact form. */
export const ZVatNumber = z.string().transform((input, ctx) => {
  const parsed = parseVatNumber(input);
  if (parsed === undefined) {
    ctx.addIssue({ code: 'custom', message: 'a VAT number' });
    return z.NEVER;
  }
  return formatVatNumber(parsed);
});
/** A VAT number as ZVatNumber leaves it: checked and written the one way (formatVatNumber). */
export type FormattedVatNumber = z.infer<typeof ZVatNumber>;
