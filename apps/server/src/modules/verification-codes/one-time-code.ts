import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { emailCodeAlphabet, limits } from '@signlink/contracts/constants';

export type CodeChannel = 'sms' | 'email';

/**
 * A fresh code (DECISIONS, OTP codes): four digits by SMS, six characters of the look-alike-free
 * alphabet by e-mail. crypto.randomInt draws without modulo bias.
 */
export function generateCode(channel: CodeChannel): string {
  const [alphabet, length] =
    channel === 'sms' ? ['0123456789', limits.smsCodeDigits] : [emailCodeAlphabet, limits.emailCodeLength];
  let code = '';
  for (let i = 0; i < length; i += 1) code += alphabet[randomInt(alphabet.length)];
  return code;
}

/** The handle the browser holds: 192 random bits, which name the code without revealing it. */
export function generateCodeToken(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * Only this keyed hash is stored. Binding the token in means a hash copied from one row says nothing about
 * another, and without the server's secret a leaked table cannot be searched through the 10,000 SMS codes.
 */
export function hashCode(secret: string, token: string, code: string): string {
  return createHmac('sha256', secret).update(`${token}:${code}`).digest('hex');
}

export function isSameHash(expectedHex: string, actualHex: string): boolean {
  const expected = Buffer.from(expectedHex, 'hex');
  const actual = Buffer.from(actualHex, 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** What a person typed, as it was issued: surrounding spaces dropped, e-mail codes in any case. */
export function normaliseTypedCode(channel: CodeChannel, typed: string): string {
  const trimmed = typed.trim();
  return channel === 'email' ? trimmed.toUpperCase() : trimmed;
}
