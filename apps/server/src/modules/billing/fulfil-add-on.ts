import { type AddOnId, addOnIds } from '@signlink/contracts/billing/add-ons';
import type { Transaction } from '../../db/database.ts';
import { insertAddOnPeriod, lockAccountAddOn, setAddOnPeriod } from './account-add-ons.repository.ts';
import { nextAddOnPeriod } from './add-on-period.ts';
import { setPaymentPeriod } from './payments.repository.ts';

const isAddOnId = (value: string | null): value is AddOnId => addOnIds.includes(value as AddOnId);

/**
 * A paid add-on payment's year, in the transaction that makes it paid (apply-checkout-session.ts): from the current
 * end when the add-on is still active (a renewal), from now otherwise. The add-on's row is locked first, so two paid
 * years of one add-on add up instead of overwriting each other; one granted without an end keeps it.
 */
export async function fulfilAddOn(
  tx: Transaction,
  payment: { id: string; accountId: string; productId: string | null },
  at: Date,
): Promise<{ start: Date; end: Date }> {
  const addOnId = payment.productId;
  // Written by startAddOnPurchase from the contract's enum; anything else is a fault, and the payment stays pending.
  if (!isAddOnId(addOnId)) throw new Error(`add-on payment ${payment.id} names no add-on (${addOnId})`);
  const key = { accountId: payment.accountId, addOnId };
  let holding = await lockAccountAddOn(tx, key);
  let period = nextAddOnPeriod(holding, at);
  if (!holding) {
    const isInserted = await insertAddOnPeriod(tx, { ...key, activatedAt: at, expiresAt: period.end });
    if (isInserted) {
      await setPaymentPeriod(tx, { paymentId: payment.id, ...period });
      return period;
    }
    // Another payment's delivery inserted the row meanwhile: wait for its lock, then extend what it wrote.
    holding = await lockAccountAddOn(tx, key);
    period = nextAddOnPeriod(holding, at);
  }
  if (holding && holding.expiresAt !== null) {
    const isRenewal = holding.expiresAt.getTime() > at.getTime();
    await setAddOnPeriod(tx, {
      ...key,
      activatedAt: isRenewal ? holding.activatedAt : at,
      expiresAt: period.end,
    });
  }
  await setPaymentPeriod(tx, { paymentId: payment.id, ...period });
  return period;
}
