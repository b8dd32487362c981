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

export type AccountAddOnRow = typeof accountAddOns.$inferSelect;

/** Every add-on row of the account, active or lapsed: the catalogue shows each one's state. */
export async function listAccountAddOns(db: Database | Transaction, accountId: string): Promise<AccountAddOnRow[]> {
  return db.select().from(accountAddOns).where(eq(accountAddOns.accountId, accountId));
}

/** One add-on row, locked for the caller's transaction: two paid years of one add-on queue here. */
export async function lockAccountAddOn(
  tx: Transaction,
  input: { accountId: string; addOnId: AddOnId },
): Promise<AccountAddOnRow | undefined> {
  const [row] = await tx
    .select()
    .from(accountAddOns)
    .where(and(eq(accountAddOns.accountId, input.accountId), eq(accountAddOns.addOnId, input.addOnId)))
    .for('update');
  return row;
}

/** A bought period's first row; false when another transaction inserted it first (then lock and extend that one). */
export async function insertAddOnPeriod(
  tx: Transaction,
  input: { accountId: string; addOnId: AddOnId; activatedAt: Date; expiresAt: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(accountAddOns)
    .values(input)
    .onConflictDoNothing({ target: [accountAddOns.accountId, accountAddOns.addOnId] })
    .returning({ addOnId: accountAddOns.addOnId });
  return inserted.length > 0;
}

/** Sets a locked row's period: a renewal keeps its `activatedAt`, a lapsed add-on bought again starts anew. */
export async function setAddOnPeriod(
  tx: Transaction,
  input: { accountId: string; addOnId: AddOnId; activatedAt: Date; expiresAt: Date },
) {
  await tx
    .update(accountAddOns)
    .set({ activatedAt: input.activatedAt, expiresAt: input.expiresAt })
    .where(and(eq(accountAddOns.accountId, input.accountId), eq(accountAddOns.addOnId, input.addOnId)));
}
