import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bankIdQrData, secondsSince } from './bankid-qr.ts';

// The example order in BankID's QR code documentation.
const qrStartToken = '67df3917-fa0d-44e5-b327-edcc928297f8';
const qrStartSecret = 'd28db9a7-4cde-429e-a983-359be676944c';

describe('bankIdQrData', () => {
  it('matches the documented example for seconds 0 and 1', () => {
    expect(bankIdQrData({ qrStartToken, qrStartSecret, secondsSinceStart: 0 })).toBe(
      'bankid.67df3917-fa0d-44e5-b327-edcc928297f8.0.dc69358e712458a66a7525beef148ae8526b1c71610eff2c16cdffb4cdac9bf8',
    );
    expect(bankIdQrData({ qrStartToken, qrStartSecret, secondsSinceStart: 1 })).toBe(
      'bankid.67df3917-fa0d-44e5-b327-edcc928297f8.1.949d559bf23403952a94d103e67743126381eda00f0b3cbddbf7c96b1adcbce2',
    );
  });

  it('keys an HMAC-SHA256 with the secret over the decimal seconds', () => {
    const secret = 'ö-secret-with-non-ascii';
    for (const seconds of [2, 29, 30, 123]) {
      const expected = createHmac('sha256', secret).update(`${seconds}`).digest('hex');
      expect(bankIdQrData({ qrStartToken: 'token', qrStartSecret: secret, secondsSinceStart: seconds })).toBe(
        `bankid.token.${seconds}.${expected}`,
      );
    }
  });

  it('refuses negative and fractional seconds', () => {
    expect(() => bankIdQrData({ qrStartToken, qrStartSecret, secondsSinceStart: -1 })).toThrow(RangeError);
    expect(() => bankIdQrData({ qrStartToken, qrStartSecret, secondsSinceStart: 1.5 })).toThrow(RangeError);
  });
});

describe('secondsSince', () => {
  const start = new Date('2025-03-01T10:00:00.000Z');

  it('counts whole seconds, rounding down', () => {
    expect(secondsSince(start, start)).toBe(0);
    expect(secondsSince(start, new Date('2025-03-01T10:00:00.999Z'))).toBe(0);
    expect(secondsSince(start, new Date('2025-03-01T10:00:01.000Z'))).toBe(1);
    expect(secondsSince(start, new Date('2025-03-01T10:01:05.400Z'))).toBe(65);
  });

  it('gives 0 when the clock is behind the start', () => {
    expect(secondsSince(start, new Date('2025-03-01T09:59:59.000Z'))).toBe(0);
  });
});
