import { isPdf } from '@signlink/pdf/detect-pdf';
import type { Storage } from '@signlink/providers/storage/storage.port';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { newId } from '../../lib/ids.ts';
import type { PdfPool } from '../../pdf/pdf-pool.ts';
import { allowedAccessLevel } from '../billing/plan-rules.ts';
import { authorize, can } from '../document-core/account.policy.ts';
import { appendDocumentEvent } from '../document-core/document-history.ts';
import { titleFromFileName } from '../document-core/file-title.ts';
import { findDocumentDefaults, insertDocument, insertFile, nextFilePosition } from './drafts.repository.ts';
import { findDraftForUpdate, loadDraft } from './drafts.service.ts';

export interface UploadDeps {
  db: Database;
  storage: Storage;
  pdf: PdfPool;
  maxUploadBytes: number;
}

export interface UploadInput {
  bytes: Uint8Array;
  /** The file's name as the sender's computer had it; the title is it without `.pdf`. */
  name?: string;
  /** Adds the file to this draft instead of starting a new one. */
  draftId?: string;
}

export const storageKeyOf = (documentId: string, fileId: string) => `documents/${documentId}/${fileId}.pdf`;

/**
 * Issue 6, part 1: a PDF (judged by content) becomes a draft with one file, or one more file of a draft. The
 * file is checked and cleaned in the PDF worker pool; the bytes of record (the upload's own when nothing was
 * removed) are stored with their SHA-256 before the transaction, which writes the draft, the file and the
 * 'created' history event together; a failed transaction removes the stored bytes again.
 */
export async function uploadDocument(deps: UploadDeps, actor: Actor, input: UploadInput) {
  // Contributors upload too: a PDF for a template (SPEC section 6), which only POST templates (FromUpload) makes of it.
  if (!can(actor, 'templates.create')) authorize(actor, 'documents.create');
  if (input.bytes.byteLength > deps.maxUploadBytes) throw new AppError('FILE_TOO_LARGE');
  if (!isPdf(input.bytes)) throw new AppError('UPLOAD_WRONG_TYPE');
  // Refuse an unknown or sent draft before the parse, not after it.
  if (input.draftId) await findDraftForUpdate(deps.db, actor, input.draftId);

  const checked = await deps.pdf.sanitize(input.bytes, `account:${actor.accountId}`);
  const bytes = checked.cleanedBytes ?? input.bytes;
  const documentId = input.draftId ?? newId('doc');
  const fileId = newId('fil');
  const stored = await deps.storage.put({
    key: storageKeyOf(documentId, fileId),
    body: bytes,
    contentType: 'application/pdf',
  });
  const title = titleFromFileName(input.name);
  const fileRow = {
    id: fileId,
    documentId,
    title,
    storageKey: stored.key,
    sha256: stored.sha256,
    byteSize: stored.size,
    pageCount: checked.inspection.pageCount,
    pageSizes: checked.inspection.pages,
    formFields: checked.inspection.formFields,
    removedContent: checked.removed,
  };
  try {
    await deps.db.transaction(async (tx) => {
      if (input.draftId) {
        await findDraftForUpdate(tx, actor, input.draftId);
        await insertFile(tx, { ...fileRow, position: await nextFilePosition(tx, documentId) });
        return;
      }
      const defaults = await findDocumentDefaults(tx, actor);
      if (!defaults) throw new AppError('NOT_FOUND');
      await insertDocument(tx, {
        id: documentId,
        accountId: actor.accountId,
        ownerUserId: actor.userId,
        title,
        language: defaults.language,
        originalSha256: stored.sha256,
        state: 'draft',
        accessLevel: await allowedAccessLevel(tx, actor.accountId, defaults.accessLevel),
      });
      await insertFile(tx, { ...fileRow, position: 0 });
      await appendDocumentEvent(tx, {
        documentId,
        type: 'created',
        data: { title, fileId, sha256: stored.sha256, removedContent: checked.removed },
      });
    });
  } catch (error) {
    await deps.storage.delete({ key: stored.key }).catch(() => undefined);
    throw error;
  }
  return loadDraft(deps.db, documentId);
}
