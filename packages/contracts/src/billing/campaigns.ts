import { z } from 'zod';
import { currencies } from '../constants.ts';

/**
 * Campaigns (SPEC sections 3 and 7): an offer by its id, shown before sign-in, that credits its value once per
 * account as voucher credit lapsing `CreditValidDays` after activation. An ended campaign (CAMPAIGN_ENDED), a
 * second activation by one account (CAMPAIGN_ALREADY_ACTIVATED) and an account of another currency
 * (CAMPAIGN_WRONG_CURRENCY) are refused; an unknown id is NOT_FOUND.
 */
export const ZCampaignParams = z.object({ id: z.string().trim().min(1).max(64) });
export type CampaignParams = z.infer<typeof ZCampaignParams>;

/** `GET linktinker/campaigns/{id}`. */
export const ZCampaign = z
  .object({
    Id: z.string(),
    Name: z.string(),
    Description: z.string(),
    /** Minor units of `Currency`. */
    CreditValue: z.number().int().positive(),
    Currency: z.enum(currencies),
    /** ISO 8601, UTC: the last moment the campaign can be activated. */
    ValidUntil: z.string(),
    /** Days the credit lasts from its activation. */
    CreditValidDays: z.number().int().positive(),
    IsEnded: z.boolean(),
  })
  .meta({ id: 'Campaign' });
export type Campaign = z.infer<typeof ZCampaign>;

/** One activation of a campaign by the account. */
export const ZCampaignActivation = z
  .object({
    Id: z.string(),
    CampaignId: z.string(),
    Name: z.string(),
    Credited: z.number().int().positive(),
    Currency: z.enum(currencies),
    /** ISO 8601, UTC. */
    ActivatedAt: z.string(),
    ExpiresAt: z.string().nullable(),
  })
  .meta({ id: 'CampaignActivation' });
export type CampaignActivation = z.infer<typeof ZCampaignActivation>;

/** `GET linktinker/app/campaigns`: the account's activations, newest first. */
export const ZCampaignActivationsResponse = z.object({ Activations: z.array(ZCampaignActivation) });
export type CampaignActivationsResponse = z.infer<typeof ZCampaignActivationsResponse>;

/** `POST linktinker/app/campaigns/{id}/activate`. */
export const ZActivateCampaignResponse = z.object({
  Activation: ZCampaignActivation,
  /** The account's balance after the credit (minor units). */
  TotalBalance: z.number().int().nonnegative(),
  VoucherBalance: z.number().int().nonnegative(),
});
export type ActivateCampaignResponse = z.infer<typeof ZActivateCampaignResponse>;
