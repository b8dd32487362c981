import { z } from 'zod';
import { currencies } from '../constants.ts';

/**
 * Gift cards (SPEC sections 3, 5 and 8; issue 23, part 7): a code worth a value in one currency until its expiry.
 * A card is used once; a personal card only by the user it was issued to; its currency must be the account's; it
 * is not cumulative (an account holding unexpired, unspent gift-card credit cannot activate another). Catalogue
 * errors: GIFT_CARD_INVALID (unknown code), GIFT_CARD_USED, GIFT_CARD_EXPIRED, GIFT_CARD_WRONG_CURRENCY,
 * GIFT_CARD_NOT_CUMULATIVE, and GIFT_CARD_NOT_ACTIVATED for any other refusal (another user's personal card).
 */

/** Codes are letters and digits, grouped with dashes or spaces as printed; compared without them, upper-case. */
export const ZGiftCardCode = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .transform((code) => code.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{6,40}$/, 'a gift card code'));
export type GiftCardCode = z.infer<typeof ZGiftCardCode>;

export const ZGiftCardParams = z.object({ code: ZGiftCardCode });
export type GiftCardParams = z.infer<typeof ZGiftCardParams>;

/** Where a card stands for whoever asks (the landing page before sign-in, the redeem dialog). */
export const giftCardStates = ['available', 'used', 'expired'] as const;

/** `GET linktinker/vouchers/{code}` (public) and `GET linktinker/app/vouchers/{code}`. */
export const ZGiftCard = z
  .object({
    Code: z.string(),
    Value: z.number().int().positive(),
    Currency: z.enum(currencies),
    /** ISO 8601, UTC; null for a card without expiry. */
    ExpiresAt: z.string().nullable(),
    /** Issued to one user (a referral gift, a bought card's recipient): only they can activate it. */
    IsPersonal: z.boolean(),
    State: z.enum(giftCardStates),
    /**
     * Signed in only (`app/vouchers/{code}`): whether this account can activate it now, and if not the catalogue
     * code that activation would answer. Always null on the public call.
     */
    CanActivate: z.boolean().nullable(),
    RefusalCode: z
      .enum([
        'GIFT_CARD_USED',
        'GIFT_CARD_EXPIRED',
        'GIFT_CARD_WRONG_CURRENCY',
        'GIFT_CARD_NOT_CUMULATIVE',
        'GIFT_CARD_NOT_ACTIVATED',
      ])
      .nullable(),
  })
  .meta({ id: 'GiftCard' });
export type GiftCard = z.infer<typeof ZGiftCard>;

/** `GET linktinker/app/vouchers`: the personal cards issued to the signed-in user, and the cards they activated. */
export const ZGiftCardsResponse = z.object({ Vouchers: z.array(ZGiftCard) });
export type GiftCardsResponse = z.infer<typeof ZGiftCardsResponse>;

/** `POST linktinker/app/vouchers/{code}/activate`: the card's value is credited to the account, once. */
export const ZActivateGiftCardResponse = z.object({
  Code: z.string(),
  Credited: z.number().int().positive(),
  Currency: z.enum(currencies),
  ExpiresAt: z.string().nullable(),
  /** The account's balance after the credit (minor units). */
  TotalBalance: z.number().int().nonnegative(),
  VoucherBalance: z.number().int().nonnegative(),
});
export type ActivateGiftCardResponse = z.infer<typeof ZActivateGiftCardResponse>;
