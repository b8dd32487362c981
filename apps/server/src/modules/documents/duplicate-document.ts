import type { Storage } from '@signlink/providers/storage/storage.port';
import type { Database } from '../../db/database.ts';
import { allowedAccessLevel } from '../billing/plan-rules.ts';
import { authorize, type PolicyActor } from '../document-core/account.policy.ts';
import { appendDocumentEvent } from '../document-core/document-history.ts';
import { copyDocument } from './copy-document.ts';
import { copyPrefixOf, copyWordsOf, nameCopy } from './copy-name.ts';
import { findTitlesStartingWith, renameDocument } from './document-flags.repository.ts';
import { findSentDocumentForActor } from './documents.service.ts';

export interface DuplicateDocumentDeps {
  db: Database;
  storage: Storage;
}

/**
 * SPEC section 4, "Documents can be duplicated": a new draft (a project) owned by the caller, named as a copy in
 * the document's language ("Copy of Lease", "Kopia av Lease (2)"; copy-name.ts), with the original's settings,
 * message, access level, parties (new access keys, none of their progress or contact history) and files with their
 * rules (copy-document.ts: bytes copied and checked, rows and the `created` event in one transaction).
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
  const { documentId } = await copyDocument(deps, {
    source: original,
    document: {
      ownerUserId: actor.userId,
      // Named below, under the lock, among the titles taken then.
      title: original.title,
      state: 'draft',
      kind: 'document',
      accessLevel: await allowedAccessLevel(deps.db, original.accountId, original.accessLevel),
      duplicatedFromId: original.id,
    },
    inTransaction: async (tx, copy) => {
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
      await renameDocument(tx, copy.documentId, nameCopy({ title: original.title, words, takenTitles }));
      await appendDocumentEvent(tx, {
        documentId: copy.documentId,
        type: 'created',
        data: { duplicatedFromTitle: original.title, duplicatedFromId: original.id, userId: actor.userId },
      });
    },
  });
  return { ProjectId: documentId };
}
