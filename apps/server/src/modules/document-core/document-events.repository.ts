import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { documentEvents } from '../../db/schema/document-events.ts';
import { documents } from '../../db/schema/documents.ts';

export type DocumentEventRow = typeof documentEvents.$inferSelect;

/** A transaction-scoped advisory lock per document: concurrent appends take turns, so the chain never forks. */
export async function lockDocumentEvents(tx: Transaction, documentId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`document-events:${documentId}`}, 0))`);
}

export async function findLastDocumentEvent(tx: Transaction, documentId: string) {
  const [last] = await tx
    .select({ sequence: documentEvents.sequence, hash: documentEvents.hash })
    .from(documentEvents)
    .where(eq(documentEvents.documentId, documentId))
    .orderBy(desc(documentEvents.sequence))
    .limit(1);
  return last;
}

/** Stores the event and moves the document's last activity to it. */
export async function insertDocumentEvent(tx: Transaction, row: DocumentEventRow) {
  await tx.insert(documentEvents).values(row);
  await tx
    .update(documents)
    .set({ lastActivityAt: row.createdAt, updatedAt: row.createdAt })
    .where(eq(documents.id, row.documentId));
}

export async function listDocumentEvents(db: Database | Transaction, documentId: string) {
  return db
    .select()
    .from(documentEvents)
    .where(eq(documentEvents.documentId, documentId))
    .orderBy(asc(documentEvents.sequence));
}
