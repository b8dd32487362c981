import { fieldNameOf, type PlacedField } from '@signlink/contracts/documents/document-model';
import type { ZMergeFilesRequest, ZSaveRulesRequest } from '@signlink/contracts/documents/drafts';
import type { Storage } from '@signlink/providers/storage/storage.port';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { newId } from '../../lib/ids.ts';
import { readStored } from '../../lib/read-stored.ts';
import type { PdfPool } from '../../pdf/pdf-pool.ts';
import { findLiveSession } from '../auth/sessions.repository.ts';
import { findDocumentForActor } from '../document-core/document-access.ts';
import { presentFile } from './drafts.presenter.ts';
import {
  type DocumentFileRow,
  deleteFiles,
  findFile,
  insertFile,
  listFiles,
  listParties,
  updateDocument,
  updateFile,
} from './drafts.repository.ts';
import { accessMapOf, findDraftForUpdate, loadDraft } from './drafts.service.ts';
import { signFileContentToken, verifyFileContentToken } from './file-content-token.ts';
import { storageKeyOf } from './upload-document.ts';

export interface FileDeps {
  db: Database;
  storage: Storage;
  pdf: PdfPool;
  secret: string;
}

/** A file and its document as the caller may reach them; an unknown file is as unknown as another account's. */
async function findFileForActor(
  db: Database | Transaction,
  actor: Actor,
  fileId: string,
  action: 'document.view' | 'document.manage',
) {
  const file = await findFile(db, fileId);
  if (!file) throw new AppError('NOT_FOUND');
  const document = await findDocumentForActor(db, { actor, documentId: file.documentId, action });
  return { file, document };
}

/** `POST linktinker/files/{id}/editor`: the draft, the file, and a short-lived address of its bytes for pdf.js. */
export async function openEditor(deps: FileDeps, actor: Actor, fileId: string) {
  const { file } = await findFileForActor(deps.db, actor, fileId, 'document.manage');
  const token = await signFileContentToken(deps.secret, {
    fileId,
    userId: actor.userId,
    sessionId: actor.sessionId,
  });
  return {
    Project: await loadDraft(deps.db, file.documentId),
    File: presentFile(file),
    ContentUrl: `/v2/linktinker/files/${encodeURIComponent(fileId)}/content?token=${encodeURIComponent(token)}`,
  };
}

/** The file's stored bytes for a valid content token (no bearer token: pdf.js fetches the URL itself). */
export async function readFileContent(
  deps: Pick<FileDeps, 'db' | 'storage' | 'secret'>,
  fileId: string,
  token: string,
) {
  const verified = await verifyFileContentToken(deps.secret, { fileId, token });
  if (!verified) throw new AppError('UNAUTHENTICATED');
  // Access is checked at each use, not only when the address was made: a draft made private, a member removed or
  // logged out stops its old addresses at once.
  const live = await findLiveSession(deps.db, verified.sessionId, new Date());
  if (!live) throw new AppError('UNAUTHENTICATED');
  const file = await findFile(deps.db, fileId);
  if (!file) throw new AppError('NOT_FOUND');
  await findDocumentForActor(deps.db, {
    actor: { userId: live.user.id, accountId: live.account.id, role: live.role },
    documentId: file.documentId,
    action: 'document.view',
  });
  return { file, stream: await deps.storage.get({ key: file.storageKey }) };
}

/** Points may differ by rounding between the editor and the server; more than this is off the page. */
const pageTolerance = 0.5;

/**
 * `POST linktinker/files/{id}/rules`: the placed fields, each checked against its page; the server names them
 * (`fieldNameOf`: per type and slot, numbered in order) and writes the access map from the draft's parties.
 */
export async function saveRules(
  deps: Pick<FileDeps, 'db'>,
  actor: Actor,
  fileId: string,
  request: z.infer<typeof ZSaveRulesRequest>,
) {
  const saved = await deps.db.transaction(async (tx) => {
    const file = await findFile(tx, fileId);
    if (!file) throw new AppError('NOT_FOUND');
    await findDraftForUpdate(tx, actor, file.documentId);
    const fields = nameFields(checkFields(file, request.Fields));
    const access = accessMapOf(await listParties(tx, file.documentId));
    return updateFile(tx, fileId, { rules: { fields, access, ...(request.Labels ? { labels: request.Labels } : {}) } });
  });
  return presentFile(saved);
}

