import type { PartnerPricePlansResponse } from '@signlink/contracts/billing/partner-price-plans';
import { maxPlanYears, pricePlanIds, pricePlans } from '@signlink/contracts/billing/price-list';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { authorizePartnerAdmin } from '../document-core/account.policy.ts';
import { findAccountWithPartner } from './customer-accounts.repository.ts';

/** `GET partner/priceplans`: the price list's plans in the partner's own currency (SPEC section 7). */
export async function listPartnerPricePlans(db: Database, actor: Actor): Promise<PartnerPricePlansResponse> {
  authorizePartnerAdmin(actor, 'customers.manage');
  const partner = await findAccountWithPartner(db, actor.accountId);
  if (!partner) throw new AppError('NOT_FOUND');
  return {
    Currency: partner.currency,
    Plans: pricePlanIds.map((id) => ({
      PricePlanId: id,
      YearlyFee: pricePlans[id].yearlyFee[partner.currency],
      DefaultSignaturesPerYear: pricePlans[id].signaturesPerYear,
      MaxYears: maxPlanYears,
    })),
  };
}
