import type { DocumentAttachmentsResponse } from '@signlink/contracts/documents/document-attachments';
import type { Storage } from '@signlink/providers/storage/storage.port';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { findDocumentForActor } from '../document-core/document-access.ts';
import { findLiveAttachment, listAttachmentsWithParties } from '../document-core/document-attachments.repository.ts';

/**
 * The owner's side of the recipients' attachments: whoever may see the document (document.view) lists them, with the
 * party that attached each, and downloads one. Another account's document is NOT_FOUND and a colleague's private one
 * FORBIDDEN, as everywhere (findDocumentForActor).
 */
export async function listDocumentAttachments(
  db: Database,
  { actor, documentId }: { actor: Actor; documentId: string },
): Promise<DocumentAttachmentsResponse> {
  const document = await findDocumentForActor(db, { actor, documentId, action: 'document.view' });
  const rows = await listAttachmentsWithParties(db, document.id);
  return {
    Attachments: rows.map(({ attachment, partyId, partyName }) => ({
      PdfFileIndex: attachment.pdfFileIndex,
      Title: attachment.title,
      ByteSize: attachment.byteSize,
      PageCount: attachment.pageCount,
      Sha256: attachment.sha256,
      CreatedAt: attachment.createdAt.toISOString(),
      PartyId: partyId,
      PartyName: partyName,
    })),
  };
}

export async function openDocumentAttachment(
  { db, storage }: { db: Database; storage: Storage },
  { actor, documentId, pdfFileIndex }: { actor: Actor; documentId: string; pdfFileIndex: number },
) {
  const document = await findDocumentForActor(db, { actor, documentId, action: 'document.view' });
  const attachment = await findLiveAttachment(db, document.id, pdfFileIndex);
  if (!attachment) throw new AppError('NOT_FOUND', { details: { reason: 'no-such-attachment' } });
  return { fileName: `${attachment.title}.pdf`, body: await storage.get({ key: attachment.storageKey }) };
}
