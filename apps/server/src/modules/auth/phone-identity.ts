import { normalizeEmailAddress } from '@signlink/contracts/validation/email-address';
import { normalizePhoneNumber } from '@signlink/contracts/validation/phone-number';
import { AppError } from '../../errors.ts';

/** E.164, or the catalogue's "invalid phone" (SPEC section 5: valid format, no 0 after the country code). */
export function phoneNumberOrThrow(input: string): string {
  const phone = normalizePhoneNumber(input);
  if (!phone.isValid) throw new AppError('INVALID_PHONE');
  return phone.e164;
}

export function emailAddressOrThrow(input: string): string {
  const email = normalizeEmailAddress(input);
  if (!email.isValid) throw new AppError('INVALID_EMAIL');
  return email.address;
}

/** Where a code went, without giving the number away: `+46•••••••67`. */
export function maskPhoneNumber(e164: string): string {
  return `${e164.slice(0, 3)}${'•'.repeat(Math.max(0, e164.length - 5))}${e164.slice(-2)}`;
}
