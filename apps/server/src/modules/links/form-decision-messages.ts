import type { BrandId } from '@signlink/brands/brand-config';
import { limits } from '@signlink/contracts/constants';
import type { Transaction } from '../../db/database.ts';
import { documentLocaleOf } from '../document-core/document-locale.ts';
import type { DocumentRow } from '../document-core/document-rows.repository.ts';
import { type SendMessageDeps, sendMessage } from '../messaging/send-message.ts';
import type { FormRecipient } from './form-messages.ts';
import { signFormPdfToken } from './form-pdf.ts';
import type { FormSubmissionRow } from './link-forms.repository.ts';

export type FormDecisionDeps = SendMessageDeps & { secret: string };

export const formDecisionKeyPrefix = (formId: string) => `form-decision:${formId}:`;

/** The contacts the submitter asked to hear the decision at (SPEC subscribeEmailAddress / subscribePhonenumber). */
export function subscribersOf(form: Pick<FormSubmissionRow, 'subscribeEmail' | 'subscribePhone'>): FormRecipient[] {
  return [
    ...(form.subscribeEmail ? [{ channel: 'email' as const, to: form.subscribeEmail }] : []),
    ...(form.subscribePhone ? [{ channel: 'sms' as const, to: form.subscribePhone }] : []),
  ];
}

/**
 * Queues the owner's decision to the submitter's subscribed contacts in the decision's own transaction (the outbox):
 * the messages exist exactly when the decision does. In the document's language, with the address of the PDF the
 * submitter sent when it exists. A decision is made once, so its key per channel is fixed: a retried approval can
 * never send twice. The key stays outside `formMessageKeyPrefix`, so the owner's act does not use up the submitter's
 * hourly sends; no party id either, as a subscribed contact is not the party's invitation address and its delivery
 * must not colour the party's delivery state on the overview.
 */
export async function queueFormDecisionMessages(
  deps: FormDecisionDeps,
  tx: Transaction,
  input: {
    document: Pick<DocumentRow, 'id' | 'accountId' | 'title' | 'language' | 'settings'>;
    form: FormSubmissionRow;
    decision: 'approve' | 'deny';
    brand: BrandId;
  },
): Promise<FormRecipient[]> {
  const { document, form } = input;
  const recipients = subscribersOf(form);
  if (recipients.length === 0) return [];
  const pdfToken = form.pdfStorageKey
    ? signFormPdfToken(deps.secret, {
        linkId: form.linkId,
        formId: form.id,
        minutes: limits.formPdfLinkDays * 24 * 60,
      })
    : undefined;
  for (const recipient of recipients) {
    await sendMessage(
      deps,
      {
        kind: 'form-decision',
        channel: recipient.channel,
        to: recipient.to,
        locale: documentLocaleOf(document),
        brand: input.brand,
        accountId: document.accountId,
        documentId: document.id,
        idempotencyKey: `${formDecisionKeyPrefix(form.id)}${recipient.channel}`,
        data: {
          decision: input.decision,
          documentName: document.title.slice(0, 200),
          linkCode: form.linkId,
          formId: form.id,
          ...(pdfToken ? { pdfToken } : {}),
        },
      },
      tx,
    );
  }
  return recipients;
}
