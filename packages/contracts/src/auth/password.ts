import { z } from 'zod';
import { limits } from '../constants.ts';

/**
 * `PUT linktinker/app/user/password` (a path the spec does not show): set or change the password of e-mail login
 * (SPEC section 2). A user who has one must give it; a user registered by phone or BankID sets a first one.
 */
export const ZChangePassword = z.object({
  CurrentPassword: z.string().min(1).max(limits.passwordMaxLength).optional(),
  NewPassword: z.string().min(limits.passwordMinLength).max(limits.passwordMaxLength),
});
export type ChangePassword = z.infer<typeof ZChangePassword>;
export const ZChangePasswordResponse = z.object({ HasPassword: z.literal(true) });
export type ChangePasswordResponse = z.infer<typeof ZChangePasswordResponse>;
