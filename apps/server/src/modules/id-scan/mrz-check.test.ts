import type { DocumentReading } from '@signlink/providers/id-verification/id-verification.port';
import { describe, expect, it } from 'vitest';
import { checkMrz, findVendorDisagreement, type MrzReading } from './mrz-check.ts';

/** ICAO 9303's own specimens (parts 4, 5 and 6): Anna Maria Eriksson of Utopia, documents expiring 2012-04-15. */
const td1 = ['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'];
const td2 = ['I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'D231458907UTO7408122F1204159<<<<<<<6'];
const td3 = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];
const beforeExpiry = new Date('2011-06-01T12:00:00Z');

/** The line with one character replaced. */
function withChar(lines: string[], line: number, at: number, char: string): string[] {
  return lines.map((text, index) => (index === line ? text.slice(0, at) + char + text.slice(at + 1) : text));
}

describe('our reading of the machine-readable zone', () => {
  it.each([
    ['TD1', td1, 'national-id', 'D23145890'],
    ['TD2', td2, 'national-id', 'D23145890'],
    ['TD3', td3, 'passport', 'L898902C3'],
  ] as const)('reads the %s specimen', (format, lines, documentType, documentNumber) => {
    expect(checkMrz({ lines: [...lines], now: beforeExpiry })).toEqual({
      ok: true,
      reading: {
        format,
        documentType,
        issuingCountry: 'UTO',
        documentNumber,
        expiryDate: '2012-04-15',
        lastName: 'ERIKSSON',
        firstName: 'ANNA MARIA',
      },
    });
  });

  it('takes a document through its expiry day and refuses it the day after', () => {
    expect(checkMrz({ lines: td3, now: new Date('2012-04-15T23:00:00Z') }).ok).toBe(true);
    expect(checkMrz({ lines: td3, now: new Date('2012-04-16T00:00:00Z') })).toMatchObject({
      ok: false,
      code: 'SCAN_EXPIRED',
    });
    expect(checkMrz({ lines: td1, now: new Date('2026-11-28T00:00:00Z') })).toMatchObject({ code: 'SCAN_EXPIRED' });
  });

  it.each([
    ['TD3 document number', td3, 1, 9],
    ['TD3 birth date', td3, 1, 19],
    ['TD3 expiry', td3, 1, 27],
    ['TD3 personal number', td3, 1, 42],
    ['TD3 composite', td3, 1, 43],
    ['TD1 document number', td1, 0, 14],
    ['TD1 birth date', td1, 1, 6],
    ['TD1 expiry', td1, 1, 14],
    ['TD1 composite', td1, 1, 29],
    ['TD2 document number', td2, 1, 9],
    ['TD2 composite', td2, 1, 35],
  ] as const)('refuses a wrong %s check digit as unreadable', (_name, lines, line, at) => {
    const original = lines[line]?.charAt(at);
    const broken = withChar([...lines], line, at, original === '3' ? '4' : '3');
    expect(checkMrz({ lines: broken, now: beforeExpiry })).toMatchObject({ ok: false, code: 'SCAN_UNREADABLE' });
  });

  it('refuses an altered number whose check digit no longer holds', () => {
    const altered = withChar([...td3], 1, 3, '1');
    expect(checkMrz({ lines: altered, now: beforeExpiry })).toMatchObject({ code: 'SCAN_UNREADABLE' });
  });

  it('refuses a document code that is neither a passport nor an identity card as the wrong type', () => {
    const visa = withChar([...td3], 0, 0, 'V');
    expect(checkMrz({ lines: visa, now: beforeExpiry })).toMatchObject({ ok: false, code: 'SCAN_WRONG_TYPE' });
  });

  it('refuses no zone at all (a driving licence has none) as the wrong type', () => {
    expect(checkMrz({ lines: [], now: beforeExpiry })).toMatchObject({ ok: false, code: 'SCAN_WRONG_TYPE' });
    expect(checkMrz({ lines: ['', '  '], now: beforeExpiry })).toMatchObject({ code: 'SCAN_WRONG_TYPE' });
  });

  it('refuses lines of the wrong length or with foreign characters as unreadable', () => {
    const short = [td3[0] ?? '', (td3[1] ?? '').slice(0, 43)];
    expect(checkMrz({ lines: short, now: beforeExpiry })).toMatchObject({ ok: false, code: 'SCAN_UNREADABLE' });
    expect(checkMrz({ lines: [td3[0] ?? ''], now: beforeExpiry })).toMatchObject({ code: 'SCAN_UNREADABLE' });
    const lowercase = withChar([...td3], 1, 0, 'l');
    expect(checkMrz({ lines: lowercase, now: beforeExpiry })).toMatchObject({ code: 'SCAN_UNREADABLE' });
  });
});

describe("the vendor's reading against ours", () => {
  const ours = (): MrzReading => {
    const check = checkMrz({ lines: td3, now: beforeExpiry });
    if (!check.ok) throw new Error('the specimen reads');
    return check.reading;
  };
  const vendor = (overrides: Partial<DocumentReading> = {}): DocumentReading => ({
    result: 'clear',
    readable: true,
    documentType: 'passport',
    issuingCountry: 'UTO',
    documentNumber: 'L898902C3',
    expiryDate: '2012-04-15',
    firstName: 'Anna Maria',
    lastName: 'Eriksson',
    mrzLines: td3,
    ...overrides,
  });

  it('agrees when the vendor read what we read, its names in mixed case', () => {
    expect(findVendorDisagreement({ reading: ours(), vendor: vendor(), declaredType: 'passport' })).toBeUndefined();
  });

  it.each([
    ['vendor-number', { documentNumber: 'L898902C4' }],
    ['vendor-expiry', { expiryDate: '2032-04-15' }],
    ['vendor-last-name', { lastName: 'Eriksen' }],
    ['vendor-first-name', { firstName: 'Anna' }],
    ['vendor-type', { documentType: 'national-id' }],
  ] as const)('finds %s', (reason, overrides) => {
    expect(findVendorDisagreement({ reading: ours(), vendor: vendor(overrides), declaredType: 'passport' })).toBe(
      reason,
    );
  });

  it('finds a document other than the one the recipient said they hold', () => {
    expect(findVendorDisagreement({ reading: ours(), vendor: vendor(), declaredType: 'national-id' })).toBe(
      'declared-type',
    );
  });
});
