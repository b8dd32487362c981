import { describe, expect, it } from 'vitest';
import { maskPhoneNumber, normalizePhoneNumber } from './phone-number.ts';

describe('normalizePhoneNumber (SPEC section 5)', () => {
  it('reads national numbers in Sweden by default and writes E.164', () => {
    for (const input of ['0701234567', '070-123 45 67', '(070) 123 45 67', '+46 70 123 45 67', '0046701234567']) {
      expect(normalizePhoneNumber(input), input).toEqual({ isValid: true, e164: '+46701234567' });
    }
    expect(normalizePhoneNumber('612 34 56 78', 'ES')).toEqual({ isValid: true, e164: '+34612345678' });
    expect(normalizePhoneNumber('+34 612 34 56 78')).toEqual({ isValid: true, e164: '+34612345678' });
  });

  it('refuses a 0 after the country code, which the library would quietly drop', () => {
    expect(normalizePhoneNumber('+46 070 123 45 67')).toEqual({ isValid: false });
    expect(normalizePhoneNumber('0046 070 123 45 67')).toEqual({ isValid: false });
  });

  it('refuses what cannot receive a text: malformed, too short, letters, landlines', () => {
    for (const input of ['', '12345', 'abc', '070-ABC', '+4670123', '08-123 456 78', '+46 8 123 456 78']) {
      expect(normalizePhoneNumber(input), input).toEqual({ isValid: false });
    }
  });

  it('masks all but the country code and the last two digits', () => {
    expect(maskPhoneNumber('+46701234567')).toBe('+46*******67');
  });
});