function checkFields(file: DocumentFileRow, fields: PlacedField[]): PlacedField[] {
  const ids = new Set<string>();
  const pdfFieldNames = new Set(file.formFields.map((field) => field.name));
  for (const field of fields) {
    const page = file.pageSizes[field.page - 1];
    const problem = ids.has(field.id)
      ? 'duplicate-id'
      : !page
        ? 'no-such-page'
        : field.x + field.width > page.width + pageTolerance || field.y + field.height > page.height + pageTolerance
          ? 'off-the-page'
          : field.pdfFieldName !== undefined && !pdfFieldNames.has(field.pdfFieldName)
            ? 'no-such-pdf-field'
            : null;
    if (problem) throw new AppError('DOCUMENT_INVALID', { details: { reason: problem, fieldId: field.id } });
    ids.add(field.id);
  }
  return fields;
}

/** `Signature[0]`, `Signature[0].2`, `Text[1]`, ...: the n-th field of a type for a slot, in the list's order. */
export function nameFields(fields: PlacedField[]): PlacedField[] {
  const counts = new Map<string, number>();
  return fields.map((field) => {
    const key = `${field.type}:${field.signatureIndex}`;
    const ordinal = (counts.get(key) ?? 0) + 1;
    counts.set(key, ordinal);
    return { ...field, name: fieldNameOf(field.type, field.signatureIndex, ordinal) };
  });
}

/** `PUT linktinker/files/{id}/title`. */
export async function renameFile(deps: Pick<FileDeps, 'db'>, actor: Actor, fileId: string, title: string) {
  const saved = await deps.db.transaction(async (tx) => {
    const file = await findFile(tx, fileId);
    if (!file) throw new AppError('NOT_FOUND');
    await findDraftForUpdate(tx, actor, file.documentId);
    return updateFile(tx, fileId, { title });
  });
  return presentFile(saved);
}

/**
 * `POST linktinker/files/merge`: the draft's files, in the order given, become one file in the first one's place;
 * the others go. Each file's placed fields move with their pages. The merged bytes are stored before the
 * transaction; the replaced files' bytes are removed after it.
 */
export async function mergeFiles(deps: FileDeps, actor: Actor, request: z.infer<typeof ZMergeFilesRequest>) {
  if (new Set(request.FileIds).size !== request.FileIds.length) {
    throw new AppError('VALIDATION_FAILED', { details: { reason: 'duplicate-file' } });
  }
  const { file: first, document } = await findFileForActor(deps.db, actor, request.FileIds[0] ?? '', 'document.manage');
  const draftFiles = await listFiles(deps.db, document.id);
  const files = request.FileIds.map((id) => draftFiles.find((file) => file.id === id));
  if (files.some((file) => !file)) throw new AppError('NOT_FOUND');
  const ordered = files as DocumentFileRow[];
  const sources = await Promise.all(ordered.map((file) => readStored(deps.storage, file.storageKey)));
  const merged = await deps.pdf.merge(sources, `account:${actor.accountId}`);
  const fileId = newId('fil');
  const stored = await deps.storage.put({
    key: storageKeyOf(document.id, fileId),
    body: merged.bytes,
    contentType: 'application/pdf',
  });
  try {
    await deps.db.transaction(async (tx) => {
      await findDraftForUpdate(tx, actor, document.id);
      const current = new Set((await listFiles(tx, document.id)).map((file) => file.id));
      if (ordered.some((file) => !current.has(file.id))) throw new AppError('DOCUMENT_SAVE_FAILED');
      await deleteFiles(
        tx,
        ordered.map((file) => file.id),
      );
      await insertFile(tx, {
        id: fileId,
        documentId: document.id,
        title: request.Title?.trim() || first.title,
        position: first.position,
        storageKey: stored.key,
        sha256: stored.sha256,
        byteSize: stored.size,
        pageCount: merged.inspection.pageCount,
        pageSizes: merged.inspection.pages,
        formFields: merged.inspection.formFields,
        removedContent: [...new Set(ordered.flatMap((file) => file.removedContent))],
        rules: { fields: nameFields(shiftedFields(ordered)), access: accessMapOf(await listParties(tx, document.id)) },
      });
      if (first.position === Math.min(...draftFiles.map((file) => file.position))) {
        await updateDocument(tx, document.id, { originalSha256: stored.sha256 });
      }
    });
  } catch (error) {
    await deps.storage.delete({ key: stored.key }).catch(() => undefined);
    throw error;
  }
  for (const file of ordered) await deps.storage.delete({ key: file.storageKey }).catch(() => undefined);
  return loadDraft(deps.db, document.id);
}

/** Each file's fields on the merged file's pages: a later file's pages follow the earlier files' pages. */
function shiftedFields(files: DocumentFileRow[]): PlacedField[] {
  let offset = 0;
  const fields: PlacedField[] = [];
  for (const file of files) {
    for (const field of file.rules.fields)
      fields.push({ ...field, id: `${file.id}:${field.id}`.slice(-64), page: field.page + offset });
    offset += file.pageCount;
  }
  return fields;
}
