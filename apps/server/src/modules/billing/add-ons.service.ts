import type { AddOnsResponse, SmartFieldsResponse } from '@signlink/contracts/billing/add-on-catalogue';
import { addOnEnables, smartFieldIds, smartFieldSources } from '@signlink/contracts/billing/add-on-catalogue';
import { addOnIds } from '@signlink/contracts/billing/add-ons';
import { addOnYearlyFees } from '@signlink/contracts/billing/price-list';
import { vatPercentFor } from '@signlink/contracts/billing/vat';
import type { Database } from '../../db/database.ts';
import type { Actor } from '../../http/actor.ts';
import { authorize } from '../document-core/account.policy.ts';
import { listAccountAddOns, listActiveAddOns } from './account-add-ons.repository.ts';
import { addOnStateOf } from './add-on-period.ts';
import { findPayingAccount } from './payments.repository.ts';

/**
 * `GET linktinker/app/addons`: every add-on in the catalogue's order, priced in the account's currency with its VAT
 * percent, and its state now. Any member reads it (SPEC section 6): what the account has decides what they may send.
 */
export async function listAddOns(db: Database, actor: Actor): Promise<AddOnsResponse> {
  authorize(actor, 'account.view');
  const account = await findPayingAccount(db, actor.accountId);
  if (!account) throw new Error(`the session's account ${actor.accountId} is gone`);
  const rows = await listAccountAddOns(db, actor.accountId);
  const now = new Date();
  const vatPercent = vatPercentFor(account);
  return {
    AddOns: addOnIds.map((addOnId) => {
      const state = addOnStateOf(
        rows.find((row) => row.addOnId === addOnId),
        now,
      );
      return {
        AddOnId: addOnId,
        YearlyFee: addOnYearlyFees[addOnId][account.currency],
        VatPercent: vatPercent,
        Currency: account.currency,
        Active: state.isActive,
        ActiveUntil: state.activeUntil?.toISOString() ?? null,
        CanBuy: state.canBuy,
        Enables: [...addOnEnables[addOnId]],
      };
    }),
  };
}

/** `GET linktinker/app/addons/smartfields`: the fields the 'smart-fields' add-on unlocks, and whether it is active. */
export async function listSmartFields(db: Database, actor: Actor): Promise<SmartFieldsResponse> {
  authorize(actor, 'account.view');
  const active = await listActiveAddOns(db, actor.accountId);
  return {
    Active: active.includes('smart-fields'),
    SmartFields: smartFieldIds.map((id) => ({ SmartFieldId: id, Source: smartFieldSources[id] })),
  };
}
