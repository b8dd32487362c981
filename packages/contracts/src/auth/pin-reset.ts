import { z } from 'zod';
import { locales } from '../locales.ts';
import { ZPin } from './phone-login.ts';

/** A PIN reset link lives 30 minutes and works once (SPEC section 8: "PIN reset link expired"). */
export const pinResetValidMinutes = 30;

export const ZPinResetId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'a reset id');
export type PinResetId = z.infer<typeof ZPinResetId>;
/** The reset link's id in the path of `…/pin/reset/{id}`. */
export const ZPinResetParams = z.object({ id: ZPinResetId });
export type PinResetParams = z.infer<typeof ZPinResetParams>;

/** `POST linktinker/account/pin/reset`: the link goes by SMS to the phone, or by e-mail when an address is given. */
export const ZPinResetRequest = z
  .object({
    phoneNumber: z.string().trim().min(1).max(32).optional(),
    emailAddress: z.string().trim().min(3).max(254).optional(),
    lang: z.enum(locales).optional(),
  })
  .refine((body) => Boolean(body.phoneNumber) !== Boolean(body.emailAddress), {
    message: 'a phone number or an e-mail address',
  });
export type PinResetRequest = z.infer<typeof ZPinResetRequest>;

export const ZPinResetSent = z.object({
  /** Where the link went, masked. */
  SentTo: z.string(),
  Channel: z.enum(['sms', 'email']),
});
export type PinResetSent = z.infer<typeof ZPinResetSent>;

/** `GET …/pin/reset/{id}`: whether the link still works, before the person types a new PIN. */
export const ZPinResetStatus = z.object({ Valid: z.literal(true), PhoneNumberMasked: z.string().optional() });
export type PinResetStatus = z.infer<typeof ZPinResetStatus>;

export const ZPinResetBody = z.object({ Pin: ZPin });
export type PinResetBody = z.infer<typeof ZPinResetBody>;
