import type {
  ZReferralLink,
  ZReferralLinkDetails,
  ZReferralLinksResponse,
} from '@signlink/contracts/accounts/referral-links';
import type { ApiClient } from './api-client.ts';
import type { Parsed } from './auth-api.ts';

export type ReferralLink = Parsed<typeof ZReferralLink>;
export type ReferralLinks = Parsed<typeof ZReferralLinksResponse>;
export type ReferralLinkDetails = Parsed<typeof ZReferralLinkDetails>;

/** The list's query key (useApiQuery), refreshed after a link is switched. */
export const referralLinksPath = 'linktinker/app/account/referrallinks';

/** The public lookup's path: the sign-up page reads a link before anyone is signed in. */
export const referralLinkDetailsPath = (code: string) => `linktinker/account/referrallink/${encodeURIComponent(code)}`;

/** SPEC sections 6 and 7: a partner's referral links. */
export function createReferralLinksApi(client: ApiClient) {
  return {
    setDisabled: (code: string, disabled: boolean) =>
      client.put<ReferralLink>(
        `${referralLinksPath}/${encodeURIComponent(code)}`,
        { Disabled: disabled },
        {
          silent: true,
        },
      ),
  };
}
