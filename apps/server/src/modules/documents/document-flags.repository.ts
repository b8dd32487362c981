import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/database.ts';
import { documentFiles, documentParties, documents } from '../../db/schema/documents.ts';

/** The owner's flags on a sent document (SPEC section 4); the caller holds the row's lock and writes the event. */
export async function updateDocumentFlags(
  tx: Transaction,
  documentId: string,
  changes: Partial<Pick<typeof documents.$inferInsert, 'handled' | 'accessLevel' | 'archivedAt' | 'deletedAt'>>,
) {
  await tx
    .update(documents)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(documents.id, documentId));
}

/** A duplicate's rows, as one draft with its files and parties. */
export type DocumentInsert = typeof documents.$inferInsert;

export async function insertDraftCopy(
  tx: Transaction,
  input: {
    document: DocumentInsert;
    files: (typeof documentFiles.$inferInsert)[];
    parties: (typeof documentParties.$inferInsert)[];
  },
) {
  await tx.insert(documents).values(input.document);
  if (input.files.length > 0) await tx.insert(documentFiles).values(input.files);
  if (input.parties.length > 0) await tx.insert(documentParties).values(input.parties);
}

export async function renameDocument(tx: Transaction, documentId: string, title: string) {
  await tx.update(documents).set({ title }).where(eq(documents.id, documentId));
}

/** The names of a user's documents in an account (not deleted) that start with `prefix`, as a set. */
export async function findTitlesStartingWith(
  tx: Transaction,
  input: { accountId: string; ownerUserId: string; prefix: string },
) {
  const rows = await tx
    .select({ title: documents.title })
    .from(documents)
    .where(
      and(
        eq(documents.accountId, input.accountId),
        eq(documents.ownerUserId, input.ownerUserId),
        isNull(documents.deletedAt),
        // left() rather than LIKE: a name may hold % or _.
        sql`left(${documents.title}, ${input.prefix.length}) = ${input.prefix}`,
      ),
    );
  return new Set(rows.map((row) => row.title));
}
