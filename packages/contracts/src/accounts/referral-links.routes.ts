import { defineRoute } from '../http/route-contract.ts';
import {
  ZReferralCodeParams,
  ZReferralLink,
  ZReferralLinkDetails,
  ZReferralLinkParams,
  ZReferralLinksResponse,
  ZUpdateReferralLinkRequest,
} from './referral-links.ts';

/**
 * SPEC sections 4, 6 and 7: a partner's referral links, and the public lookup the sign-up page makes. The PUT
 * path is not shown in the spec; it is named in its style (DECISIONS, "Paths the spec does not show").
 */
const tags = ['partners'];

export const listReferralLinksRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/account/referrallinks',
  tags,
  callers: ['session'],
  summary: "The partner's referral links with their registrations (a partner's administrators)",
  responses: { 200: ZReferralLinksResponse },
  errors: ['FORBIDDEN'],
});

export const updateReferralLinkRoute = defineRoute({
  method: 'PUT',
  path: '/linktinker/app/account/referrallinks/:id',
  tags,
  callers: ['session'],
  summary: 'Disable or enable one of the partner’s referral links; a disabled link lets no one register',
  params: ZReferralLinkParams,
  body: ZUpdateReferralLinkRequest,
  responses: { 200: ZReferralLink },
  errors: ['FORBIDDEN', 'NOT_FOUND'],
});

export const findReferralLinkDetailsRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/account/referrallink/:code',
  tags,
  // The sign-up page, before anyone is signed in.
  callers: ['client'],
  summary:
    'An active referral link for the sign-up page, without a session: the partner and the gift-card value ' +
    '(unknown: NOT_FOUND, disabled: REFERRAL_LINK_DISABLED)',
  params: ZReferralCodeParams,
  responses: { 200: ZReferralLinkDetails },
  errors: ['NOT_FOUND', 'REFERRAL_LINK_DISABLED', 'RATE_LIMITED'],
});
