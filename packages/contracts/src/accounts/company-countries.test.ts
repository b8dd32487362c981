import { describe, expect, it } from 'vitest';
import { VIES_COUNTRY_CODES } from '../validation/vat-number.ts';
import { foreignCompanyCountryCodes, listedCountryCodes, vatPrefixOf } from './company-countries.ts';

describe('company countries (SPEC section 9)', () => {
  it('lists the EU/EEA plus the United Kingdom, Switzerland and Serbia, each once', () => {
    expect(listedCountryCodes).toHaveLength(27 + 3 + 3);
    expect(new Set(listedCountryCodes).size).toBe(listedCountryCodes.length);
    expect(listedCountryCodes).toEqual(expect.arrayContaining(['SE', 'NO', 'IS', 'LI', 'GB', 'CH', 'RS']));
  });

  it('offers for a VAT number only countries VIES answers for, Sweden aside', () => {
    expect(foreignCompanyCountryCodes).toHaveLength(26);
    expect(foreignCompanyCountryCodes).not.toContain('SE');
    for (const code of foreignCompanyCountryCodes) expect(VIES_COUNTRY_CODES).toContain(vatPrefixOf(code));
    expect(vatPrefixOf('GR')).toBe('EL');
  });
});
