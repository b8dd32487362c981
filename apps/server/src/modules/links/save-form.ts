import { settingsWithDefaults } from '@signlink/contracts/documents/document-model';
import type { FormSubmission, ZSaveFormRequest } from '@signlink/contracts/links/link-forms';
import { normalizeEmailAddress } from '@signlink/contracts/validation/email-address';
import { normalizePhoneNumber } from '@signlink/contracts/validation/phone-number';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { appendDocumentEvent } from '../document-core/document-history.ts';
import { listDocumentFiles } from '../document-core/document-parts.repository.ts';
import { presentFormSubmission } from './form-submission.presenter.ts';
import { checkFormValues, fillableFieldsOf } from './form-values.ts';
import { type LinkAccess, requireLinkAccess } from './link-access-guard.ts';
import {
  type FormSubmissionRow,
  findFormById,
  findLinkForm,
  insertLinkForm,
  updateLinkForm,
} from './link-forms.repository.ts';

export type FormDeps = { db: Database; secret: string };

/**
 * `POST linktinker/links/{linkId}/forms` (issue 8, part 7): the recipient's values, checked against the document's
 * fields, saved as the link's one submission, pending or final (always pending when the sender requires approval).
 * Saving again changes it until it is submitted or shared (SPEC section 4: then no further changes,
 * DOCUMENT_SAVE_FAILED). A save that changes something writes
 * 'form-saved'; one that changes nothing (a page's autosave) writes nothing.
 */
export async function saveLinkForm(
  deps: FormDeps,
  input: { linkId: string; body: z.output<typeof ZSaveFormRequest> },
): Promise<FormSubmission> {
  const { body } = input;
  const access = await requireLinkAccess(deps, input.linkId, body.requestToken);
  assertFormDocument(access, body.document);
  if (access.document.state !== 'active') {
    throw new AppError('DOCUMENT_NOT_OPEN', { details: { state: access.document.state } });
  }
  const files = await listDocumentFiles(deps.db, access.document.id);
  const values = checkFormValues(fillableFieldsOf(files, access.fieldAccessKeys), body.instantJson);
  const changes = {
    name: body.name || null,
    values,
    layerId: body.layerId || null,
    documentVersionId: body.documentVersionId || null,
    // The sender's setting makes every submission wait for approval, whatever an old page or a script asks for.
    isPending: body.isPending || settingsWithDefaults(access.document.settings).requireFormApproval,
    isSharing: body.isSharing,
    subscribeEmail: subscribedEmail(body.subscribeEmailAddress),
    subscribePhone: subscribedPhone(body.subscribePhonenumber),
  };
  const row = await deps.db.transaction(async (tx) => {
    const existing = await findLinkForm(tx, access.link.id, { lock: true });
    if (!existing) {
      const inserted = await insertLinkForm(tx, {
        id: newId('frm'),
        linkId: access.link.id,
        documentId: access.document.id,
        ...changes,
      });
      // A racing first save made the row: this save updates it like any later one.
      if (inserted) return recordSaved(tx, access, inserted);
    }
    const form = existing ?? (await findLinkForm(tx, access.link.id, { lock: true }));
    if (!form) throw new Error('the link form vanished');
    assertNotFrozen(form);
    if (isSameForm(form, changes)) return form;
    return recordSaved(tx, access, await updateLinkForm(tx, form.id, changes));
  });
  return presentFormSubmission(row);
}

async function recordSaved(tx: Transaction, access: LinkAccess, form: FormSubmissionRow) {
  await appendDocumentEvent(tx, {
    documentId: form.documentId,
    type: 'form-saved',
    data: { formId: form.id, linkId: access.link.id, partyId: access.link.partyId, isPending: form.isPending },
  });
  return form;
}

function isSameForm(form: FormSubmissionRow, changes: Partial<FormSubmissionRow>): boolean {
  return Object.entries(changes).every(
    ([key, value]) => JSON.stringify(form[key as keyof FormSubmissionRow]) === JSON.stringify(value),
  );
}

/** SPEC `document`: the link's own document; any other id is unknown here, as ids are never probed across links. */
export function assertFormDocument(access: LinkAccess, documentId: string) {
  if (documentId !== access.document.id) throw new AppError('NOT_FOUND', { details: { reason: 'not-this-document' } });
}

/** SPEC section 4: "After sharing or submitting, no further changes are possible." */
export function assertNotFrozen(form: FormSubmissionRow) {
  if (form.frozenAt) throw new AppError('DOCUMENT_SAVE_FAILED', { details: { reason: 'form-frozen' } });
}

/** This link's submission `formId` of this document; another link's (or an unknown id) is NOT_FOUND. */
export async function findFormOfLink(
  db: Database | Transaction,
  access: LinkAccess,
  input: { formId: string; document: string; lock?: boolean },
): Promise<FormSubmissionRow> {
  assertFormDocument(access, input.document);
  const form = await findFormById(db, input.formId, { lock: input.lock ?? false });
  if (!form || form.linkId !== access.link.id || form.documentId !== access.document.id) {
    throw new AppError('NOT_FOUND', { details: { reason: 'no-such-form' } });
  }
  return form;
}

function subscribedEmail(value: string | undefined): string | null {
  if (!value) return null;
  const email = normalizeEmailAddress(value);
  if (!email.isValid) throw new AppError('INVALID_EMAIL', { details: { field: 'subscribeEmailAddress' } });
  return email.address;
}

function subscribedPhone(value: string | undefined): string | null {
  if (!value) return null;
  const phone = normalizePhoneNumber(value);
  if (!phone.isValid) throw new AppError('INVALID_PHONE', { details: { field: 'subscribePhonenumber' } });
  return phone.e164;
}
