import { createHmac } from 'node:crypto';

/**
 * The content of BankID's animated QR code for the current second:
 * `bankid.<qrStartToken>.<time>.<qrAuthCode>`, where `time` is the whole seconds since the order started and
 * `qrAuthCode` is the hex HMAC-SHA256 of `time` (as a decimal string) keyed with `qrStartSecret` (developers.bankid.com,
 * "QR code"). The code changes every second; `qrStartSecret` must stay on the server.
 */
export function bankIdQrData(input: {
  qrStartToken: string;
  qrStartSecret: string;
  secondsSinceStart: number;
}): string {
  const { qrStartToken, qrStartSecret, secondsSinceStart } = input;
  if (!Number.isSafeInteger(secondsSinceStart) || secondsSinceStart < 0) {
    throw new RangeError(`secondsSinceStart must be a whole number ≥ 0, got ${secondsSinceStart}`);
  }
  const time = String(secondsSinceStart);
  const qrAuthCode = createHmac('sha256', Buffer.from(qrStartSecret, 'utf8')).update(time, 'utf8').digest('hex');
  return `bankid.${qrStartToken}.${time}.${qrAuthCode}`;
}

/** Whole seconds from `startedAt` to `now`, rounded down; never negative (a clock step back gives 0). */
export function secondsSince(startedAt: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - startedAt.getTime()) / 1000));
}
