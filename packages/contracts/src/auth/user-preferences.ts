import { z } from 'zod';
import { limits } from '../constants.ts';
import { locales } from '../locales.ts';

/**
 * `GET|PUT linktinker/app/user/preferences` (SPEC section 2, settings: personal preferences; the path is ours, in the
 * spec's style). The signed-in user's own details, whichever account they act for.
 */
export const ZUserPreferences = z.object({
  Name: z.string(),
  Email: z.string().nullable(),
  /** E.164. */
  PhoneNumber: z.string().nullable(),
  /** YYYYMMDD-XXXX (SPEC section 5), once the user has identified with BankID. */
  PersonalNumber: z.string().nullable(),
  Language: z.enum(locales),
  /** The ways in: e-mail and password, phone and PIN, BankID. */
  HasPassword: z.boolean(),
  HasPin: z.boolean(),
  HasBankId: z.boolean(),
});
export type UserPreferences = z.infer<typeof ZUserPreferences>;

/** What the user changes here; e-mail, phone and personal number are proven elsewhere, not typed. */
export const ZUpdateUserPreferences = z.object({
  Name: z.string().trim().min(1).max(limits.userNameMaxLength),
  Language: z.enum(locales),
});
export type UpdateUserPreferences = z.infer<typeof ZUpdateUserPreferences>;
