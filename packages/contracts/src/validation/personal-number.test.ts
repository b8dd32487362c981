import { describe, expect, it } from 'vitest';
import {
  ageOn,
  formatPersonalNumber,
  isAdult,
  isValidPersonalNumber,
  type PersonalNumber,
  parsePersonalNumber,
} from './personal-number.ts';

/** Check digit computed the long way, independently of the module: double every other digit from the left. */
function checkDigitOf(nineDigits: string): string {
  const digits = [...nineDigits].map(Number);
  const total = digits
    .map((digit, index) => (index % 2 === 0 ? digit * 2 : digit))
    .flatMap((value) => String(value).split('').map(Number))
    .reduce((a, b) => a + b, 0);
  return String((10 - (total % 10)) % 10);
}

/** A valid 12-digit number for a birth date (YYYYMMDD) and a serial (NNN). */
function validNumber(yyyymmdd: string, serial: string): string {
  return `${yyyymmdd}${serial}${checkDigitOf(`${yyyymmdd.slice(2)}${serial}`)}`;
}

function parsed(input: string, today?: Date): PersonalNumber {
  const result = parsePersonalNumber(input, today ? { today } : {});
  if (!result) throw new Error(`expected ${input} to be valid`);
  return result;
}

const today = new Date('2025-06-15T12:00:00Z');

describe('parsePersonalNumber', () => {
  it('accepts the public test number 19121212-1212 in every form', () => {
    const forms = ['19121212-1212', '191212121212', '121212+1212'];
    for (const form of forms) {
      expect(parsed(form, today)).toEqual({
        digits: '191212121212',
        birthDate: { year: 1912, month: 12, day: 12 },
        isCoordinationNumber: false,
      });
    }
    expect(checkDigitOf('121212121')).toBe('2');
  });

  it('reads the century of the 10-digit forms from the separator', () => {
    const number = validNumber('19900101', '123');
    const tenDigits = number.slice(2);
    expect(parsed(`${tenDigits.slice(0, 6)}-${tenDigits.slice(6)}`, today).digits).toBe(number);
    expect(parsed(tenDigits, today).digits).toBe(number);
    expect(parsed(`${tenDigits.slice(0, 6)}+${tenDigits.slice(6)}`, today).digits).toBe(`18${number.slice(2)}`);

    // `-` means within the last 99 calendar years: 25 is 2025, 26 is 1926.
    const born2025 = validNumber('20250101', '456').slice(2);
    expect(parsed(born2025, today).birthDate.year).toBe(2025);
    const born1926 = validNumber('19260101', '456').slice(2);
    expect(parsed(born1926, today).birthDate.year).toBe(1926);
  });

  it('accepts coordination numbers (day + 60) and reports the real birth date', () => {
    const number = validNumber('19900171', '234');
    expect(parsed(`${number.slice(0, 8)}-${number.slice(8)}`)).toEqual({
      digits: number,
      birthDate: { year: 1990, month: 1, day: 11 },
      isCoordinationNumber: true,
    });
  });

  it('checks the Luhn digit', () => {
    const number = validNumber('19900101', '123');
    const wrong = `${number.slice(0, 11)}${(Number(number[11]) + 1) % 10}`;
    expect(isValidPersonalNumber(number)).toBe(true);
    expect(isValidPersonalNumber(wrong)).toBe(false);
    // 199001011239 is not valid just because it looks like one: its check digit is computed, not assumed.
    expect(isValidPersonalNumber('199001011239')).toBe(checkDigitOf('900101123') === '9');
  });

  it('refuses dates that do not exist', () => {
    expect(isValidPersonalNumber(validNumber('19900230', '123'))).toBe(false);
    expect(isValidPersonalNumber(validNumber('19901301', '123'))).toBe(false);
    expect(isValidPersonalNumber(validNumber('19900100', '123'))).toBe(false);
    expect(isValidPersonalNumber(validNumber('19900192', '123'))).toBe(false);
    expect(isValidPersonalNumber(validNumber('19000229', '123'))).toBe(false);
    expect(isValidPersonalNumber(validNumber('20000229', '123'))).toBe(true);
    expect(isValidPersonalNumber(validNumber('19960289', '123'))).toBe(true);
  });

  it('refuses malformed input', () => {
    const number = validNumber('19900101', '123');
    for (const input of ['', 'abc', number.slice(1), `${number}0`, `${number.slice(0, 8)}+${number.slice(8)}`]) {
      expect(isValidPersonalNumber(input)).toBe(false);
    }
    expect(isValidPersonalNumber(`  ${number}  `)).toBe(true);
  });
});

describe('formatPersonalNumber', () => {
  it('writes YYYYMMDD-NNNC', () => {
    expect(formatPersonalNumber(parsed('121212+1212', today))).toBe('19121212-1212');
    const number = validNumber('20050615', '987');
    expect(formatPersonalNumber(parsed(number))).toBe(`20050615-${number.slice(8)}`);
  });
});

describe('ageOn and isAdult', () => {
  const turns18 = parsed(validNumber('20070615', '111'));

  it('counts whole years, turning on the birthday', () => {
    expect(ageOn(turns18, new Date('2025-06-14T12:00:00Z'))).toBe(17);
    expect(ageOn(turns18, new Date('2025-06-15T12:00:00Z'))).toBe(18);
    expect(ageOn(parsed('19121212-1212'), new Date('2025-06-15T12:00:00Z'))).toBe(112);
  });

  it('turns the day at midnight in Sweden, not in UTC', () => {
    // 22:30 UTC on 14 June is 00:30 on 15 June in Stockholm (CEST).
    expect(ageOn(turns18, new Date('2025-06-14T22:30:00Z'))).toBe(18);
    expect(ageOn(turns18, new Date('2025-06-14T21:30:00Z'))).toBe(17);
  });

  it('uses the real birth date of a coordination number', () => {
    const coordination = parsed(validNumber('20070675', '222')); // born 15 June 2007
    expect(ageOn(coordination, new Date('2025-06-14T12:00:00Z'))).toBe(17);
    expect(ageOn(coordination, new Date('2025-06-15T12:00:00Z'))).toBe(18);
  });

  it('makes someone born on 29 February a year older on 1 March in common years', () => {
    const leapling = parsed(validNumber('20040229', '333'));
    expect(ageOn(leapling, new Date('2022-02-28T12:00:00Z'))).toBe(17);
    expect(ageOn(leapling, new Date('2022-03-01T12:00:00Z'))).toBe(18);
  });

  it('is adult from the 18th birthday (SPEC section 9)', () => {
    expect(isAdult(turns18, new Date('2025-06-14T12:00:00Z'))).toBe(false);
    expect(isAdult(turns18, new Date('2025-06-15T12:00:00Z'))).toBe(true);
  });
});
