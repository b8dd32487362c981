import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyQrData } from './bankid-qr.ts';
import { BankIdSimulatorControls } from './bankid-simulator-controls.ts';

/** The relying party's side, written from BankID's description rather than from the simulator's code. */
function qrPayload(qrStartToken: string, qrStartSecret: string, seconds: number): string {
  const authCode = createHmac('sha256', Buffer.from(qrStartSecret, 'utf8')).update(`${seconds}`).digest('hex');
  return ['bankid', qrStartToken, seconds, authCode].join('.');
}

describe('BankID animated QR codes', () => {
  const createdAt = Date.parse('2026-03-02T09:00:00Z');
  const order = {
    qrStartToken: '67df3917-fa0d-44e5-b327-edcc928297f8',
    qrStartSecret: 'd28db9a7-4cde-429e-a983-359be676944c',
    createdAt,
  };

  it('accepts the payload for the current second, within two seconds either way', () => {
    for (const seconds of [0, 1, 2]) {
      expect(verifyQrData(qrPayload(order.qrStartToken, order.qrStartSecret, seconds), order, createdAt)).toEqual({
        isValid: true,
      });
    }
    const at30 = createdAt + 30_400;
    for (const seconds of [28, 30, 32]) {
      expect(verifyQrData(qrPayload(order.qrStartToken, order.qrStartSecret, seconds), order, at30).isValid).toBe(true);
    }
  });

  it('rejects a stale time, a wrong secret, another token and garbage', () => {
    const at30 = createdAt + 30_000;
    expect(verifyQrData(qrPayload(order.qrStartToken, order.qrStartSecret, 27), order, at30)).toMatchObject({
      isValid: false,
      reason: expect.stringMatching(/stale/),
    });
    expect(verifyQrData(qrPayload(order.qrStartToken, 'another-secret', 30), order, at30)).toMatchObject({
      isValid: false,
      reason: 'wrong auth code',
    });
    const otherToken = qrPayload('5a1b6e0c-0000-4000-8000-000000000000', order.qrStartSecret, 30);
    expect(verifyQrData(otherToken, order, at30).isValid).toBe(false);
    expect(verifyQrData('bankid.x.30.ABC', order, at30).isValid).toBe(false);
  });

  it('starts the order when the tester scans a valid code, and not otherwise', () => {
    let clock = createdAt;
    const controls = new BankIdSimulatorControls({ now: () => clock });
    const created = controls.createOrder({ kind: 'auth', endUserIp: '192.0.2.1' });
    const { qrStartToken = '', qrStartSecret = '' } = created;
    clock += 5_000;

    expect(controls.scanQr(qrPayload(qrStartToken, 'wrong-secret', 5))).toBe(false);
    expect(controls.scanQr(qrPayload(qrStartToken, qrStartSecret, 1))).toBe(false);
    expect(controls.scanQr('https://example.com/not-bankid')).toBe(false);
    expect(controls.findOrder(created.orderRef).hintCode).toBe('outstandingTransaction');

    expect(controls.scanQr(qrPayload(qrStartToken, qrStartSecret, 5))).toBe(true);
    expect(controls.findOrder(created.orderRef).hintCode).toBe('started');

    controls.cancel(created.orderRef);
    expect(controls.scanQr(qrPayload(qrStartToken, qrStartSecret, 5))).toBe(false);
  });
});
