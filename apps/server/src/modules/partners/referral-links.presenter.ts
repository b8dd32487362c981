import {
  type ReferralLink,
  type ReferralLinkDetails,
  referralGiftCardValue,
} from '@signlink/contracts/accounts/referral-links';
import type { ReferralLinkRow } from './referral-links.repository.ts';

/**
 * The address to share: the sign-up screen on the brand's host. `/createaccount` is one of SPEC section 2's
 * entry paths, so the web app moves it to its hash route with the query kept.
 */
export function referralUrl(baseUrl: string, code: string): string {
  return `${baseUrl}/createaccount?referral=${encodeURIComponent(code)}`;
}

export function presentReferralLink(link: ReferralLinkRow, baseUrl: string): ReferralLink {
  return {
    Id: link.id,
    Name: link.name,
    Url: referralUrl(baseUrl, link.id),
    GiftCardValue: referralGiftCardValue(link),
    Currency: link.currency,
    Registrations: link.registrations,
    Disabled: link.disabledAt !== null,
    CreatedAt: link.createdAt.toISOString(),
  };
}

export function presentReferralLinkDetails(link: ReferralLinkRow, partnerName: string): ReferralLinkDetails {
  return {
    Code: link.id,
    PartnerName: partnerName,
    GiftCardValue: referralGiftCardValue(link),
    Currency: link.currency,
  };
}
