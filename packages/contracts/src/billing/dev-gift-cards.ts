import { z } from 'zod';
import { currencies } from '../constants.ts';
import { ZGiftCardCode } from './vouchers.ts';

/** `POST dev/vouchers` (development only): issues a gift card, as a shop selling them would. */
export const ZIssueGiftCardRequest = z.object({
  /** Minor units of `Currency`. */
  Value: z.number().int().positive().max(100_000_00),
  Currency: z.enum(currencies),
  /** A code of one's choosing; a random one otherwise. */
  Code: ZGiftCardCode.optional(),
  /** ISO 8601; null for a card that never expires; a year from now when left out. */
  ExpiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
  /** Issued to one user, who alone may activate it. */
  PersonalUserId: z.string().min(1).max(100).optional(),
});
export type IssueGiftCardRequest = z.infer<typeof ZIssueGiftCardRequest>;

export const ZIssueGiftCardResponse = z.object({ Code: z.string(), ExpiresAt: z.string().nullable() });
export type IssueGiftCardResponse = z.infer<typeof ZIssueGiftCardResponse>;
