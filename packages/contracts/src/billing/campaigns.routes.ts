import { defineRoute } from '../http/route-contract.ts';
import { ZActivateCampaignResponse, ZCampaign, ZCampaignActivationsResponse, ZCampaignParams } from './campaigns.ts';

/** SPEC section 7, Billing: campaigns. */
const tags = ['billing'];

export const findCampaignRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/campaigns/:id',
  tags,
  // The campaign landing and the sign-up page, before anyone is signed in.
  callers: ['client'],
  summary: 'A campaign by its id, without a session: what it credits, in which currency, and until when',
  params: ZCampaignParams,
  responses: { 200: ZCampaign },
  errors: ['NOT_FOUND', 'RATE_LIMITED'],
});

export const listCampaignActivationsRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/campaigns',
  tags,
  callers: ['session'],
  summary: "The account's campaign activations, newest first",
  responses: { 200: ZCampaignActivationsResponse },
  errors: [],
});

export const activateCampaignRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/campaigns/:id/activate',
  tags,
  callers: ['session'],
  summary: "Credits a campaign's value to the account as voucher credit, once per account",
  params: ZCampaignParams,
  responses: { 200: ZActivateCampaignResponse },
  errors: ['FORBIDDEN', 'NOT_FOUND', 'CAMPAIGN_ENDED', 'CAMPAIGN_ALREADY_ACTIVATED', 'CAMPAIGN_WRONG_CURRENCY'],
});
