import { describe, expect, it } from 'vitest';
import { formatOrgNumber, parseOrgNumber, ZOrgNumber } from './org-number.ts';

/** Check digit computed the long way, independently of the module: double every other digit from the left. */
function checkDigitOf(nineDigits: string): string {
  const total = [...nineDigits]
    .map(Number)
    .map((digit, index) => (index % 2 === 0 ? digit * 2 : digit))
    .flatMap((value) => String(value).split('').map(Number))
    .reduce((a, b) => a + b, 0);
  return String((10 - (total % 10)) % 10);
}

describe('parseOrgNumber', () => {
  it('accepts a real organisation number with and without hyphen, around spaces', () => {
    // 556016-0680 is Telefonaktiebolaget L M Ericsson's, as Bolagsverket lists it.
    expect(checkDigitOf('556016068')).toBe('0');
    for (const input of ['5560160680', '556016-0680', '  556016-0680 ', '\t5560160680\n']) {
      expect(parseOrgNumber(input), JSON.stringify(input)).toBe('5560160680');
    }
  });

  it('refuses a wrong check digit', () => {
    for (let digit = 1; digit <= 9; digit++) expect(parseOrgNumber(`556016068${digit}`)).toBeUndefined();
  });

  it('refuses anything but ten digits with one optional hyphen after the sixth', () => {
    const inputs = ['', '556016068', '55601606800', '16556016-0680', '55601-60680', '556016--0680', '556016 0680'];
    for (const input of [...inputs, '556016+0680', '55601606a0', '５５６０１６０６８０']) {
      expect(parseOrgNumber(input), input).toBeUndefined();
    }
  });

  it('does not require a legal-entity third digit: a sole trader uses their personal number', () => {
    const soleTrader = `900101123${checkDigitOf('900101123')}`;
    expect(parseOrgNumber(soleTrader)).toBe(soleTrader);
  });
});

describe('formatOrgNumber', () => {
  it('writes NNNNNN-NNNN', () => {
    expect(formatOrgNumber('5560160680')).toBe('556016-0680');
  });
});

describe('ZOrgNumber', () => {
  it('turns any accepted form into the ten digits', () => {
    expect(ZOrgNumber.parse(' 556016-0680 ')).toBe('5560160680');
  });

  it("fails with 'an organisation number'", () => {
    const result = ZOrgNumber.safeParse('556016-0681');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['an organisation number']);
    expect(ZOrgNumber.safeParse(5560160680).success).toBe(false);
  });
});
