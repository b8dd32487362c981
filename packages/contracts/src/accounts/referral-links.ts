import { z } from 'zod';
import { currencies, money } from '../constants.ts';

/**
 * A partner's referral links (SPEC sections 3, 4, 6 and 7 "Accounts"): people who sign up through one are
 * attributed to the partner and get a gift-card value; a disabled link lets no one register. The operator
 * makes the links (the programme is activated by contacting the provider); a partner's administrators list
 * them and switch them off and on.
 */

/** The code in the shared URL: upper-case letters and digits; typed codes are accepted in any case. */
export const ZReferralCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{8,64}$/, 'a referral code')
  .transform((code) => code.toUpperCase());
export type ReferralCode = z.infer<typeof ZReferralCode>;

export const ZReferralLinkParams = z.object({ id: ZReferralCode });
export type ReferralLinkParams = z.infer<typeof ZReferralLinkParams>;
export const ZReferralCodeParams = z.object({ code: ZReferralCode });
export type ReferralCodeParams = z.infer<typeof ZReferralCodeParams>;

export const ZReferralLink = z
  .object({
    Id: z.string(),
    Name: z.string(),
    /** The brand host's sign-up address with the code, to share. */
    Url: z.string(),
    /** What a new account gets, in minor units of `Currency`. */
    GiftCardValue: z.number().int().nonnegative(),
    Currency: z.enum(currencies),
    Registrations: z.number().int().nonnegative(),
    Disabled: z.boolean(),
    /** ISO 8601, UTC. */
    CreatedAt: z.string(),
  })
  .meta({ id: 'ReferralLink' });
export type ReferralLink = z.infer<typeof ZReferralLink>;

/** `GET linktinker/app/account/referrallinks`: the partner's links, newest first. */
export const ZReferralLinksResponse = z.object({ ReferralLinks: z.array(ZReferralLink) });
export type ReferralLinksResponse = z.infer<typeof ZReferralLinksResponse>;

/** `PUT linktinker/app/account/referrallinks/{id}`: disable or enable one of the partner's links. */
export const ZUpdateReferralLinkRequest = z.object({ Disabled: z.boolean() });
export type UpdateReferralLinkRequest = z.infer<typeof ZUpdateReferralLinkRequest>;

/**
 * `GET linktinker/account/referrallink/{code}`, without a session: what the sign-up page shows. Only an active
 * link answers; an unknown one is NOT_FOUND, a disabled one REFERRAL_LINK_DISABLED.
 */
export const ZReferralLinkDetails = z
  .object({
    Code: z.string(),
    PartnerName: z.string(),
    GiftCardValue: z.number().int().nonnegative(),
    Currency: z.enum(currencies),
  })
  .meta({ id: 'ReferralLinkDetails' });
export type ReferralLinkDetails = z.infer<typeof ZReferralLinkDetails>;

/** DECISIONS: the link's own value, or SEK 100 / EUR 10. */
export function referralGiftCardValue(link: { giftCardValueMinor: number | null; currency: 'SEK' | 'EUR' }) {
  return link.giftCardValueMinor ?? money.referralGiftCard[link.currency];
}
