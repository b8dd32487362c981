import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { documentParties } from '../../db/schema/documents.ts';
import { documentAttachments } from '../../db/schema/link-forms.ts';

type Db = Database | Transaction;

// For documents/document-attachments.routes.ts until it imports them from document-core.
export {
  type AttachmentWithParty,
  findLiveAttachment,
  listAttachmentsWithParties,
} from '../document-core/document-attachments.repository.ts';

export type AttachmentRow = typeof documentAttachments.$inferSelect;

/** The document's attachments that are not deleted, by index. */
export async function listAttachments(db: Db, documentId: string) {
  return db
    .select()
    .from(documentAttachments)
    .where(and(eq(documentAttachments.documentId, documentId), isNull(documentAttachments.deletedAt)))
    .orderBy(asc(documentAttachments.pdfFileIndex));
}

/** The next index: one past every index the document ever gave out, deleted ones too (they are never reused). */
export async function nextAttachmentIndex(tx: Transaction, documentId: string): Promise<number> {
  const [row] = await tx
    .select({ next: sql<number>`coalesce(max(${documentAttachments.pdfFileIndex}) + 1, 0)::int` })
    .from(documentAttachments)
    .where(eq(documentAttachments.documentId, documentId));
  return row?.next ?? 0;
}

export async function insertAttachment(tx: Transaction, row: typeof documentAttachments.$inferInsert) {
  const [inserted] = await tx.insert(documentAttachments).values(row).returning();
  if (!inserted) throw new Error('attachment not inserted');
  return inserted;
}

export async function findAttachment(tx: Transaction, documentId: string, pdfFileIndex: number) {
  const [row] = await tx
    .select()
    .from(documentAttachments)
    .where(
      and(
        eq(documentAttachments.documentId, documentId),
        eq(documentAttachments.pdfFileIndex, pdfFileIndex),
        isNull(documentAttachments.deletedAt),
      ),
    )
    .for('update');
  return row;
}

export async function markAttachmentDeleted(tx: Transaction, id: string) {
  await tx.update(documentAttachments).set({ deletedAt: sql`now()` }).where(eq(documentAttachments.id, id));
}

/** Whether the link's party has signed: a signed recipient's attachments are part of what they signed. */
export async function hasPartySigned(db: Db, partyId: string | null): Promise<boolean> {
  if (!partyId) return false;
  const [row] = await db
    .select({ signedAt: documentParties.signedAt })
    .from(documentParties)
    .where(eq(documentParties.id, partyId));
  return Boolean(row?.signedAt);
}
