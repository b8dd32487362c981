import { and, count, desc, eq, gt, like, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { linkCodeProofs } from '../../db/schema/documents.ts';
import { linkFormSubmissions } from '../../db/schema/link-forms.ts';
import { messages } from '../../db/schema/messages.ts';

type Db = Database | Transaction;
export type FormSubmissionRow = typeof linkFormSubmissions.$inferSelect;

export async function findLinkForm(db: Db, linkId: string, options = { lock: false }) {
  const query = db.select().from(linkFormSubmissions).where(eq(linkFormSubmissions.linkId, linkId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function findFormById(db: Db, formId: string, options = { lock: false }) {
  const query = db.select().from(linkFormSubmissions).where(eq(linkFormSubmissions.id, formId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** The link's one submission, made on the first save; a racing first save finds the other's row. */
export async function insertLinkForm(tx: Transaction, row: typeof linkFormSubmissions.$inferInsert) {
  const [inserted] = await tx.insert(linkFormSubmissions).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function updateLinkForm(
  tx: Transaction,
  formId: string,
  changes: Partial<Omit<FormSubmissionRow, 'id' | 'linkId' | 'documentId' | 'createdAt'>>,
) {
  const [row] = await tx
    .update(linkFormSubmissions)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(linkFormSubmissions.id, formId))
    .returning();
  if (!row) throw new Error(`form ${formId} vanished under its row lock`);
  return row;
}

/** The idempotency-key prefix every message of one submission carries: the send limit counts by it. */
export const formMessageKeyPrefix = (formId: string) => `form:${formId}:`;

/** Messages of one submission queued since `since` (the outbox rows are the count, as for shares). */
export async function countFormMessages(tx: Transaction, input: { documentId: string; formId: string; since: Date }) {
  const [row] = await tx
    .select({ sent: count() })
    .from(messages)
    .where(
      and(
        eq(messages.documentId, input.documentId),
        like(messages.idempotencyKey, `${formMessageKeyPrefix(input.formId)}%`),
        gt(messages.createdAt, input.since),
      ),
    );
  return row?.sent ?? 0;
}

/** Contacts a code proved at this link (its gate's, or one verified after it), newest first. */
export async function listLinkProofs(db: Db, linkId: string) {
  return db
    .select({
      codeToken: linkCodeProofs.codeToken,
      channel: linkCodeProofs.channel,
      destination: linkCodeProofs.destination,
      verifiedAt: linkCodeProofs.verifiedAt,
    })
    .from(linkCodeProofs)
    .where(eq(linkCodeProofs.linkId, linkId))
    .orderBy(desc(linkCodeProofs.verifiedAt));
}
