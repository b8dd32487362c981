import type { AddOnId } from '@signlink/contracts/billing/add-ons';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { accountAddOns } from '../../db/schema/add-ons.ts';

/** The account's add-ons active at `now`: without an end, or ending later. */
export async function listActiveAddOns(
  db: Database | Transaction,
  accountId: string,
  now = new Date(),
): Promise<AddOnId[]> {
  const rows = await db
    .select({ addOnId: accountAddOns.addOnId })
    .from(accountAddOns)
    .where(
      and(
        eq(accountAddOns.accountId, accountId),
        or(isNull(accountAddOns.expiresAt), gt(accountAddOns.expiresAt, now)),
      ),
    );
  return rows.map((row) => row.addOnId);
}

/** Turns an add-on on for an account (the demo seed and tests, until billing sells them); twice is once. */
export async function activateAddOn(db: Database | Transaction, input: { accountId: string; addOnId: AddOnId }) {
  await db
    .insert(accountAddOns)
    .values(input)
    .onConflictDoUpdate({ target: [accountAddOns.accountId, accountAddOns.addOnId], set: { expiresAt: null } });
}
