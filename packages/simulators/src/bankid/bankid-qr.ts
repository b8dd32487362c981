import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * BankID's animated QR code (RP API v6.0, "QR codes"): the relying party shows, once a second,
 *   bankid.<qrStartToken>.<qrTime>.<qrAuthCode>
 * where qrTime is the whole seconds since the order was created and qrAuthCode is
 * HMAC-SHA256(key: qrStartSecret, message: qrTime as a decimal string), lowercase hex. The app sends what it scanned
 * to BankID, which checks the code and that the time is current, so a photo of an old code cannot be replayed.
 */

export interface QrOrder {
  qrStartToken: string;
  qrStartSecret: string;
  /** When the order was created, in epoch milliseconds. */
  createdAt: number;
}

export type QrCheck = { isValid: true } | { isValid: false; reason: string };

// How far the scanned time may differ from the simulator's own count: the code changes every second, and a phone
// shows it a moment after the page drew it.
const QR_TIME_TOLERANCE_SECONDS = 2;
const QR_PATTERN = /^bankid\.([^.]+)\.(\d+)\.([0-9a-f]{64})$/;

export function qrAuthCode(qrStartSecret: string, qrTime: number): string {
  return createHmac('sha256', qrStartSecret).update(String(qrTime)).digest('hex');
}

/** The payload a relying party shows `qrTime` seconds into the order. */
export function buildQrData(order: Pick<QrOrder, 'qrStartToken' | 'qrStartSecret'>, qrTime: number): string {
  return `bankid.${order.qrStartToken}.${qrTime}.${qrAuthCode(order.qrStartSecret, qrTime)}`;
}

/** The qrStartToken a payload names, to find its order; undefined when it is not a BankID QR payload. */
export function qrStartTokenOf(qrData: string): string | undefined {
  return QR_PATTERN.exec(qrData)?.[1];
}

/** Checks a scanned payload as BankID does: the order's token, an authentic code, and a current time. */
export function verifyQrData(qrData: string, order: QrOrder, now: number): QrCheck {
  const match = QR_PATTERN.exec(qrData);
  if (!match) return { isValid: false, reason: 'not a BankID QR payload' };
  const [, token, time, code] = match as unknown as [string, string, string, string];
  if (token !== order.qrStartToken) return { isValid: false, reason: 'another order' };
  const qrTime = Number(time);
  const expected = Buffer.from(qrAuthCode(order.qrStartSecret, qrTime), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(code, 'hex'))) return { isValid: false, reason: 'wrong auth code' };
  const elapsed = Math.floor((now - order.createdAt) / 1000);
  if (Math.abs(elapsed - qrTime) > QR_TIME_TOLERANCE_SECONDS) {
    return { isValid: false, reason: `stale: qrTime ${qrTime}, order is ${elapsed} s old` };
  }
  return { isValid: true };
}
