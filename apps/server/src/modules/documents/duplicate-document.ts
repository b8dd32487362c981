import { type Storage, StorageNotFoundError } from '@signlink/providers/storage/storage.port';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { newFieldAccessKey, newId } from '../../lib/ids.ts';
import { allowedAccessLevel } from '../billing/plan-rules.ts';
import { authorize, type PolicyActor } from '../document-core/account.policy.ts';
import { appendDocumentEvent } from '../document-core/document-history.ts';
import { copyPrefixOf, copyWordsOf, nameCopy } from './copy-name.ts';
import { findTitlesStartingWith, insertDraftCopy } from './document-flags.repository.ts';
import { type FileRow, listFilesOf, listPartiesOf } from './documents.repository.ts';
import { findSentDocumentForActor } from './documents.service.ts';
import { accessMapOf } from './drafts.service.ts';

export interface DuplicateDocumentDeps {
  db: Database;
  storage: Storage;
}

/** A party's fieldAccessKey: random and unguessable, as every key a link or slot is opened with. */

/**
 * SPEC section 4, "Documents can be duplicated": a new draft (a project) owned by the caller, named as a copy in
 * the document's language ("Copy of Lease", "Kopia av Lease (2)"; copy-name.ts), with the original's settings,
 * message, access level, parties (new access keys, none of their progress or contact history) and files with their
 * rules. Storage keys are per document, not content-addressed, so each file's bytes are
 * copied: deleting a file of the copy must never remove the original's. The copy is checked against the
 * original's SHA-256; the rows and the copy's `created` event are written in one transaction, and copied bytes are
 * removed again when it fails.
 */
export async function duplicateDocument(
  deps: DuplicateDocumentDeps,
  input: { actor: PolicyActor; documentId: string },
): Promise<{ ProjectId: string }> {
  const { actor } = input;
  const original = await findSentDocumentForActor(deps.db, {
    actor,
    documentId: input.documentId,
    action: 'document.manage',
  });
  authorize(actor, 'documents.create', { accountId: actor.accountId });
  const [files, parties] = await Promise.all([
    listFilesOf(deps.db, original.id),
    listPartiesOf(deps.db, [original.id]),
  ]);

  const draftId = newId('doc');
  const now = new Date();
  const newParties = parties.map((party) => ({
    id: newId('pty'),
    documentId: draftId,
    signatureIndex: party.signatureIndex,
    name: party.name,
    email: party.email,
    phone: party.phone,
    invitationMethod: party.invitationMethod,
    signatureType: party.signatureType,
    message: party.message,
    getPaid: party.getPaid,
    accessKey: newFieldAccessKey(),
    createdAt: now,
  }));
  // The copy's slots open with the copy's parties' keys, as a draft's access map always does (drafts.service).
  const access = accessMapOf(newParties);
  const copiedKeys: string[] = [];
  try {
    const newFiles: FileRow[] = [];
    for (const file of files) {
      const fileId = newId('fil');
      const storageKey = `documents/${draftId}/${fileId}.pdf`;
      const body = await deps.storage.get({ key: file.storageKey }).catch((error: unknown) => {
        if (!(error instanceof StorageNotFoundError)) throw error;
        throw new AppError('DOCUMENT_SAVE_FAILED', {
          details: { reason: 'file-missing', fileId: file.id },
          cause: error,
        });
      });
      const stored = await deps.storage.put({ key: storageKey, body, contentType: 'application/pdf' });
      copiedKeys.push(storageKey);
      if (stored.sha256 !== file.sha256) {
        throw new AppError('DOCUMENT_SAVE_FAILED', { details: { reason: 'file-copy-differs', fileId: file.id } });
      }
      newFiles.push({
        ...file,
        id: fileId,
        documentId: draftId,
        storageKey,
        rules: { ...file.rules, access },
        createdAt: now,
      });
    }
    await deps.db.transaction(async (tx) => {
      // Checked again under the lock: the original may have been deleted meanwhile.
      await findSentDocumentForActor(tx, {
        actor,
        documentId: original.id,
        action: 'document.manage',
        forUpdate: true,
      });
      const words = copyWordsOf(original.language);
      const takenTitles = await findTitlesStartingWith(tx, {
        accountId: original.accountId,
        ownerUserId: actor.userId,
        prefix: copyPrefixOf(original.title, words),
      });
      await insertDraftCopy(tx, {
        document: {
          id: draftId,
          accountId: original.accountId,
          ownerUserId: actor.userId,
          title: nameCopy({ title: original.title, words, takenTitles }),
          language: original.language,
          originalSha256: original.originalSha256,
          state: 'draft',
          accessLevel: await allowedAccessLevel(tx, original.accountId, original.accessLevel),
          settings: original.settings,
          message: original.message,
          duplicatedFromId: original.id,
          createdAt: now,
          updatedAt: now,
          lastActivityAt: now,
        },
        files: newFiles,
        parties: newParties,
      });
      await appendDocumentEvent(tx, {
        documentId: draftId,
        type: 'created',
        data: { duplicatedFromTitle: original.title, duplicatedFromId: original.id, userId: actor.userId },
      });
    });
  } catch (error) {
    await Promise.allSettled(copiedKeys.map((key) => deps.storage.delete({ key })));
    throw error;
  }
  return { ProjectId: draftId };
}
