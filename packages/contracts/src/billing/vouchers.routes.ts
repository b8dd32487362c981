import { defineRoute } from '../http/route-contract.ts';
import { ZBalance, ZVoucherCreditsResponse } from './balance.ts';
import { ZActivateGiftCardResponse, ZGiftCard, ZGiftCardParams, ZGiftCardsResponse } from './vouchers.ts';

/** SPEC section 7, Billing: the balance and gift cards (issue 23, parts 1 and 7). */
const tags = ['billing'];

export const findBalanceRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/balance',
  tags,
  callers: ['session'],
  summary: "The account's balance: total, gift-card part and low-balance level, derived from its ledger",
  responses: { 200: ZBalance },
  errors: ['FORBIDDEN'],
});

export const listVoucherCreditsRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/balance/vouchers',
  tags,
  callers: ['session'],
  summary: "The account's gift-card and campaign credits with what remains of each and when it lapses",
  responses: { 200: ZVoucherCreditsResponse },
  errors: ['FORBIDDEN'],
});

export const findGiftCardRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/vouchers/:code',
  tags,
  // The gift-card landing page, before anyone is signed in.
  callers: ['client'],
  summary: 'A gift card by its code, without a session: value, currency, expiry and state (unknown: GIFT_CARD_INVALID)',
  params: ZGiftCardParams,
  responses: { 200: ZGiftCard },
  // Counted against the lookup limit: a code is worth money, so guessing is slowed (plugins/rate-limits.ts).
  errors: ['GIFT_CARD_INVALID', 'RATE_LIMITED'],
});

export const listGiftCardsRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/vouchers',
  tags,
  callers: ['session'],
  summary: 'The personal gift cards issued to the signed-in user, and the cards their account activated',
  responses: { 200: ZGiftCardsResponse },
  errors: [],
});

export const findOwnGiftCardRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/vouchers/:code',
  tags,
  callers: ['session'],
  summary: 'A gift card as the signed-in account sees it: whether it can activate it, and if not why',
  params: ZGiftCardParams,
  responses: { 200: ZGiftCard },
  // Counted against the lookup limit: a code is worth money, so guessing is slowed (plugins/rate-limits.ts).
  errors: ['GIFT_CARD_INVALID', 'RATE_LIMITED'],
});

export const activateGiftCardRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/vouchers/:code/activate',
  tags,
  callers: ['session'],
  summary: "Credits a gift card's value to the account, once; two activations at the same time credit it once",
  params: ZGiftCardParams,
  responses: { 200: ZActivateGiftCardResponse },
  errors: [
    'FORBIDDEN',
    'GIFT_CARD_INVALID',
    'GIFT_CARD_USED',
    'GIFT_CARD_EXPIRED',
    'GIFT_CARD_WRONG_CURRENCY',
    'GIFT_CARD_NOT_CUMULATIVE',
    'GIFT_CARD_NOT_ACTIVATED',
    'RATE_LIMITED',
  ],
});
