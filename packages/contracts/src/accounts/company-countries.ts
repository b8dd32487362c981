/*
 * SPEC section 9, "Listed countries: EU/EEA plus the United Kingdom, Switzerland and Serbia", as ISO 3166-1 alpha-2
 * codes. A company of another country than Sweden is proven by its VAT number in the European Commission's VIES
 * (SPEC section 5), which knows only the EU's member states: the add-company wizard offers those, and names the
 * listed countries it cannot add yet and why.
 */

/** The 27 member states of the EU, whose VAT numbers VIES checks (Greece's under the prefix EL). */
export const euCountryCodes = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
] as const;

/** Listed countries outside the EU: the rest of the EEA, then the three SPEC section 9 names. */
export const nonEuListedCountryCodes = ['IS', 'LI', 'NO', 'GB', 'CH', 'RS'] as const;

export const listedCountryCodes: readonly string[] = [...euCountryCodes, ...nonEuListedCountryCodes];

/** Countries whose companies can be added with a VAT number: the EU's member states other than Sweden. */
export const foreignCompanyCountryCodes: readonly string[] = euCountryCodes.filter((code) => code !== 'SE');

/** The prefix of a country's VAT numbers in VIES: the ISO code, except Greece's EL. */
export function vatPrefixOf(countryCode: string): string {
  return countryCode === 'GR' ? 'EL' : countryCode;
}
