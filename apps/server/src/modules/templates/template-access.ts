import type { Database, Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { canUseTemplates } from '../billing/plan-rules.ts';
import type { DocumentAction, PolicyActor } from '../document-core/account.policy.ts';
import { findDocumentForActor } from '../document-core/document-access.ts';

/**
 * A template the caller may reach for `action`: unknown, deleted or another account's is NOT_FOUND, a colleague's
 * private one FORBIDDEN (document-access.ts), and a document of another kind is no template: NOT_FOUND.
 */
export async function findTemplateForActor(
  db: Database | Transaction,
  input: { actor: PolicyActor; templateId: string; action: DocumentAction; forUpdate?: boolean },
) {
  const document = await findDocumentForActor(db, {
    actor: input.actor,
    documentId: input.templateId,
    action: input.action,
    forUpdate: input.forUpdate ?? false,
  });
  if (document.kind !== 'template') throw new AppError('NOT_FOUND');
  return document;
}

/** Renaming, sharing and deleting are the maker's (ZTemplateSummary.IsOwner); colleagues use and edit shared ones. */
export function assertTemplateOwner(actor: PolicyActor, template: { ownerUserId: string | null }) {
  if (template.ownerUserId !== actor.userId) {
    throw new AppError('FORBIDDEN', { details: { action: 'template.manage', reason: 'owner-only' } });
  }
}

/** SPEC section 5: templates need an annual plan or the templates add-on. */
export async function assertCanUseTemplates(db: Database | Transaction, accountId: string) {
  if (!(await canUseTemplates(db, accountId))) throw new AppError('TEMPLATES_NEED_PLAN');
}
