import type { Readable } from 'node:stream';
import type { BrandId } from '@signlink/brands/brand-config';
import type { OwnerFormSubmission } from '@signlink/contracts/links/form-approval';
import type { FormSubmission } from '@signlink/contracts/links/link-forms';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import { findDocumentForActor } from '../document-core/document-access.ts';
import { appendDocumentEvent } from '../document-core/document-history.ts';
import { findLinkPartyId, listDocumentFormsWithParties } from './form-approval.repository.ts';
import { type FormDecisionDeps, queueFormDecisionMessages, subscribersOf } from './form-decision-messages.ts';
import { presentFormSubmission } from './form-submission.presenter.ts';
import { findFormById, updateLinkForm } from './link-forms.repository.ts';

/**
 * `POST linktinker/errands/{id}/forms/{formId}/approval` (SPEC section 4: "Approval sets pending false and sharing
 * false"): the owner, or a colleague who may manage the document, approves or denies a pending form its recipient
 * submitted or shared. A decision is final: the same one again answers as before and sends nothing, the other one is
 * DOCUMENT_SAVE_FAILED (reason `already-decided`). Writes 'form-approved' or 'form-denied' with the channels the
 * submitter is told on, and queues those messages, all in one transaction.
 */
export async function decideForm(
  deps: FormDecisionDeps & { db: Database },
  actor: Actor,
  input: { documentId: string; formId: string; approvalValue: 'approve' | 'deny'; brand: BrandId },
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
    const notified = await queueFormDecisionMessages(deps, tx, {
      document,
      form: decided,
      decision: input.approvalValue,
      brand: input.brand,
    });
    await appendDocumentEvent(tx, {
      documentId: document.id,
      type: input.approvalValue === 'approve' ? 'form-approved' : 'form-denied',
      at: now,
      // The channels, not the addresses: the history is shown to everyone who may see the document.
      data: {
        formId: form.id,
        linkId: form.linkId,
        partyId: await findLinkPartyId(tx, form.linkId),
        userId: actor.userId,
        notified: notified.map((recipient) => recipient.channel),
      },
    });
    return decided;
  });
  return presentFormSubmission(row);
}

/** `GET linktinker/errands/{id}/forms`: the document's submissions, for whoever may see the document. */
export async function listFormsOfDocument(
  deps: { db: Database },
  actor: Actor,
  documentId: string,
): Promise<{ forms: OwnerFormSubmission[] }> {
  const document = await findDocumentForActor(deps.db, { actor, documentId, action: 'document.view' });
  const rows = await listDocumentFormsWithParties(deps.db, document.id);
  return {
    forms: rows.map(({ form, partyName, signatureIndex }) => ({
      ...presentFormSubmission(form),
      submitter: partyName !== null && signatureIndex !== null ? { name: partyName, signatureIndex } : null,
      hasPdf: form.pdfStorageKey !== null,
      notifies: subscribersOf(form).map((recipient) => recipient.channel),
    })),
  };
}

/** `GET linktinker/errands/{id}/forms/{formId}/pdf`: the filled PDF a recipient sent, for whoever may see the document. */
export async function openOwnerFormPdf(
  deps: { db: Database; storage: { get(input: { key: string }): Promise<Readable> } },
  actor: Actor,
  input: { documentId: string; formId: string },
): Promise<{ body: Readable; fileName: string }> {
  const document = await findDocumentForActor(deps.db, {
    actor,
    documentId: input.documentId,
    action: 'document.view',
  });
  const form = await findFormById(deps.db, input.formId);
  if (!form || form.documentId !== document.id)
    throw new AppError('NOT_FOUND', { details: { reason: 'no-such-form' } });
  if (!form.pdfStorageKey) throw new AppError('NOT_FOUND', { details: { reason: 'no-form-pdf' } });
  const body = await deps.storage.get({ key: form.pdfStorageKey });
  return { body, fileName: `${document.title}${form.name ? ` - ${form.name}` : ''}.pdf` };
}
