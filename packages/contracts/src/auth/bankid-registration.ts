import { z } from 'zod';
import { locales } from '../locales.ts';
import { ZLoginAttribution } from './auth-state.ts';
import { ZCodeToken, ZEmailCode, ZSmsCode } from './phone-login.ts';

/**
 * Registration with BankID (SPEC section 3, "BankID SMS step" and "BankID e-mail step"): after a BankID
 * order gave a PersonalNumberToken, the phone and then the e-mail are proven by codes. The name comes
 * from BankID; no PIN is set (the person logs in with BankID).
 */
export const ZBankIdSmsRequest = z.object({
  phoneNumber: z.string().trim().min(1).max(32),
  personalNumberToken: z.string().min(20).max(2000),
  lang: z.enum(locales).default('en-us'),
});
export type BankIdSmsRequest = z.infer<typeof ZBankIdSmsRequest>;
export const ZBankIdSmsResponse = z.object({ PhoneNumberToken: ZCodeToken, PhoneNumberMasked: z.string() });
export type BankIdSmsResponse = z.infer<typeof ZBankIdSmsResponse>;

export const ZBankIdSmsValidate = z.object({
  personalNumberToken: z.string().min(20).max(2000),
  phoneNumberToken: ZCodeToken,
  code: ZSmsCode,
});
export type BankIdSmsValidate = z.infer<typeof ZBankIdSmsValidate>;
/** Proof that the phone is the person's: carried to the e-mail step. */
export const ZBankIdSmsValidated = z.object({ PhoneNumberProof: z.string() });
export type BankIdSmsValidated = z.infer<typeof ZBankIdSmsValidated>;

export const ZBankIdEmailRequest = ZLoginAttribution.extend({
  emailAddress: z.string().trim().min(3).max(254),
  personalNumberToken: z.string().min(20).max(2000),
  phoneNumberProof: z.string().min(20).max(2000),
});
export type BankIdEmailRequest = z.infer<typeof ZBankIdEmailRequest>;
export const ZBankIdEmailResponse = z.object({ EmailAddressToken: ZCodeToken });
export type BankIdEmailResponse = z.infer<typeof ZBankIdEmailResponse>;

export const ZBankIdEmailValidate = z.object({
  personalNumberToken: z.string().min(20).max(2000),
  phoneNumberProof: z.string().min(20).max(2000),
  emailAddressToken: ZCodeToken,
  code: ZEmailCode,
  ga4ClientId: z.string().max(200).optional(),
});
export type BankIdEmailValidate = z.infer<typeof ZBankIdEmailValidate>;
