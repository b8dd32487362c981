import { z } from 'zod';
import { ZCodeToken, ZEmailCode } from '../auth/phone-login.ts';

/**
 * The add-personal-account wizard (SPEC section 2; section 7 `linktinker/app/personalaccounts/validation/…`):
 * a user who has only company accounts proves an e-mail address and gets their one personal account.
 */
export const ZPersonalAccountEmail = z.object({ EmailAddress: z.string().trim().min(3).max(254) });
export type PersonalAccountEmail = z.infer<typeof ZPersonalAccountEmail>;
export const ZPersonalAccountEmailSent = z.object({ EmailAddressToken: ZCodeToken });
export type PersonalAccountEmailSent = z.infer<typeof ZPersonalAccountEmailSent>;
export const ZPersonalAccountValidate = z.object({
  EmailAddressToken: ZCodeToken,
  Code: ZEmailCode,
  Currency: z.enum(['SEK', 'EUR']).default('SEK'),
});
export type PersonalAccountValidate = z.infer<typeof ZPersonalAccountValidate>;
