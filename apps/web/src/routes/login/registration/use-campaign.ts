import { useSearchParams } from 'react-router';

/** The query parameter of a campaign's shared address: `/createaccount?campaign=<id>` (SPEC section 3). */
export const campaignParam = 'campaign';

/** What the server accepts as a campaign id; anything else is left out rather than sent. */
const campaignIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The login payload's `campaignActivationId` from the address, for the sign-up steps that send the payload (phone
 * step 1, BankID e-mail step). The server activates it for the new account, or skips it when it cannot.
 */
export function useCampaignId(): string | undefined {
  const [searchParams] = useSearchParams();
  const id = searchParams.get(campaignParam)?.trim() ?? '';
  return campaignIdPattern.test(id) ? id : undefined;
}
