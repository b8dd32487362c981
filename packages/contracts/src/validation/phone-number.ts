import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';

/** SPEC section 5, recipient SMS: the phone input's default country. */
export const defaultPhoneCountry = 'SE';

export type PhoneNumberResult = { isValid: true; e164: string } | { isValid: false };

/**
 * A mobile number in E.164, or invalid. SPEC section 5: a valid format, and no 0 after the country
 * code (`+46 070…` is a common mistake that libphonenumber would quietly repair; we refuse it so the
 * person sees and fixes it). National input (`070-123 45 67`) is read in the default country, where
 * the leading 0 is the trunk prefix and belongs there. Mobile metadata: texts cannot reach a landline.
 */
export function normalizePhoneNumber(input: string, defaultCountry = defaultPhoneCountry): PhoneNumberResult {
  const compact = input.replace(/[\s\-().]/g, '');
  if (!/^(\+|00)?\d{6,17}$/.test(compact)) return { isValid: false };
  const parsed = parsePhoneNumberFromString(
    compact,
    defaultCountry as Parameters<typeof parsePhoneNumberFromString>[1],
  );
  if (!parsed?.isValid()) return { isValid: false };
  const international = compact.startsWith('+') ? compact.slice(1) : compact.startsWith('00') ? compact.slice(2) : '';
  if (international?.slice(parsed.countryCallingCode.length).startsWith('0')) return { isValid: false };
  return { isValid: true, e164: parsed.number };
}

/** Shows an E.164 number with only its last digits, for SPEC section 3's `PhoneNumberMasked`. */
export function maskPhoneNumber(e164: string): string {
  const visible = 2;
  return `${e164.slice(0, 3)}${'*'.repeat(Math.max(0, e164.length - 3 - visible))}${e164.slice(-visible)}`;
}
