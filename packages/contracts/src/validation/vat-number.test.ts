import { describe, expect, it } from 'vitest';
import { formatVatNumber, parseVatNumber, swedishVatNumberOf, VIES_COUNTRY_CODES, ZVatNumber } from './vat-number.ts';

/** Per prefix: numbers of that country's form, and numbers one step off it. */
const examples: Record<string, { valid: string[]; invalid: string[] }> = {
  AT: { valid: ['U12345678'], invalid: ['12345678', 'U1234567', 'X12345678'] },
  BE: { valid: ['0123456789', '1234567890'], invalid: ['123456789', '2123456789', '01234567890'] },
  BG: { valid: ['123456789', '1234567890'], invalid: ['12345678', '12345678901'] },
  CY: { valid: ['12345678L'], invalid: ['123456789', '1234567L', 'L12345678'] },
  CZ: { valid: ['12345678', '123456789', '1234567890'], invalid: ['1234567', '12345678901'] },
  DE: { valid: ['123456789'], invalid: ['12345678', '1234567890', '12345678A'] },
  DK: { valid: ['12345678'], invalid: ['1234567', '123456789'] },
  EE: { valid: ['100931558'], invalid: ['10093155', '1009315580'] },
  EL: { valid: ['094014201'], invalid: ['09401420', '0940142011'] },
  ES: {
    valid: ['A12345674', '12345678Z', 'X1234567L', 'B1234567A'],
    invalid: ['123456789', 'A1234567', 'AB1234567', '1234567890'],
  },
  FI: { valid: ['12345671'], invalid: ['1234567', '123456789'] },
  FR: {
    valid: ['40303265045', 'K7399859412', '4Z123456789', 'AB123456789'],
    invalid: ['0330326504', 'IO123456789', '40303265045A', 'AB12345678'],
  },
  HR: { valid: ['12345678901'], invalid: ['1234567890', '123456789012'] },
  HU: { valid: ['12345678'], invalid: ['1234567', '123456789'] },
  IE: {
    valid: ['6388047V', '8Z49289F', '1234567T', '1234567FA', '1+23456X'],
    invalid: ['123456T', '12345678', '1234567', 'A234567T'],
  },
  IT: { valid: ['00950501007'], invalid: ['0095050100', '009505010071'] },
  LT: { valid: ['123456789', '123456789012'], invalid: ['12345678', '1234567890', '12345678901'] },
  LU: { valid: ['12345678'], invalid: ['1234567', '123456789'] },
  LV: { valid: ['12345678901'], invalid: ['1234567890', '123456789012'] },
  MT: { valid: ['12345678'], invalid: ['1234567', '123456789'] },
  NL: { valid: ['123456789B01'], invalid: ['123456789', '123456789A01', '123456789B1', '12345678B01'] },
  PL: { valid: ['1234567890'], invalid: ['123456789', '12345678901'] },
  PT: { valid: ['123456789'], invalid: ['12345678', '1234567890'] },
  RO: { valid: ['18', '1234567890'], invalid: ['1', '12345678901', '12A'] },
  SE: { valid: ['556016068001', '559100001201'], invalid: ['5560160680', '556016068002', '55601606800'] },
  SI: { valid: ['12345678'], invalid: ['1234567', '123456789'] },
  SK: { valid: ['1234567890'], invalid: ['123456789', '12345678901'] },
  XI: { valid: ['123456789', '123456789012', 'GD123', 'HA123'], invalid: ['12345678', 'GD1234', 'AB123'] },
};

describe('parseVatNumber', () => {
  it('knows the 27 member states and Northern Ireland, by VIES prefix', () => {
    expect([...VIES_COUNTRY_CODES].sort()).toEqual(Object.keys(examples).sort());
    expect(VIES_COUNTRY_CODES).toHaveLength(28);
  });

  for (const [countryCode, { valid, invalid }] of Object.entries(examples)) {
    it(`${countryCode}: accepts its numbers and refuses the ones off its form`, () => {
      for (const number of valid) {
        expect(parseVatNumber(`${countryCode}${number}`), number).toEqual({ countryCode, number });
      }
      for (const number of invalid) expect(parseVatNumber(`${countryCode}${number}`), number).toBeUndefined();
    });
  }

  it('takes spaces, dots, dashes and lower case, as numbers are printed and typed', () => {
    const sweden = { countryCode: 'SE', number: '556016068001' };
    for (const input of ['SE556016068001', 'se 556016-0680 01', ' SE5560.1606.8001\t', 'Se-556016068001']) {
      expect(parseVatNumber(input), input).toEqual(sweden);
    }
    expect(parseVatNumber('nl 1234.56.789.b.01')).toEqual({ countryCode: 'NL', number: '123456789B01' });
  });

  it('refuses prefixes VIES does not answer for: GR for Greece, GB after Brexit, other countries', () => {
    for (const input of ['GR094014201', 'GB123456789', 'NO123456789MVA', 'CHE123456789', 'US123456789']) {
      expect(parseVatNumber(input), input).toBeUndefined();
    }
  });

  it('refuses a number without prefix, an empty input and other separators', () => {
    for (const input of ['', 'SE', '556016068001', 'SE556016/068001', 'SE556016_068001', 'DE１２３４５６７８９']) {
      expect(parseVatNumber(input), input).toBeUndefined();
    }
  });
});

describe('formatVatNumber', () => {
  it('writes the prefix and the number together', () => {
    expect(formatVatNumber({ countryCode: 'SE', number: '556016068001' })).toBe('SE556016068001');
  });
});

describe('swedishVatNumberOf', () => {
  it('adds SE in front and 01 after the organisation number', () => {
    expect(swedishVatNumberOf('5560160680')).toBe('SE556016068001');
    expect(parseVatNumber(swedishVatNumberOf('5591000012'))).toEqual({ countryCode: 'SE', number: '559100001201' });
  });

  it('throws for anything but 10 digits, a caller that skipped parseOrgNumber', () => {
    for (const input of ['556016-0680', '556016068', '']) expect(() => swedishVatNumberOf(input), input).toThrow();
  });
});

describe('ZVatNumber', () => {
  it('turns any accepted form into the compact one', () => {
    expect(ZVatNumber.parse('fr 40 303 265 045')).toBe('FR40303265045');
  });

  it("fails with 'a VAT number'", () => {
    const result = ZVatNumber.safeParse('SE5560160680');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['a VAT number']);
    expect(ZVatNumber.safeParse(556016068001).success).toBe(false);
  });
});
