import { and, eq, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { documents } from '../../db/schema/documents.ts';

export type DocumentRow = typeof documents.$inferSelect;

/** A document not deleted from its owner's lists; `forUpdate` locks the row for the caller's transaction. */
export async function findLiveDocument(
  db: Database | Transaction,
  input: { documentId: string; forUpdate?: boolean },
): Promise<DocumentRow | undefined> {
  const query = db
    .select()
    .from(documents)
    .where(and(eq(documents.id, input.documentId), isNull(documents.deletedAt)));
  const [document] = input.forUpdate ? await query.for('update') : await query;
  return document;
}
