import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database.ts';
import { documentParties, links } from '../../db/schema/documents.ts';
import { documentAttachments } from '../../db/schema/link-forms.ts';

// A recipient's attachments, as the owner's overview and the sealed PDF read them; links/ writes them.

type Db = Database | Transaction;

/** The document's attachments that are not deleted, by index, each with the party whose link attached it. */
export async function listAttachmentsWithParties(db: Db, documentId: string) {
  return db
    .select({
      attachment: documentAttachments,
      partyId: documentParties.id,
      partyName: documentParties.name,
    })
    .from(documentAttachments)
    .leftJoin(links, eq(links.id, documentAttachments.linkId))
    .leftJoin(documentParties, eq(documentParties.id, links.partyId))
    .where(and(eq(documentAttachments.documentId, documentId), isNull(documentAttachments.deletedAt)))
    .orderBy(asc(documentAttachments.pdfFileIndex));
}
export type AttachmentWithParty = Awaited<ReturnType<typeof listAttachmentsWithParties>>[number];

/** One attachment of the document that is not deleted, to read (no lock): another document's index is not found. */
export async function findLiveAttachment(db: Db, documentId: string, pdfFileIndex: number) {
  const [row] = await db
    .select()
    .from(documentAttachments)
    .where(
      and(
        eq(documentAttachments.documentId, documentId),
        eq(documentAttachments.pdfFileIndex, pdfFileIndex),
        isNull(documentAttachments.deletedAt),
      ),
    );
  return row;
}
