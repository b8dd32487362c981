import type { Database, Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { authorize, type DocumentAction, type PolicyActor, type PolicyDocument } from './account.policy.ts';
import { type DocumentRow, findLiveDocument } from './document-rows.repository.ts';

/** What the document policy reads of a document's row. */
export function policyDocumentOf(
  document: Pick<DocumentRow, 'accountId' | 'ownerUserId' | 'accessLevel'> & Partial<Pick<DocumentRow, 'kind'>>,
): PolicyDocument {
  return {
    accountId: document.accountId,
    ownerUserId: document.ownerUserId ?? '',
    accessLevel: document.accessLevel,
    ...(document.kind ? { kind: document.kind } : {}),
  };
}

/**
 * The one way a signed-in caller reaches a document: unknown, deleted from the owner's lists, or another account's
 * is NOT_FOUND (ids cannot be probed across accounts); a private document of a colleague is FORBIDDEN (SPEC section
 * 6: not shared stays private even from administrators). `forUpdate` locks the row for the caller's transaction.
 */
export async function findDocumentForActor(
  db: Database | Transaction,
  input: { actor: PolicyActor; documentId: string; action: DocumentAction; forUpdate?: boolean },
): Promise<DocumentRow> {
  const document = await findLiveDocument(db, { documentId: input.documentId, forUpdate: input.forUpdate ?? false });
  if (!document) throw new AppError('NOT_FOUND');
  authorize(input.actor, input.action, policyDocumentOf(document));
  return document;
}
