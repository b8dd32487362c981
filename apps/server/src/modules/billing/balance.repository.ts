import { and, desc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { accounts, balanceEntries } from '../../db/schema/accounts.ts';
import { voucherCredits } from '../../db/schema/billing.ts';
import { newId } from '../../lib/ids.ts';
import type { Pot } from './ledger.ts';

export type BalanceEntryKind =
  | 'welcome-offer'
  | 'voucher-credit'
  | 'voucher-expiry'
  | 'document-reservation'
  | 'document-reservation-release'
  | 'test-credit'
  | 'top-up'
  // A partner's additional amount on a customer account they set up (SPEC section 3, Customer account).
  | 'partner-credit';

/** The account's cached balance and currency, the row locked for the caller's transaction when asked. */
export async function findAccountBalance(db: Database | Transaction, accountId: string, options = { lock: false }) {
  const query = db
    .select({ balanceMinor: accounts.balanceMinor, currency: accounts.currency, name: accounts.name })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** One ledger line and the cached sum moved by it, in the caller's transaction (which holds the account's lock). */
export async function addBalanceEntry(
  tx: Transaction,
  entry: {
    accountId: string;
    kind: BalanceEntryKind;
    amountMinor: number;
    currency: 'SEK' | 'EUR';
    voucherCreditId?: string | null;
    /** The document a reservation or its release is for; none for a top-up. */
    documentId?: string;
    note?: string;
    createdAt?: Date;
  },
) {
  await tx.insert(balanceEntries).values({ id: newId('bal'), ...entry });
  await tx
    .update(accounts)
    .set({ balanceMinor: sql`${accounts.balanceMinor} + ${entry.amountMinor}` })
    .where(eq(accounts.id, entry.accountId));
}

const potSum = sql<number>`coalesce(sum(${balanceEntries.amountMinor}), 0)::bigint`.mapWith(Number);

/** Every pot of the account with what its lines sum to; with `documentId`, only that document's lines. */
export async function listPots(
  db: Database | Transaction,
  input: { accountId: string; documentId?: string },
): Promise<Pot[]> {
  return db
    .select({
      voucherCreditId: balanceEntries.voucherCreditId,
      remainingMinor: potSum,
      expiresAt: voucherCredits.expiresAt,
    })
    .from(balanceEntries)
    .leftJoin(voucherCredits, eq(voucherCredits.id, balanceEntries.voucherCreditId))
    .where(
      and(
        eq(balanceEntries.accountId, input.accountId),
        input.documentId ? eq(balanceEntries.documentId, input.documentId) : undefined,
      ),
    )
    .groupBy(balanceEntries.voucherCreditId, voucherCredits.expiresAt);
}

export type VoucherCreditRow = typeof voucherCredits.$inferSelect;
export type NewVoucherCredit = typeof voucherCredits.$inferInsert;

export async function insertVoucherCredit(tx: Transaction, credit: NewVoucherCredit) {
  const [row] = await tx.insert(voucherCredits).values(credit).returning();
  if (!row) throw new Error('voucher credit not inserted');
  return row;
}

/** The account's voucher credits, newest first, with the sum of each one's ledger lines. */
export async function listVoucherCredits(
  db: Database | Transaction,
  accountId: string,
  options: { source?: VoucherCreditRow['source'] } = {},
) {
  return db
    .select({ credit: voucherCredits, remainingMinor: potSum })
    .from(voucherCredits)
    .leftJoin(balanceEntries, eq(balanceEntries.voucherCreditId, voucherCredits.id))
    .where(
      and(
        eq(voucherCredits.accountId, accountId),
        options.source ? eq(voucherCredits.source, options.source) : undefined,
      ),
    )
    .groupBy(voucherCredits.id)
    .orderBy(desc(voucherCredits.activatedAt), desc(voucherCredits.id));
}

/** Accounts holding a voucher credit that lapsed by `now` and still has lines summing to something. */
export async function listAccountsWithLapsedCredits(db: Database, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ accountId: voucherCredits.accountId })
    .from(voucherCredits)
    .innerJoin(balanceEntries, eq(balanceEntries.voucherCreditId, voucherCredits.id))
    .where(and(isNotNull(voucherCredits.expiresAt), lte(voucherCredits.expiresAt, now)))
    .groupBy(voucherCredits.id, voucherCredits.accountId)
    .having(sql`sum(${balanceEntries.amountMinor}) <> 0`);
  return rows.map((row) => row.accountId);
}
