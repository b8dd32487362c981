import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { users } from '../../db/schema/accounts.ts';
import { documentFiles, documentParties, documents } from '../../db/schema/documents.ts';

/** Templates are documents of kind `template` (schema/documents.ts); this reads and writes them as such. */
type Db = Database | Transaction;
export type TemplateDocumentRow = typeof documents.$inferSelect;

/** The caller's own templates and the account's shared ones, not deleted, latest change first, with owner names. */
export async function listVisibleTemplates(db: Db, input: { accountId: string; userId: string }) {
  return db
    .select({ document: documents, ownerName: users.name })
    .from(documents)
    .leftJoin(users, eq(users.id, documents.ownerUserId))
    .where(
      and(
        eq(documents.accountId, input.accountId),
        eq(documents.kind, 'template'),
        isNull(documents.deletedAt),
        or(eq(documents.ownerUserId, input.userId), eq(documents.accessLevel, 'shared')),
      ),
    )
    .orderBy(desc(documents.updatedAt), desc(documents.id));
}

export async function findOwnerName(db: Db, userId: string | null) {
  if (!userId) return '';
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? '';
}

/** Each document's page count over its files, in one query. */
export async function countPagesOf(db: Db, documentIds: readonly string[]) {
  if (documentIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({
      documentId: documentFiles.documentId,
      pages: sql<number>`coalesce(sum(${documentFiles.pageCount}), 0)::int`,
    })
    .from(documentFiles)
    .where(inArray(documentFiles.documentId, [...documentIds]))
    .groupBy(documentFiles.documentId);
  return new Map(rows.map((row) => [row.documentId, Number(row.pages)]));
}

export async function updateTemplateRow(
  tx: Transaction,
  documentId: string,
  values: Partial<Pick<TemplateDocumentRow, 'title' | 'accessLevel' | 'kind' | 'deletedAt'>>,
) {
  const now = new Date();
  await tx
    .update(documents)
    .set({ ...values, updatedAt: now, lastActivityAt: now })
    .where(eq(documents.id, documentId));
}

/** A slot's role and, when a template is made in place from an upload, its contact details. */
export async function updatePartyOfDocument(
  tx: Transaction,
  input: { documentId: string; signatureIndex: number },
  values: Partial<Pick<typeof documentParties.$inferSelect, 'role' | 'name' | 'email' | 'phone'>>,
) {
  await tx
    .update(documentParties)
    .set(values)
    .where(
      and(eq(documentParties.documentId, input.documentId), eq(documentParties.signatureIndex, input.signatureIndex)),
    );
}
