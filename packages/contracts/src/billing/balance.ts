import { z } from 'zod';
import { currencies } from '../constants.ts';

/**
 * The account's balance (issue 23, part 1; SPEC sections 3 and 9): one append-only ledger per account in the
 * account's one currency, its totals derived from it. Gift-card and campaign credit ("voucher" credit) is spent
 * before paid credit and lapses at its expiry; paid credit never expires (SPEC section 9).
 */
export const ZLowBalanceLevel = z.union([z.literal(-1), z.literal(0), z.literal(1)]);
export type LowBalanceLevel = z.infer<typeof ZLowBalanceLevel>;

/** `GET linktinker/app/balance`: amounts in minor units of `Currency`. */
export const ZBalance = z
  .object({
    Currency: z.enum(currencies),
    /** Everything the account can spend now: paid credit plus unexpired voucher credit. */
    TotalBalance: z.number().int().nonnegative(),
    /** The part of `TotalBalance` that is gift-card or campaign credit, spent first, lapsing at its expiry. */
    VoucherBalance: z.number().int().nonnegative(),
    /** SPEC section 9's low-balance level of `TotalBalance`: -1 low, 0 getting low, 1 fine. */
    LowBalanceLevel: ZLowBalanceLevel,
  })
  .meta({ id: 'Balance' });
export type Balance = z.infer<typeof ZBalance>;

/** One gift card's or campaign's credit on the account. */
export const ZVoucherCredit = z
  .object({
    Id: z.string(),
    Source: z.enum(['gift-card', 'campaign', 'referral']),
    /** The gift card's code, or the campaign's name. */
    Name: z.string(),
    Value: z.number().int().nonnegative(),
    /** What is left of `Value` (0 once spent or expired). */
    Remaining: z.number().int().nonnegative(),
    Currency: z.enum(currencies),
    /** ISO 8601, UTC. */
    ActivatedAt: z.string(),
    ExpiresAt: z.string().nullable(),
    IsExpired: z.boolean(),
  })
  .meta({ id: 'VoucherCredit' });
export type VoucherCredit = z.infer<typeof ZVoucherCredit>;

/** `GET linktinker/app/balance/vouchers`: the account's voucher credits, newest first. */
export const ZVoucherCreditsResponse = z.object({ Vouchers: z.array(ZVoucherCredit) });
export type VoucherCreditsResponse = z.infer<typeof ZVoucherCreditsResponse>;
