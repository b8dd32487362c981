import { limits } from '@signlink/contracts/constants';
import type { LinkAttachment } from '@signlink/contracts/links/link-attachments';
import { isPdf } from '@signlink/pdf/detect-pdf';
import type { Storage } from '@signlink/providers/storage/storage.port';
import type { Database, Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import type { PdfPool } from '../../pdf/pdf-pool.ts';
import { findLiveAttachment } from '../document-core/document-attachments.repository.ts';
import { appendDocumentEvent } from '../document-core/document-history.ts';
import { titleFromFileName } from '../document-core/file-title.ts';
import { type LinkAccess, requireLinkAccess } from './link-access-guard.ts';
import {
  type AttachmentRow,
  findAttachment,
  hasPartySigned,
  insertAttachment,
  listAttachments,
  markAttachmentDeleted,
  nextAttachmentIndex,
} from './link-attachments.repository.ts';
import { lockDocument } from './link-signatures.repository.ts';

export interface AttachmentDeps {
  db: Database;
  secret: string;
  storage: Storage;
  pdf: PdfPool;
  maxUploadBytes: number;
}

type Attachments = { Attachments: LinkAttachment[] };

/** `POST linktinker/links/{id}/attachments/load` (issue 8, part 8): the document's attachments, by index. */
export async function loadLinkAttachments(
  deps: Pick<AttachmentDeps, 'db' | 'secret'>,
  input: { linkId: string; requestToken: string },
): Promise<Attachments> {
  const access = await requireLinkAccess(deps, input.linkId, input.requestToken);
  return presentAttachments(await listAttachments(deps.db, access.document.id), access.link.id);
}

/**
 * The recipient attaches a PDF (SPEC section 3, Attachment): checked as the sender's upload is (size, PDF by
 * content, then the worker pool's parse: not encrypted, not restricted, active content removed), stored before the
 * transaction, which takes the next index under the document's row lock and writes 'attachment uploaded'. Only
 * while the document is open and this recipient has not signed; at most `maxAttachmentsPerDocument`.
 */
export async function addLinkAttachment(
  deps: AttachmentDeps,
  input: { linkId: string; requestToken: string; name?: string | undefined; bytes: Uint8Array },
): Promise<Attachments> {
  const access = await requireLinkAccess(deps, input.linkId, input.requestToken);
  await assertRecipientMayChange(deps.db, access);
  if (input.bytes.byteLength > deps.maxUploadBytes) throw new AppError('FILE_TOO_LARGE');
  if (!isPdf(input.bytes)) throw new AppError('UPLOAD_WRONG_TYPE');
  const checked = await deps.pdf.sanitize(input.bytes, `link:${input.linkId}`);
  const id = newId('att');
  const stored = await deps.storage.put({
    key: `documents/${access.document.id}/attachments/${id}.pdf`,
    body: checked.cleanedBytes ?? input.bytes,
    contentType: 'application/pdf',
  });
  try {
    await deps.db.transaction(async (tx) => {
      const document = await lockDocument(tx, access.document.id);
      if (!document) throw new AppError('INVALID_LINK');
      await assertRecipientMayChange(tx, { ...access, document });
      if ((await listAttachments(tx, document.id)).length >= limits.maxAttachmentsPerDocument) {
        throw new AppError('VALIDATION_FAILED', {
          details: { reason: 'too-many-attachments', limit: limits.maxAttachmentsPerDocument },
        });
      }
      const title = titleFromFileName(input.name);
      const row = await insertAttachment(tx, {
        id,
        documentId: document.id,
        linkId: access.link.id,
        pdfFileIndex: await nextAttachmentIndex(tx, document.id),
        title,
        storageKey: stored.key,
        sha256: stored.sha256,
        byteSize: stored.size,
        pageCount: checked.inspection.pageCount,
      });
      await appendDocumentEvent(tx, {
        documentId: document.id,
        type: 'attachment-uploaded',
        data: {
          pdfFileIndex: row.pdfFileIndex,
          title,
          sha256: stored.sha256,
          linkId: access.link.id,
          partyId: access.link.partyId,
          removedContent: checked.removed,
        },
      });
    });
  } catch (error) {
    await deps.storage.delete({ key: stored.key }).catch(() => undefined);
    throw error;
  }
  return presentAttachments(await listAttachments(deps.db, access.document.id), access.link.id);
}

/**
 * `POST …/attachments/delete`: removes one of this link's own attachments (another's is FORBIDDEN) while the
 * document is open and this recipient has not signed; writes 'attachment-deleted'. The row stays (its index is
 * never reused); the bytes go once the transaction committed.
 */
export async function deleteLinkAttachment(
  deps: Pick<AttachmentDeps, 'db' | 'secret' | 'storage'>,
  input: { linkId: string; requestToken: string; pdfFileIndex: number },
): Promise<Attachments> {
  const access = await requireLinkAccess(deps, input.linkId, input.requestToken);
  const removed = await deps.db.transaction(async (tx) => {
    const document = await lockDocument(tx, access.document.id);
    if (!document) throw new AppError('INVALID_LINK');
    const attachment = await findAttachment(tx, document.id, input.pdfFileIndex);
    if (!attachment) throw new AppError('NOT_FOUND', { details: { reason: 'no-such-attachment' } });
    if (attachment.linkId !== access.link.id) {
      throw new AppError('FORBIDDEN', { details: { reason: 'attachment-of-another' } });
    }
    await assertRecipientMayChange(tx, { ...access, document });
    await markAttachmentDeleted(tx, attachment.id);
    await appendDocumentEvent(tx, {
      documentId: document.id,
      type: 'attachment-deleted',
      data: {
        pdfFileIndex: attachment.pdfFileIndex,
        title: attachment.title,
        linkId: access.link.id,
        partyId: access.link.partyId,
      },
    });
    return attachment;
  });
  await deps.storage.delete({ key: removed.storageKey }).catch(() => undefined);
  return presentAttachments(await listAttachments(deps.db, access.document.id), access.link.id);
}

/**
 * `POST …/attachments/download`: one attachment's PDF as stored. Any of this document's, whoever attached it: the
 * list shows them all and the sealed PDF carries them all to every party; another document's index is NOT_FOUND.
 */
export async function openLinkAttachment(
  deps: Pick<AttachmentDeps, 'db' | 'secret' | 'storage'>,
  input: { linkId: string; requestToken: string; pdfFileIndex: number },
) {
  const access = await requireLinkAccess(deps, input.linkId, input.requestToken);
  const attachment = await findLiveAttachment(deps.db, access.document.id, input.pdfFileIndex);
  if (!attachment) throw new AppError('NOT_FOUND', { details: { reason: 'no-such-attachment' } });
  return { fileName: `${attachment.title}.pdf`, body: await deps.storage.get({ key: attachment.storageKey }) };
}

/** SPEC section 4: only an open document changes, and a recipient's signature covers what they had attached. */
async function assertRecipientMayChange(db: Database | Transaction, access: Pick<LinkAccess, 'document' | 'link'>) {
  const { state } = access.document;
  if (state === 'withdrawn') throw new AppError('DOCUMENT_WITHDRAWN');
  if (state === 'completed') throw new AppError('DOCUMENT_COMPLETED');
  if (state !== 'active') throw new AppError('DOCUMENT_NOT_OPEN', { details: { state } });
  if (await hasPartySigned(db, access.link.partyId)) {
    throw new AppError('DOCUMENT_SAVE_FAILED', { details: { reason: 'already-signed' } });
  }
}

function presentAttachments(rows: AttachmentRow[], linkId: string): Attachments {
  return {
    Attachments: rows.map((row) => ({
      PdfFileIndex: row.pdfFileIndex,
      Title: row.title,
      ByteSize: row.byteSize,
      PageCount: row.pageCount,
      UploadedByMe: row.linkId === linkId,
      CreatedAt: row.createdAt.toISOString(),
    })),
  };
}
