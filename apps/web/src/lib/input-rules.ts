import { ZEmailCode, ZPin, ZSmsCode } from '@signlink/contracts/auth/phone-login';
import { normalizeEmailAddress } from '@signlink/contracts/validation/email-address';
import { normalizePhoneNumber } from '@signlink/contracts/validation/phone-number';

/**
 * SPEC section 5's rules for the login and sign-up fields, checked before anything is sent. Each answers the i18n
 * key of what is wrong, or null. The contracts' own rules decide; these only name the message.
 */

/** A mobile number, default country SE, no 0 after the country code; undefined `e164` when invalid. */
export function checkPhoneNumber(input: string): { e164?: string; errorKey: string | null } {
  if (!input.trim()) return { errorKey: 'auth.validation.phoneRequired' };
  const result = normalizePhoneNumber(input);
  return result.isValid ? { e164: result.e164, errorKey: null } : { errorKey: 'errors:invalidPhone' };
}

export function pinErrorKey(pin: string): string | null {
  return ZPin.safeParse(pin).success ? null : 'auth.validation.pinFormat';
}

export function smsCodeErrorKey(code: string): string | null {
  return ZSmsCode.safeParse(code).success ? null : 'auth.validation.smsCodeFormat';
}

export function emailCodeErrorKey(code: string): string | null {
  return ZEmailCode.safeParse(code).success ? null : 'auth.validation.emailCodeFormat';
}

export function checkEmailAddress(input: string): { address?: string; errorKey: string | null } {
  if (!input.trim()) return { errorKey: 'auth.validation.emailRequired' };
  const result = normalizeEmailAddress(input);
  return result.isValid ? { address: result.address, errorKey: null } : { errorKey: 'errors:invalidEmail' };
}
