import type { Readable } from 'node:stream';
import type { BrandId } from '@signlink/brands/brand-config';
import { timings } from '@signlink/contracts/constants';
import { settingsWithDefaults } from '@signlink/contracts/documents/document-model';
import type {
  FormSubmission,
  ZPendingReceiptRequest,
  ZSubmitFormRequest,
  ZSubmittedPdfUrlRequest,
} from '@signlink/contracts/links/link-forms';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { PdfPool } from '../../pdf/pdf-pool.ts';
import { appendDocumentEvent } from '../document-core/document-history.ts';
import { type FormMessageDeps, formRecipientsOf, queueFormMessages, verifiedContactsOf } from './form-messages.ts';
import { formPdfUrl, makeFormPdf, signFormPdfToken, valuesHashOf, verifyFormPdfToken } from './form-pdf.ts';
import { presentFormSubmission } from './form-submission.presenter.ts';
import { type LinkAccess, requireLinkAccess } from './link-access-guard.ts';
import { type FormSubmissionRow, findFormById, updateLinkForm } from './link-forms.repository.ts';
import { assertNotFrozen, findFormOfLink } from './save-form.ts';

export type SubmitFormDeps = FormMessageDeps & { db: Database; pdf: PdfPool };
type Sent = { form: FormSubmission; sent: { channel: 'email' | 'sms'; to: string }[] };

/**
 * Makes the form's PDF if it has none yet (outside any transaction: the worker pool takes time), then runs `work`
 * holding the form's row lock. A save that changed the values meanwhile is DOCUMENT_SAVE_FAILED (reason
 * `form-changed`, the catalogue's "content may have changed"); the PDF is stored on the row with the first freeze.
 */
export async function withFrozenPdf<T>(
  deps: SubmitFormDeps,
  input: { access: LinkAccess; formId: string; document: string; isSubmit: boolean },
  work: (tx: Transaction, form: FormSubmissionRow) => Promise<T>,
): Promise<T> {
  const { access } = input;
  const before = await findFormOfLink(deps.db, access, input);
  if (input.isSubmit) assertNotFrozen(before);
  const made = before.pdfStorageKey ? undefined : await makeFormPdf(deps, { form: before, document: access.document });
  return deps.db.transaction(async (tx) => {
    let form = await findFormOfLink(tx, access, { ...input, lock: true });
    if (input.isSubmit) assertNotFrozen(form);
    if (!form.pdfStorageKey) {
      if (!made || valuesHashOf(form.values) !== made.valuesHash) {
        throw new AppError('DOCUMENT_SAVE_FAILED', { details: { reason: 'form-changed' } });
      }
      form = await updateLinkForm(tx, form.id, { pdfStorageKey: made.key, pdfSha256: made.sha256 });
    }
    return work(tx, form);
  });
}

/**
 * SPEC section 3, document setting "disable submit": the page then offers no Submit, and a call made anyway (an old
 * page, a script) is refused before anything is made or written. FORBIDDEN as for the other settings a recipient
 * cannot override (downloads), with the reason.
 */
export function assertSubmitEnabled(access: LinkAccess) {
  const settings = settingsWithDefaults(access.document.settings);
  if (settings.disableSubmit) throw new AppError('FORBIDDEN', { details: { reason: 'submit-disabled' } });
}

/**
 * `POST …/forms/submit` (issue 8, part 7): freezes the form and sends its filled PDF to the given addresses and
 * numbers, and with `copyToSelf` to the link's verified contact; writes 'form-submitted'. A pending form stays
 * pending until the owner decides (SPEC section 4: "A form can be sent pending or final").
 */
