import { defineRoute } from '../http/route-contract.ts';
import { ZPartnerPricePlansResponse } from './partner-price-plans.ts';

/** SPEC section 7, Billing: what a partner's administrators may set up for customers; others are FORBIDDEN. */
export const listPartnerPricePlansRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/partner/priceplans',
  tags: ['billing', 'customer accounts'],
  callers: ['session'],
  summary: "The plans a partner may set up for customer accounts, in the partner's currency",
  responses: { 200: ZPartnerPricePlansResponse },
  errors: ['FORBIDDEN'],
});
