import { z } from 'zod';
import { currencies } from '../constants.ts';
import { pricePlanIds } from './price-list.ts';

/**
 * `GET linktinker/app/partner/priceplans` (SPEC sections 3 "Customer account (partner)" and 7): the plans a partner
 * may set up for a customer account, priced from the server's price list in the partner's currency, excluding VAT.
 * The customer's own currency decides what the plan row records.
 */
export const ZPartnerPricePlan = z
  .object({
    PricePlanId: z.enum(pricePlanIds),
    /** One year, excluding VAT, in minor units of `Currency`. */
    YearlyFee: z.number().int().positive(),
    /** What `SignatureAmount` is when the partner leaves it out. */
    DefaultSignaturesPerYear: z.number().int().positive(),
    MaxYears: z.number().int().positive(),
  })
  .meta({ id: 'PartnerPricePlan' });
export type PartnerPricePlan = z.infer<typeof ZPartnerPricePlan>;

export const ZPartnerPricePlansResponse = z.object({
  Currency: z.enum(currencies),
  Plans: z.array(ZPartnerPricePlan),
});
export type PartnerPricePlansResponse = z.infer<typeof ZPartnerPricePlansResponse>;
