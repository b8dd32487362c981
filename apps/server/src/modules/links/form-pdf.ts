import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createTranslator } from '@signlink/i18n/create-translator';
import type { Storage } from '@signlink/providers/storage/storage.port';
import type { Database } from '../../db/database.ts';
import { readStored } from '../../lib/read-stored.ts';
import type { PdfPool } from '../../pdf/pdf-pool.ts';
import { canonicalJson } from '../document-core/canonical-json.ts';
import { documentLocaleOf } from '../document-core/document-locale.ts';
import { listDocumentFiles } from '../document-core/document-parts.repository.ts';
import type { DocumentRow } from '../document-core/document-rows.repository.ts';
import type { FormSubmissionRow } from './link-forms.repository.ts';

export interface FormPdfDeps {
  db: Database;
  storage: Storage;
  pdf: PdfPool;
}

/** A hash of the values a PDF was made of: the submit compares it under the row lock (a save may have raced). */
export const valuesHashOf = (values: Record<string, string | boolean>) =>
  createHash('sha256').update(canonicalJson(values)).digest('hex');

/**
 * The form's filled, flattened PDF (issue 8, part 7), made in the PDF worker pool by sealing's stamping (values
 * into the placed and the PDF's own fields, the form flattened) and stored under a key of the values' hash, so two
 * racing sends of the same values write the same object. No seal: the submission is the recipient's copy, and
 * sealing stays the completed document's.
 */
export async function makeFormPdf(
  deps: FormPdfDeps,
  input: { form: FormSubmissionRow; document: Pick<DocumentRow, 'id' | 'language' | 'settings'> },
) {
  const files = await listDocumentFiles(deps.db, input.document.id);
  const t = createTranslator(documentLocaleOf(input.document));
  const stamped = await deps.pdf.fillForm({
    files: await Promise.all(
      files.map(async (file) => ({
        bytes: await readStored(deps.storage, file.storageKey),
        fields: file.rules.fields,
      })),
    ),
    values: input.form.values,
    signatures: [],
    texts: {
      signedWithBankId: t('sealing:stamp.signedWithBankId'),
      signedElectronically: t('sealing:stamp.signedElectronically'),
      personalNumber: t('sealing:stamp.personalNumber'),
      signedWithIdLive: t('sealing:stamp.signedWithIdLive'),
    },
  });
  const valuesHash = valuesHashOf(input.form.values);
  const stored = await deps.storage.put({
    key: `documents/${input.document.id}/forms/${input.form.id}-${valuesHash.slice(0, 16)}.pdf`,
    body: stamped.bytes,
    contentType: 'application/pdf',
  });
  return { ...stored, valuesHash };
}

/**
 * The address of a frozen form's PDF carries this token instead of a RequestToken: a text message's reader has
 * none. It is `<expiry, base 36>.<HMAC-SHA256 of purpose, link, form and expiry, 128 bits>`, bound to one submission
 * of one link; short, because a text of two SMS must hold the whole address (a JWT alone would not fit).
 * `submittedpdfurl` gives one as long-lived as the RequestToken, a message one of `limits.formPdfLinkDays`.
 */
export function signFormPdfToken(secret: string, input: { linkId: string; formId: string; minutes: number }) {
  const expires = Math.floor(Date.now() / 1000) + input.minutes * 60;
  return `${expires.toString(36)}.${formPdfMac(secret, input.linkId, input.formId, expires)}`;
}

export function verifyFormPdfToken(secret: string, input: { linkId: string; formId: string; token: string }) {
  const match = /^([0-9a-z]{1,10})\.([\w-]{22})$/.exec(input.token);
  if (!match?.[1] || !match[2]) return false;
  const expires = Number.parseInt(match[1], 36);
  if (expires * 1000 < Date.now()) return false;
  const expected = Buffer.from(formPdfMac(secret, input.linkId, input.formId, expires));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function formPdfMac(secret: string, linkId: string, formId: string, expires: number) {
  return createHmac('sha256', secret)
    .update(`signlink:form-pdf\n${linkId}\n${formId}\n${expires}`)
    .digest('base64url')
    .slice(0, 22);
}

/** `/v2/…` address of the PDF, relative to the API host. */
export function formPdfUrl(input: { linkId: string; formId: string; token: string }) {
  return `/v2/linktinker/links/${input.linkId}/forms/${input.formId}/pdf?${new URLSearchParams({ token: input.token })}`;
}