export async function submitLinkForm(
  deps: SubmitFormDeps,
  input: { linkId: string; brand: BrandId; body: z.output<typeof ZSubmitFormRequest> },
): Promise<Sent> {
  const { body } = input;
  const access = await requireLinkAccess(deps, input.linkId, body.requestToken);
  assertSubmitEnabled(access);
  const recipients = formRecipientsOf(body);
  return withFrozenPdf(deps, { access, ...body, isSubmit: true }, async (tx, form) => {
    const self = body.copyToSelf ? (await verifiedContactsOf(tx, access)).slice(0, 1) : [];
    const all = [...recipients, ...self.filter((contact) => !recipients.some((r) => r.to === contact.to))];
    const now = new Date();
    const frozen = await updateLinkForm(tx, form.id, { frozenAt: form.frozenAt ?? now, submittedAt: now });
    const sent = await queueFormMessages(deps, tx, {
      access,
      form: frozen,
      recipients: all,
      brand: input.brand,
      subject: body.subject,
      purpose: 'submit',
    });
    await appendDocumentEvent(tx, {
      documentId: form.documentId,
      type: 'form-submitted',
      at: now,
      data: {
        formId: form.id,
        linkId: access.link.id,
        partyId: access.link.partyId,
        isPending: form.isPending,
        channels: [...new Set(sent.map((recipient) => recipient.channel))],
        recipients: sent.length,
        sha256: frozen.pdfSha256,
      },
    });
    return { form: presentFormSubmission(frozen), sent };
  });
}

/**
 * `POST …/forms/pendingsubmissionreceipt`: a receipt, to the given recipients, that a pending form was received.
 * Only a pending form has one (DOCUMENT_SAVE_FAILED, reason `not-pending`); a receipt changes nothing, so it writes
 * no history event, but it counts toward the form's send limit.
 */
export async function sendPendingReceipt(
  deps: SubmitFormDeps,
  input: { linkId: string; brand: BrandId; body: z.output<typeof ZPendingReceiptRequest> },
): Promise<Sent> {
  const { body } = input;
  const access = await requireLinkAccess(deps, input.linkId, body.requestToken);
  assertSubmitEnabled(access);
  const recipients = formRecipientsOf(body);
  return deps.db.transaction(async (tx) => {
    const form = await findFormOfLink(tx, access, { ...body, lock: true });
    if (!form.isPending) throw new AppError('DOCUMENT_SAVE_FAILED', { details: { reason: 'not-pending' } });
    const sent = await queueFormMessages(deps, tx, {
      access,
      form,
      recipients,
      brand: input.brand,
      subject: body.subject,
      purpose: 'receipt',
    });
    return { form: presentFormSubmission(form), sent };
  });
}

/** `POST …/forms/submittedpdfurl`: the frozen form's PDF address, as long-lived as the RequestToken. */
export async function submittedPdfUrl(
  deps: { db: Database; secret: string },
  input: { linkId: string; body: z.output<typeof ZSubmittedPdfUrlRequest> },
) {
  const access = await requireLinkAccess(deps, input.linkId, input.body.requestToken);
  const form = await findFormOfLink(deps.db, access, input.body);
  if (!form.pdfStorageKey) throw new AppError('NOT_FOUND', { details: { reason: 'form-not-submitted' } });
  const token = signFormPdfToken(deps.secret, {
    linkId: access.link.id,
    formId: form.id,
    minutes: timings.linkAccessTokenMinutes,
  });
  return { url: formPdfUrl({ linkId: access.link.id, formId: form.id, token }) };
}

/**
 * The PDF behind that address and the one a text carries: the token is the credential (its reader may have no
 * RequestToken), bound to this link's submission; a bad or expired one is ACCESS_FAILED.
 */
export async function openFormPdf(
  deps: { db: Database; secret: string; storage: { get(input: { key: string }): Promise<Readable> } },
  input: { linkId: string; formId: string; token: string },
) {
  if (!verifyFormPdfToken(deps.secret, input)) {
    throw new AppError('ACCESS_FAILED', { details: { reason: 'bad-pdf-token' } });
  }
  const form = await findFormById(deps.db, input.formId);
  if (!form?.pdfStorageKey || form.linkId !== input.linkId) throw new AppError('NOT_FOUND');
  return deps.storage.get({ key: form.pdfStorageKey });
}
