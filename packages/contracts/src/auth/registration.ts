import { z } from 'zod';
import { limits } from '../constants.ts';
import { locales } from '../locales.ts';
import { ZLoginAttribution } from './auth-state.ts';
import { ZCodeToken, ZEmailCode, ZPin, ZSmsCode } from './phone-login.ts';

/**
 * Sign-up by phone (SPEC section 2 "Registration steps": phone, code, PIN, e-mail, code) on the
 * `linktinker/app/register/*` endpoints. `RegistrationId` carries the sign-up from step to step; the
 * user and their personal account exist only after the last step.
 */
export const ZRegistrationId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'a registration id');
export type RegistrationId = z.infer<typeof ZRegistrationId>;

/** Step 1, `register/sms`: the phone number (default country SE) gets a 4-digit code. */
export const ZRegisterPhoneRequest = ZLoginAttribution.extend({
  phoneNumber: z.string().trim().min(1).max(32),
  lang: z.enum(locales).default('en-us'),
});
export type RegisterPhoneRequest = z.infer<typeof ZRegisterPhoneRequest>;
export const ZRegisterPhoneResponse = z.object({
  RegistrationId: ZRegistrationId,
  PhoneNumberToken: ZCodeToken,
  PhoneNumberMasked: z.string(),
});
export type RegisterPhoneResponse = z.infer<typeof ZRegisterPhoneResponse>;

/** Step 2, `register/sms/validate`. */
export const ZRegisterPhoneValidate = z.object({
  RegistrationId: ZRegistrationId,
  PhoneNumberToken: ZCodeToken,
  Code: ZSmsCode,
});
export type RegisterPhoneValidate = z.infer<typeof ZRegisterPhoneValidate>;

/** Step 3, `register/pin`. */
export const ZRegisterPin = z.object({ RegistrationId: ZRegistrationId, Pin: ZPin });
export type RegisterPin = z.infer<typeof ZRegisterPin>;

/** Step 4, `register/email`: the address gets a 6-character code. */
export const ZRegisterEmailRequest = z.object({
  RegistrationId: ZRegistrationId,
  EmailAddress: z.string().trim().min(3).max(254),
  Name: z.string().trim().min(1).max(limits.userNameMaxLength),
});
export type RegisterEmailRequest = z.infer<typeof ZRegisterEmailRequest>;
export const ZRegisterEmailResponse = z.object({ EmailAddressToken: ZCodeToken });
export type RegisterEmailResponse = z.infer<typeof ZRegisterEmailResponse>;

/** Step 5, `register/email/validate`: the user and their personal account are created; the answer signs them in. */
export const ZRegisterEmailValidate = z.object({
  RegistrationId: ZRegistrationId,
  EmailAddressToken: ZCodeToken,
  Code: ZEmailCode,
});
export type RegisterEmailValidate = z.infer<typeof ZRegisterEmailValidate>;

/** What each step answers while the sign-up continues. */
export const ZRegistrationStep = z.object({
  RegistrationId: ZRegistrationId,
  NextStep: z.enum(['sms-code', 'pin', 'email', 'email-code', 'done']),
});
export type RegistrationStep = z.infer<typeof ZRegistrationStep>;
