import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { accounts, memberships } from '../../db/schema/accounts.ts';
import { documents } from '../../db/schema/documents.ts';
import { bulkSendRows, bulkSends } from '../../db/schema/templates.ts';

type Db = Database | Transaction;
export type BulkSendRow = typeof bulkSends.$inferSelect;
export type BulkSendRowRow = typeof bulkSendRows.$inferSelect;

export async function insertBulkSend(
  tx: Transaction,
  input: { bulkSend: typeof bulkSends.$inferInsert; rows: (typeof bulkSendRows.$inferInsert)[] },
) {
  await tx.insert(bulkSends).values(input.bulkSend);
  // In slices: a thousand rows of jsonb in one statement is well past what a bind-parameter list likes.
  for (let start = 0; start < input.rows.length; start += 200) {
    await tx.insert(bulkSendRows).values(input.rows.slice(start, start + 200));
  }
}

export async function findBulkSend(db: Db, id: string, options = { forUpdate: false }) {
  const query = db.select().from(bulkSends).where(eq(bulkSends.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export function listRowsOf(db: Db, bulkSendId: string, status?: BulkSendRowRow['status']) {
  return db
    .select()
    .from(bulkSendRows)
    .where(
      status
        ? and(eq(bulkSendRows.bulkSendId, bulkSendId), eq(bulkSendRows.status, status))
        : eq(bulkSendRows.bulkSendId, bulkSendId),
    )
    .orderBy(asc(bulkSendRows.rowNumber));
}

export async function markBulkSendSending(tx: Transaction, id: string, at: Date) {
  await tx.update(bulkSends).set({ status: 'sending', confirmedAt: at }).where(eq(bulkSends.id, id));
}

export async function findRow(db: Db, rowId: string) {
  const [row] = await db.select().from(bulkSendRows).where(eq(bulkSendRows.id, rowId));
  return row;
}

/** The row's draft, kept as soon as it is made, so a retried job sends it rather than make another. */
export async function setRowDocument(db: Db, rowId: string, documentId: string) {
  await db.update(bulkSendRows).set({ documentId, updatedAt: new Date() }).where(eq(bulkSendRows.id, rowId));
  await db
    .update(documents)
    .set({
      bulkSendId: sql`(select ${bulkSendRows.bulkSendId} from ${bulkSendRows} where ${bulkSendRows.id} = ${rowId})`,
    })
    .where(eq(documents.id, documentId));
}

/**
 * A pending row ends sent or failed, and its bulk send counts it; the last row to end finishes the bulk send.
 * False when the row had ended already (a job run twice): nothing is counted twice.
 */
export async function endRow(
  tx: Transaction,
  input: { rowId: string; status: 'sent' | 'failed'; error?: string; at: Date },
): Promise<boolean> {
  const [ended] = await tx
    .update(bulkSendRows)
    .set({ status: input.status, error: input.error ?? null, updatedAt: input.at })
    .where(and(eq(bulkSendRows.id, input.rowId), eq(bulkSendRows.status, 'pending')))
    .returning({ bulkSendId: bulkSendRows.bulkSendId });
  if (!ended) return false;
  const counter = input.status === 'sent' ? bulkSends.sentCount : bulkSends.failedCount;
  await tx
    .update(bulkSends)
    .set(input.status === 'sent' ? { sentCount: sql`${counter} + 1` } : { failedCount: sql`${counter} + 1` })
    .where(eq(bulkSends.id, ended.bulkSendId));
  await tx
    .update(bulkSends)
    .set({ status: 'done', finishedAt: input.at })
    .where(
      and(
        eq(bulkSends.id, ended.bulkSendId),
        eq(bulkSends.status, 'sending'),
        sql`${bulkSends.sentCount} + ${bulkSends.failedCount} + ${bulkSends.invalidCount} >= ${bulkSends.rowCount}`,
      ),
    );
  return true;
}

/** The bulk send's author as they act in its account now: their role there, or nothing once they left it. */
export async function findMember(db: Db, input: { userId: string; accountId: string }) {
  const [row] = await db
    .select({ role: memberships.role, accountKind: accounts.kind, isPartner: accounts.isPartner })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(memberships.userId, input.userId), eq(memberships.accountId, input.accountId)));
  return row;
}
