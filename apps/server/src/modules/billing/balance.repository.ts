import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { accounts, balanceEntries } from '../../db/schema/accounts.ts';
import { newId } from '../../lib/ids.ts';

export type BalanceEntryKind = 'document-reservation' | 'document-reservation-release';

/** The account's balance and currency, the row locked for the caller's transaction when asked. */
export async function findAccountBalance(db: Database | Transaction, accountId: string, options = { lock: false }) {
  const query = db
    .select({ balanceMinor: accounts.balanceMinor, currency: accounts.currency, name: accounts.name })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** One ledger line and the running sum moved by it, in the caller's transaction. */
export async function addBalanceEntry(
  tx: Transaction,
  entry: {
    accountId: string;
    kind: BalanceEntryKind;
    amountMinor: number;
    currency: 'SEK' | 'EUR';
    documentId: string;
    note?: string;
  },
) {
  await tx.insert(balanceEntries).values({ id: newId('bal'), ...entry });
  await tx
    .update(accounts)
    .set({ balanceMinor: sql`${accounts.balanceMinor} + ${entry.amountMinor}` })
    .where(eq(accounts.id, entry.accountId));
}
