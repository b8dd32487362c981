import {
  maxPlanYears,
  planCancelNoticeDays,
  pricePlanIds,
  pricePlans,
  sharingPricePlans,
} from '@signlink/contracts/billing/price-list';
import type { PricePlansResponse } from '@signlink/contracts/billing/price-plans';
import { vatPercentFor } from '@signlink/contracts/billing/vat';
import type { Database } from '../../db/database.ts';
import type { Actor } from '../../http/actor.ts';
import { authorize } from '../document-core/account.policy.ts';
import { canHoldPlan, isInvoiceCustomer } from './plan-rules.ts';
import { findLivePlan, findPlanAccount } from './plans.repository.ts';
import { presentActivePlan } from './price-plans.presenter.ts';

/** `GET linktinker/app/priceplans`: the price list's plans in the account's currency, and its live plan. */
export async function listPricePlans(db: Database, actor: Actor, now = new Date()): Promise<PricePlansResponse> {
  authorize(actor, 'account.view');
  const account = await findPlanAccount(db, actor.accountId);
  const live = await findLivePlan(db, actor.accountId, { now });
  const vatPercent = vatPercentFor(account);
  return {
    Currency: account.currency,
    Plans: pricePlanIds.map((id) => ({
      PricePlanId: id,
      YearlyFee: pricePlans[id].yearlyFee[account.currency],
      SignaturesPerYear: pricePlans[id].signaturesPerYear,
      Currency: account.currency,
      VatPercent: vatPercent,
      AllowsSharing: sharingPricePlans.includes(id),
    })),
    Active: live ? presentActivePlan(live, now) : null,
    CanOrder: canHoldPlan(account),
    InvoiceCustomer: isInvoiceCustomer(account),
    MaxYears: maxPlanYears,
    CancelNoticeDays: planCancelNoticeDays,
  };
}
