import type { FormSubmission } from '@signlink/contracts/links/link-forms';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../plugins/auth.ts';
import { findDocumentForActor } from '../documents/document-access.ts';
import { appendDocumentEvent } from '../documents/document-history.ts';
import { presentFormSubmission } from './form-submission.presenter.ts';
import { findFormById, listDocumentForms, updateLinkForm } from './link-forms.repository.ts';

/**
 * `POST linktinker/errands/{id}/forms/{formId}/approval` (SPEC section 4: "Approval sets pending false and sharing
 * false"): the owner, or a colleague who may manage the document, approves or denies a pending form its recipient
 * submitted or shared. A decision is final: the same one again answers as before, the other one is
 * DOCUMENT_SAVE_FAILED (reason `already-decided`). Writes 'form-approved' or 'form-denied'.
 */
export async function decideForm(
  deps: { db: Database },
  actor: Actor,
  input: { documentId: string; formId: string; approvalValue: 'approve' | 'deny' },
): Promise<FormSubmission> {
  const row = await deps.db.transaction(async (tx) => {
    const document = await findDocumentForActor(tx, {
      actor,
      documentId: input.documentId,
      action: 'document.manage',
      forUpdate: true,
    });
    const form = await findFormById(tx, input.formId, { lock: true });
    if (!form || form.documentId !== document.id)
      throw new AppError('NOT_FOUND', { details: { reason: 'no-such-form' } });
    if (form.approvalValue === input.approvalValue) return form;
    if (form.approvalValue) throw new AppError('DOCUMENT_SAVE_FAILED', { details: { reason: 'already-decided' } });
    if (!form.isPending) throw new AppError('DOCUMENT_SAVE_FAILED', { details: { reason: 'not-pending' } });
    // Only what the recipient sent can be decided on: a form still being filled may change after the decision.
    if (!form.frozenAt) throw new AppError('DOCUMENT_SAVE_FAILED', { details: { reason: 'not-submitted' } });
    const now = new Date();
    const decided = await updateLinkForm(tx, form.id, {
      isPending: false,
      isSharing: false,
      approvalValue: input.approvalValue,
      approvedAt: now,
      approvedByUserId: actor.userId,
    });
    await appendDocumentEvent(tx, {
      documentId: document.id,
      type: input.approvalValue === 'approve' ? 'form-approved' : 'form-denied',
      at: now,
      data: { formId: form.id, linkId: form.linkId, userId: actor.userId },
    });
    return decided;
  });
  return presentFormSubmission(row);
}

/** `GET linktinker/errands/{id}/forms`: the document's submissions, for whoever may see the document. */
export async function listFormsOfDocument(deps: { db: Database }, actor: Actor, documentId: string) {
  const document = await findDocumentForActor(deps.db, { actor, documentId, action: 'document.view' });
  return { forms: (await listDocumentForms(deps.db, document.id)).map(presentFormSubmission) };
}
