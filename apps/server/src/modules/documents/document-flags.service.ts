import type { AccessLevel } from '@signlink/contracts/documents/document-model';
import type { DocumentSummary } from '@signlink/contracts/documents/documents';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { assertCanShareWithinAccount } from '../billing/plan-rules.ts';
import type { PolicyActor } from '../document-core/account.policy.ts';
import { appendDocumentEvent } from '../document-core/document-history.ts';
import { updateDocumentFlags } from './document-flags.repository.ts';
import { findSentDocumentForActor, loadDocumentSummary } from './documents.service.ts';

/**
 * The owner's non-money actions on a sent document (SPEC section 4 and 7: handled, access level, archive, delete).
 * Each runs in one transaction with the document's row locked, and writes its history event there; a request that
 * changes nothing (already handled, already archived) writes none.
 */
export interface DocumentFlagDeps {
  db: Database;
}

interface DocumentFlagInput {
  actor: PolicyActor;
  documentId: string;
}

export async function setDocumentHandled(
  deps: DocumentFlagDeps,
  input: DocumentFlagInput & { handled: boolean },
): Promise<DocumentSummary> {
  const { actor, documentId, handled } = input;
  return deps.db.transaction(async (tx) => {
    const document = await findSentDocumentForActor(tx, {
      actor,
      documentId,
      action: 'document.manage',
      forUpdate: true,
    });
    if (document.handled !== handled) {
      await updateDocumentFlags(tx, documentId, { handled });
      await appendDocumentEvent(tx, { documentId, type: 'handled', data: { handled, userId: actor.userId } });
    }
    return loadDocumentSummary(tx, actor, documentId);
  });
}

/**
 * SPEC section 6: "the account default can be changed per document". Only the owner decides who else sees their
 * document: an administrator who manages a colleague's shared document may not make it private to its owner's
 * colleagues, nor undo the owner's choice.
 */
export async function setDocumentAccessLevel(
  deps: DocumentFlagDeps,
  input: DocumentFlagInput & { accessLevel: AccessLevel },
): Promise<DocumentSummary> {
  const { actor, documentId, accessLevel } = input;
  return deps.db.transaction(async (tx) => {
    const document = await findSentDocumentForActor(tx, {
      actor,
      documentId,
      action: 'document.manage',
      forUpdate: true,
    });
    if (document.ownerUserId !== actor.userId) {
      throw new AppError('FORBIDDEN', { details: { action: 'document.accessLevel', reason: 'owner-only' } });
    }
    if (document.accessLevel !== accessLevel) {
      // SPEC section 5: sharing within an account needs MEDIUM or LARGE; making a document private always may.
      if (accessLevel === 'shared') await assertCanShareWithinAccount(tx, document.accountId);
      await updateDocumentFlags(tx, documentId, { accessLevel });
      await appendDocumentEvent(tx, {
        documentId,
        type: 'access-level-changed',
        data: { accessLevel, previousAccessLevel: document.accessLevel, userId: actor.userId },
      });
    }
    return loadDocumentSummary(tx, actor, documentId);
  });
}

/** Archive, or with `restore` unarchive (SPEC section 7: PUT /errands/{id}/archive, body restore true). */
export async function setDocumentArchived(
  deps: DocumentFlagDeps,
  input: DocumentFlagInput & { restore: boolean },
): Promise<DocumentSummary> {
  const { actor, documentId, restore } = input;
  return deps.db.transaction(async (tx) => {
    const document = await findSentDocumentForActor(tx, {
      actor,
      documentId,
      action: 'document.manage',
      forUpdate: true,
    });
    const isArchived = document.archivedAt !== null;
    if (isArchived === restore) {
      await updateDocumentFlags(tx, documentId, { archivedAt: restore ? null : new Date() });
      await appendDocumentEvent(tx, {
        documentId,
        type: restore ? 'unarchived' : 'archived',
        data: { userId: actor.userId },
      });
    }
    return loadDocumentSummary(tx, actor, documentId);
  });
}

/**
 * SPEC section 4 and DECISIONS: an active document is deleted only after withdrawal; a withdrawn or expired one
 * leaves the lists; a completed one only by its owner from their own lists (`ownDocumentOnly`, after the web's
 * warning), and it stays for the other parties. The row and history stay (the audit trail), only marked deleted.
 */
export async function deleteDocument(
  deps: DocumentFlagDeps,
  input: DocumentFlagInput & { ownDocumentOnly: boolean },
): Promise<void> {
  const { actor, documentId } = input;
  await deps.db.transaction(async (tx) => {
    const document = await findSentDocumentForActor(tx, {
      actor,
      documentId,
      action: 'document.manage',
      forUpdate: true,
    });
    if (document.state === 'active') throw new AppError('DOCUMENT_NOT_WITHDRAWN');
    if (document.state === 'completed') {
      if (!input.ownDocumentOnly) throw new AppError('DOCUMENT_COMPLETED');
      if (document.ownerUserId !== actor.userId) {
        throw new AppError('FORBIDDEN', { details: { action: 'document.delete', reason: 'owner-only' } });
      }
    }
    await updateDocumentFlags(tx, documentId, { deletedAt: new Date() });
    await appendDocumentEvent(tx, {
      documentId,
      type: 'deleted',
      data: { ownDocumentOnly: document.state === 'completed', userId: actor.userId },
    });
  });
}
