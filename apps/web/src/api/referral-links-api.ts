import { listReferralLinksRoute, updateReferralLinkRoute } from '@signlink/contracts/accounts/referral-links.routes';
import { fillPath } from '@signlink/contracts/http/route-contract';
import type { ApiClient } from './api-client.ts';

/** The list's query key (useApiQuery), refreshed after a link is switched. */
export const referralLinksPath = fillPath(listReferralLinksRoute.path, {});

/** SPEC sections 6 and 7: a partner's referral links. */
export function createReferralLinksApi(client: ApiClient) {
  return {
    setDisabled: (code: string, disabled: boolean) =>
      client.api(updateReferralLinkRoute, { params: { id: code }, body: { Disabled: disabled } }, { silent: true }),
  };
}
