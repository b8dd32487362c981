import { z } from 'zod';
import { limits } from '../constants.ts';
import { ZLoginAttribution } from './auth-state.ts';

/** SPEC section 5: a PIN is exactly 4 digits; an SMS code exactly 4. */
export const ZPin = z.string().regex(new RegExp(`^\\d{${limits.pinDigits}}$`), 'a PIN of 4 digits');
export type Pin = z.infer<typeof ZPin>;
export const ZSmsCode = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${limits.smsCodeDigits}}$`), 'a code of 4 digits');
export type SmsCode = z.infer<typeof ZSmsCode>;
/** E-mail codes are 6 characters (DECISIONS); the spec's floor is 4, so shorter input is refused early. */
export const ZEmailCode = z.string().trim().min(limits.emailCodeMinLength).max(12);
export type EmailCode = z.infer<typeof ZEmailCode>;
export const ZCodeToken = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'a code token');
export type CodeToken = z.infer<typeof ZCodeToken>;

/**
 * Phone and PIN login (SPEC section 2), two steps: `oauth/generatetoken/sms` checks the PIN (5 wrong lock
 * PIN login for that phone for 15 minutes) and texts a code to the phone; `…/sms/validate` trades the
 * code for the session.
 */
export const ZPhoneLoginRequest = ZLoginAttribution.extend({
  phoneNumber: z.string().trim().min(1).max(32),
  pin: ZPin,
});
export type PhoneLoginRequest = z.infer<typeof ZPhoneLoginRequest>;

export const ZPhoneLoginResponse = z.object({
  PhoneNumberToken: ZCodeToken,
  /** Where the code went, e.g. `+46 70•••• 67`. */
  PhoneNumberMasked: z.string(),
});
export type PhoneLoginResponse = z.infer<typeof ZPhoneLoginResponse>;

export const ZPhoneLoginValidate = ZLoginAttribution.extend({
  PhoneNumberToken: ZCodeToken,
  Code: ZSmsCode,
});
export type PhoneLoginValidate = z.infer<typeof ZPhoneLoginValidate>;
