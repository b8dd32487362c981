import type { Database, Transaction } from '../../db/database.ts';
import type { PolicyActor } from '../document-core/account.policy.ts';
import { findDocumentForActor } from '../document-core/document-access.ts';
import type { DocumentRow } from '../document-core/document-rows.repository.ts';

/**
 * The assistant's settings are the document's, changed by those who may change the document (issue 28: owners only;
 * an administrator of the account on a shared one, as every other document change): another account's document is
 * NOT_FOUND, a colleague who may not edit it FORBIDDEN.
 */
export function findAssistantDocument(
  db: Database | Transaction,
  input: { actor: PolicyActor; documentId: string; forUpdate?: boolean },
): Promise<DocumentRow> {
  return findDocumentForActor(db, { ...input, action: 'document.manage' });
}
