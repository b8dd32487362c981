import { topUpProductIds, topUpProducts } from '@signlink/contracts/billing/price-list';
import type { TopUpProductsResponse } from '@signlink/contracts/billing/top-up';
import { vatOf, vatPercentFor } from '@signlink/contracts/billing/vat';
import { money } from '@signlink/contracts/constants';
import type { Database } from '../../db/database.ts';
import type { Actor } from '../../http/actor.ts';
import { authorize } from '../document-core/account.policy.ts';
import { findPayingAccount } from './payments.repository.ts';

/** `GET linktinker/app/balance/payments/products`: the price list's top-ups in the account's currency, VAT on top. */
export async function listTopUpProducts(db: Database, actor: Actor): Promise<TopUpProductsResponse> {
  authorize(actor, 'balance.fund');
  const account = await findPayingAccount(db, actor.accountId);
  // A session names an existing account (accounts are deleted with their sessions): a fault, not a caller's error.
  if (!account) throw new Error(`the session's account ${actor.accountId} is gone`);
  const { currency } = account;
  const vatPercent = vatPercentFor(account);
  return {
    Currency: currency,
    Products: topUpProductIds.map((id) => {
      const amount = topUpProducts[id][currency];
      const vat = vatOf(amount, vatPercent);
      return { ProductId: id, Amount: amount, Vat: vat, Total: amount + vat, Currency: currency };
    }),
    CustomAmountMin: money.topUp[currency].min,
    CustomAmountMax: money.topUp[currency].max,
    VatPercent: vatPercent,
  };
}
