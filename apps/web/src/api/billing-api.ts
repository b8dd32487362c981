import {
  activateGiftCardRoute,
  findBalanceRoute,
  findOwnGiftCardRoute,
  listGiftCardsRoute,
  listVoucherCreditsRoute,
} from '@signlink/contracts/billing/vouchers.routes';
import { fillPath } from '@signlink/contracts/http/route-contract';
import type { ApiClient } from './api-client.ts';

/** The query keys (useApiQuery) of what a gift card's credit changes: the balance, its gift-card part, the cards. */
export const balanceQueryPaths = {
  balance: fillPath(findBalanceRoute.path, {}),
  voucherCredits: fillPath(listVoucherCreditsRoute.path, {}),
  giftCards: fillPath(listGiftCardsRoute.path, {}),
} as const;

/** SPEC section 7, Billing: gift cards. The screens show each refusal themselves, in the catalogue's words. */
export function createBillingApi(client: ApiClient) {
  return {
    findOwnGiftCard: (code: string) => client.api(findOwnGiftCardRoute, { params: { code } }, { silent: true }),
    // Not repeated by the client on a failure: the server credits a card once, and a second try would only answer
    // GIFT_CARD_USED for the first one's success.
    activateGiftCard: (code: string) =>
      client.api(activateGiftCardRoute, { params: { code } }, { silent: true, extraTries: 0 }),
  };
}
