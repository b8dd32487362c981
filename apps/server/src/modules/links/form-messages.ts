import type { BrandId } from '@signlink/brands/brand-config';
import { limits, timings } from '@signlink/contracts/constants';
import { normalizeEmailAddress } from '@signlink/contracts/validation/email-address';
import { normalizePhoneNumber } from '@signlink/contracts/validation/phone-number';
import type { Storage } from '@signlink/providers/storage/storage.port';
import type { Database, Transaction } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../lib/ids.ts';
import { documentLocaleOf } from '../document-core/document-locale.ts';
import { type SendMessageDeps, sendMessage } from '../messaging/send-message.ts';
import { signFormPdfToken } from './form-pdf.ts';
import type { LinkAccess } from './link-access-guard.ts';
import {
  countFormMessages,
  type FormSubmissionRow,
  formMessageKeyPrefix,
  listLinkProofs,
} from './link-forms.repository.ts';

export type FormRecipient = { channel: 'email' | 'sms'; to: string };
export type FormMessageDeps = SendMessageDeps & { storage: Storage; secret: string };

/**
 * The addresses and numbers a form goes to, each checked (INVALID_EMAIL / INVALID_PHONE naming the field and its
 * index) and normalised, a repeat sent once.
 */
export function formRecipientsOf(body: { recipientaddresses: string[]; recipientphonenumbers: string[] }) {
  const recipients: FormRecipient[] = [];
  body.recipientaddresses.forEach((address, index) => {
    const email = normalizeEmailAddress(address);
    if (!email.isValid) throw new AppError('INVALID_EMAIL', { details: { field: `recipientaddresses.${index}` } });
    recipients.push({ channel: 'email', to: email.address });
  });
  body.recipientphonenumbers.forEach((number, index) => {
    const phone = normalizePhoneNumber(number);
    if (!phone.isValid) throw new AppError('INVALID_PHONE', { details: { field: `recipientphonenumbers.${index}` } });
    recipients.push({ channel: 'sms', to: phone.e164 });
  });
  return uniqueRecipients(recipients);
}

export function uniqueRecipients(recipients: FormRecipient[]): FormRecipient[] {
  const seen = new Set<string>();
  return recipients.filter((recipient) => {
    const key = `${recipient.channel}:${recipient.to.toLowerCase()}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * What this link has proved about its recipient: the contact its SMS or e-mail gate verified (in the RequestToken)
 * first, then contacts proved with a code at this link, newest first. `copyToSelf` and `skipVerification` rely on it.
 */
export async function verifiedContactsOf(db: Database | Transaction, access: LinkAccess): Promise<FormRecipient[]> {
  const { gate, verifiedValue } = access.claims;
  const fromGate: FormRecipient[] =
    verifiedValue && (gate === 'sms' || gate === 'email')
      ? [{ channel: gate, to: gate === 'email' ? verifiedValue.toLowerCase() : verifiedValue }]
      : [];
  const proofs = await listLinkProofs(db, access.link.id);
  return uniqueRecipients([
    ...fromGate,
    ...proofs.map((proof) => ({ channel: proof.channel, to: proof.destination.toLowerCase() })),
  ]);
}

export const isSameContact = (a: FormRecipient, b: FormRecipient) =>
  a.channel === b.channel && a.to.toLowerCase() === b.to.toLowerCase();

/**
 * Queues one message per recipient in the caller's transaction, which holds the form's row lock: at most
 * `formSendsPerSubmissionPerHour` messages per submission (ours; RATE_LIMITED otherwise, nothing queued). A copy of
 * the form carries its PDF attached to an e-mail (when within the e-mail attachment bound) and its address in the
 * message (a text's only way to it).
 */
export async function queueFormMessages(
  deps: FormMessageDeps,
  tx: Transaction,
  input: {
    access: LinkAccess;
    form: FormSubmissionRow;
    recipients: FormRecipient[];
    brand: BrandId;
    subject?: string | undefined;
    purpose: 'submit' | 'share' | 'receipt';
  },
): Promise<FormRecipient[]> {
  const { access, form, recipients } = input;
  if (recipients.length === 0) return [];
  const since = new Date(Date.now() - 60 * 60_000);
  const sent = await countFormMessages(tx, { documentId: form.documentId, formId: form.id, since });
  if (sent + recipients.length > limits.formSendsPerSubmissionPerHour) {
    throw new AppError('RATE_LIMITED', { details: { limit: limits.formSendsPerSubmissionPerHour, per: 'hour' } });
  }
  const common = {
    documentName: access.document.title.slice(0, 200),
    linkCode: access.link.id,
    ...(input.subject ? { subject: input.subject } : {}),
  };
  const copy = input.purpose === 'receipt' ? undefined : await formCopyOf(deps, form, `${common.documentName}.pdf`);
  const batch = newId('snd');
  for (const recipient of recipients) {
    const base = {
      channel: recipient.channel,
      to: recipient.to,
      locale: documentLocaleOf(access.document),
      brand: input.brand,
      accountId: access.document.accountId,
      documentId: form.documentId,
      ...(access.link.partyId ? { partyId: access.link.partyId } : {}),
      idempotencyKey: `${formMessageKeyPrefix(form.id)}${input.purpose}:${batch}:${recipient.channel}:${recipient.to}`,
    };
    if (copy) {
      const variant = input.purpose === 'share' ? 'shared' : 'submitted';
      await sendMessage(
        deps,
        {
          ...base,
          kind: 'form-copy',
          data: { ...common, variant, formId: form.id, pdfToken: copy.pdfToken },
          ...(recipient.channel === 'email' && copy.attachment ? { attachments: [copy.attachment] } : {}),
        },
        tx,
      );
    } else {
      await sendMessage(deps, { ...base, kind: 'form-pending-receipt', data: common }, tx);
    }
  }
  return recipients;
}

async function formCopyOf(deps: FormMessageDeps, form: FormSubmissionRow, filename: string) {
  if (!form.pdfStorageKey) throw new Error(`form ${form.id} has no PDF to send`);
  const pdfToken = signFormPdfToken(deps.secret, {
    linkId: form.linkId,
    formId: form.id,
    minutes: limits.formPdfLinkDays * 24 * 60,
  });
  const stat = await deps.storage.stat({ key: form.pdfStorageKey });
  // A file beyond the attachment bound goes as its address only, as the sealed PDF does.
  const attachment =
    stat && stat.size <= limits.maxEmailAttachmentBytes
      ? { storageKey: form.pdfStorageKey, filename, contentType: 'application/pdf' }
      : undefined;
  return { pdfToken, attachment };
}

/** How long a proved contact may be used to share after its code was checked: a RequestToken's life. */
export const contactProofMinutes = timings.linkAccessTokenMinutes;
