import { defineRoute } from '../http/route-contract.ts';
import { ZIssueGiftCardRequest, ZIssueGiftCardResponse } from './dev-gift-cards.ts';

/**
 * Issuing gift cards for trying redemption (never in production: the server registers this only with simulators
 * on, like the developer mailbox). Selling cards is not part of SPEC section 7.
 */
export const issueDevGiftCardRoute = defineRoute({
  method: 'POST',
  path: '/dev/vouchers',
  tags: ['development'],
  callers: ['public'],
  summary: 'Issues a gift card with the given value, currency, expiry and owner (development only)',
  body: ZIssueGiftCardRequest,
  responses: { 201: ZIssueGiftCardResponse },
  // A code already issued is refused as invalid input.
  errors: ['VALIDATION_FAILED'],
});
