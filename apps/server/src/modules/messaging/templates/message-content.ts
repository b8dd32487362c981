import { invoiceTerms } from '@signlink/contracts/billing/price-list';
import { formatMoney } from '@signlink/contracts/format/format-amount';
import type { Locale } from '@signlink/contracts/locales';
import type { MessageData, MessageKind } from '@signlink/contracts/messaging/message-kinds';
import type { TFunction } from 'i18next';

/** A message's words and parts before layout: e-mail HTML, e-mail text and SMS are drawn from it. */
export interface MessageContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** The sender's own words (an invitation's message), set apart and attributed. */
  quote?: { label: string; text: string };
  /** A one-time code shown large. */
  code?: string;
  /** Label/value rows (receipts, gift cards). */
  facts?: { label: string; value: string }[];
  action?: { label: string; url: string };
  /** Smaller print after the action (validity, "no account needed"). */
  notes: string[];
  /**
   * The text message, for kinds that may go by SMS or WhatsApp. A function of the variables it shows,
   * so the SMS renderer can shorten long names to fit two messages.
   */
  sms?: { template: (vars: Record<string, string>) => string; vars: Record<string, string>; shrinkable: string[] };
}

export interface ContentContext {
  t: TFunction;
  locale: Locale;
  brandName: string;
  /** An absolute URL on the recipient's brand host. */
  url(path: string): string;
}

type Builder<K extends MessageKind> = (data: MessageData<K>, context: ContentContext) => MessageContent;

/** The recipient page opens from `/<link code>` (SPEC section 2, entry redirect). */
const documentLinkPath = (linkCode: string) => `/${encodeURIComponent(linkCode)}`;
const utcDate = (iso: string) => iso.slice(0, 10);

function smsOf(t: TFunction, key: string, vars: Record<string, string>, shrinkable: string[]): MessageContent['sms'] {
  return { template: (values) => t(key, values), vars, shrinkable };
}

const verificationCode: Builder<'verification-code'> = (data, { t, brandName }) => {
  const vars = { brandName, code: data.code, minutes: String(data.validMinutes) };
  return {
    subject: t('messages:verificationCode.subject', vars),
    heading: t('messages:verificationCode.heading'),
    paragraphs: [t(`messages:verificationCode.intro.${data.purpose}`, vars)],
    code: data.code,
    notes: [t('messages:verificationCode.validity', vars)],
    sms: smsOf(t, 'messages:verificationCode.sms', vars, []),
  };
};

function documentRequest<K extends 'document-invitation' | 'document-reminder'>(
  prefix: 'documentInvitation' | 'documentReminder',
): Builder<K> {
  return (data, { t, url }) => {
    const link = url(documentLinkPath(data.linkCode));
    const vars = {
      senderName: data.senderName,
      senderCompany: data.senderCompany ?? '',
      documentName: data.documentName,
    };
    const notes = prefix === 'documentInvitation' ? [t('messages:documentInvitation.noAccount')] : [];
    return {
      subject: t(`messages:${prefix}.subject`, vars),
      heading: t(`messages:${prefix}.heading`),
      paragraphs: [t(`messages:${prefix}.${data.senderCompany ? 'introCompany' : 'intro'}`, vars)],
      ...(data.message?.trim()
        ? { quote: { label: t(`messages:${prefix}.messageFrom`, vars), text: data.message.trim() } }
        : {}),
      action: { label: t(`messages:${prefix}.action`), url: link },
      notes,
      sms: smsOf(t, `messages:${prefix}.sms`, { ...vars, url: link }, ['documentName', 'senderName']),
    };
  };
}

const documentCompleted: Builder<'document-completed'> = (data, { t, url }) => {
  const link = url(documentLinkPath(data.linkCode));
  const vars = { documentName: data.documentName };
  // A document that does not allow downloading is still opened by the link (its audit trail is there), never
  // announced as a download.
  const canDownload = data.pdf !== 'not-allowed';
  return {
    subject: t('messages:documentCompleted.subject', vars),
    heading: t('messages:documentCompleted.heading'),
    paragraphs: [t('messages:documentCompleted.intro', vars)],
    action: {
      label: t(canDownload ? 'messages:documentCompleted.action' : 'messages:completionPdf.actionOpen'),
      url: link,
    },
    notes: [t(`messages:completionPdf.${data.pdf ?? 'link'}`)],
    sms: smsOf(
      t,
      canDownload ? 'messages:documentCompleted.sms' : 'messages:completionPdf.smsOpen',
      { ...vars, url: link },
      ['documentName'],
    ),
  };
};

/** The owner's own notice: their document's page has the sealed PDF and the audit trail whatever its settings. */
const documentCompletedOwner: Builder<'document-completed-owner'> = (data, { t, url }) => {
  const vars = { documentName: data.documentName };
  return {
    subject: t('messages:documentCompleted.subject', vars),
    heading: t('messages:documentCompleted.heading'),
    paragraphs: [t('messages:completionOwner.intro', vars)],
    action: {
      label: t('messages:completionOwner.action'),
      url: url(`/#/document/${encodeURIComponent(data.documentId)}`),
    },
    notes: [t(`messages:completionOwner.${data.isPdfAttached ? 'attached' : 'onPage'}`)],
  };
};

const webhookDisabled: Builder<'webhook-disabled'> = (data, { t, url }) => ({
  subject: t('messages:webhookDisabled.subject'),
  heading: t('messages:webhookDisabled.heading'),
  paragraphs: [t('messages:webhookDisabled.intro', { url: data.endpointUrl })],
  action: { label: t('messages:webhookDisabled.action'), url: url('/#/settings/webhooks') },
  notes: [],
});

const documentWithdrawn: Builder<'document-withdrawn'> = (data, { t }) => ({
  subject: t('messages:documentWithdrawn.subject', data),
  heading: t('messages:documentWithdrawn.heading'),
  paragraphs: [t('messages:documentWithdrawn.intro', data)],
  notes: [],
});

const signPayPayment: Builder<'sign-pay-payment'> = (data, { t, url }) => {
  const vars = { documentName: data.documentName, payeeName: data.payeeName, amount: data.amount };
  return {
    subject: t(`messages:signPayPayment.${data.outcome}.subject`, vars),
    heading: t(`messages:signPayPayment.${data.outcome}.heading`),
    paragraphs: [t(`messages:signPayPayment.${data.outcome}.intro`, vars)],
    action: { label: t('messages:signPayPayment.action'), url: url(documentLinkPath(data.linkCode)) },
    notes: data.providerPaymentId ? [t('messages:signPayPayment.paymentId', { id: data.providerPaymentId })] : [],
  };
};

const documentShared: Builder<'document-shared'> = (data, { t, url }) => {
  const link = url(documentLinkPath(data.linkCode));
  const vars = { senderName: data.senderName, documentName: data.documentName };
  return {
    subject: t('messages:documentShared.subject', vars),
    heading: t('messages:documentShared.heading'),
    paragraphs: [t('messages:documentShared.intro', vars)],
    action: { label: t('messages:documentShared.action'), url: link },
    notes: [],
    sms: smsOf(t, 'messages:documentShared.sms', { ...vars, url: link }, ['documentName', 'senderName']),
  };
};

const formSubmitted: Builder<'form-submitted'> = (data, { t, url }) => {
  const vars = { documentName: data.documentName, submitterName: data.submitterName ?? '' };
  return {
    subject: t('messages:formSubmitted.subject', vars),
    heading: t('messages:formSubmitted.heading'),
    paragraphs: [t(`messages:formSubmitted.${data.submitterName ? 'introBy' : 'intro'}`, vars)],
    action: { label: t('messages:formSubmitted.action'), url: url(documentLinkPath(data.linkCode)) },
    notes: [],
  };
};

/** The submitted PDF's own address: a text carries it (an e-mail carries the file). */
const formPdfPath = (data: { linkCode: string; formId: string; pdfToken: string }) =>
  `/v2/linktinker/links/${encodeURIComponent(data.linkCode)}/forms/${encodeURIComponent(data.formId)}/pdf?${new URLSearchParams({ token: data.pdfToken })}`;

/** The submitter's subject line, when they gave one, is the e-mail's subject (issue 8, part 7). */
const formCopy: Builder<'form-copy'> = (data, { t, url }) => {
  const prefix = `messages:formCopy.${data.variant}`;
  const link = url(formPdfPath(data));
  const vars = { documentName: data.documentName };
  return {
    subject: data.subject ?? t(`${prefix}.subject`, vars),
    heading: t(`${prefix}.heading`),
    paragraphs: [t(`${prefix}.intro`, vars)],
    action: { label: t('messages:formCopy.action'), url: link },
    notes: [t('messages:formCopy.attached')],
    sms: smsOf(t, `${prefix}.sms`, { ...vars, url: link }, ['documentName']),
  };
};

const formPendingReceipt: Builder<'form-pending-receipt'> = (data, { t, url }) => {
  const link = url(documentLinkPath(data.linkCode));
  const vars = { documentName: data.documentName };
  return {
    subject: data.subject ?? t('messages:formPendingReceipt.subject', vars),
    heading: t('messages:formPendingReceipt.heading'),
    paragraphs: [t('messages:formPendingReceipt.intro', vars)],
    action: { label: t('messages:formPendingReceipt.action'), url: link },
    notes: [],
    sms: smsOf(t, 'messages:formPendingReceipt.sms', { ...vars, url: link }, ['documentName']),
  };
};

/** The owner's decision on a pending form, to the contacts its submitter subscribed with (issue 8, part 7). */
const formDecision: Builder<'form-decision'> = (data, { t, url }) => {
  const prefix = `messages:formDecision.${data.decision}`;
  const vars = { documentName: data.documentName };
  const link = data.pdfToken ? url(formPdfPath({ ...data, pdfToken: data.pdfToken })) : undefined;
  return {
    subject: t(`${prefix}.subject`, vars),
    heading: t(`${prefix}.heading`),
    paragraphs: [t(`${prefix}.intro`, vars)],
    ...(link ? { action: { label: t('messages:formDecision.action'), url: link } } : {}),
    notes: [],
    sms: link
      ? smsOf(t, `${prefix}.sms`, { ...vars, url: link }, ['documentName'])
      : smsOf(t, `${prefix}.smsNoLink`, vars, ['documentName']),
  };
};

const deliveryFailed: Builder<'delivery-failed'> = (data, { t, url }) => ({
  subject: t('messages:deliveryFailed.subject', data),
  heading: t('messages:deliveryFailed.heading'),
  paragraphs: [t('messages:deliveryFailed.intro', data), t('messages:deliveryFailed.reason', data)],
  action: {
    label: t('messages:deliveryFailed.action'),
    url: url(`/#/document/${encodeURIComponent(data.documentId)}`),
  },
  notes: [t('messages:deliveryFailed.advice')],
});

const pinReset: Builder<'pin-reset'> = (data, { t, brandName, url }) => {
  const link = url(`/#/resetpin/${encodeURIComponent(data.resetId)}`);
  const vars = { brandName, minutes: String(data.validMinutes) };
  return {
    subject: t('messages:pinReset.subject', vars),
    heading: t('messages:pinReset.heading'),
    paragraphs: [t('messages:pinReset.intro', vars)],
    action: { label: t('messages:pinReset.action'), url: link },
    notes: [t('messages:pinReset.validity', vars)],
    sms: smsOf(t, 'messages:pinReset.sms', { ...vars, url: link }, []),
  };
};

const userInvitation: Builder<'user-invitation'> = (data, { t, brandName, url }) => {
  const vars = { brandName, accountName: data.accountName, inviterName: data.inviterName };
  return {
    subject: t('messages:userInvitation.subject', vars),
    heading: t('messages:userInvitation.heading'),
    paragraphs: [t('messages:userInvitation.intro', vars)],
    action: {
      label: t('messages:userInvitation.action'),
      url: url(`/#/register/${encodeURIComponent(data.invitationId)}`),
    },
    notes: [],
  };
};

/** The invitee opens the account on the same `/register/{id}` page as an invited user. */
const customerInvitation: Builder<'customer-invitation'> = (data, { t, brandName, url }) => {
  const variant = data.customerKind === 'company' ? 'company' : 'personal';
  const vars = {
    brandName,
    partnerName: data.partnerName,
    inviterName: data.inviterName,
    customerName: data.customerName ?? '',
  };
  const intro = data.customerKind === 'company' && data.customerName ? 'introCompanyNamed' : `intro.${variant}`;
  return {
    subject: t(`messages:customerInvitation.subject.${variant}`, vars),
    heading: t('messages:customerInvitation.heading'),
    paragraphs: [t(`messages:customerInvitation.${intro}`, vars)],
    action: {
      label: t(`messages:customerInvitation.action.${variant}`),
      url: url(`/#/register/${encodeURIComponent(data.invitationId)}`),
    },
    notes: [t(`messages:customerInvitation.note.${variant}`, vars)],
  };
};

const receipt: Builder<'receipt'> = (data, { t, brandName, locale, url }) => {
  const money = (minor: number) => formatMoney(minor, data.currency, locale);
  return {
    subject: t('messages:receipt.subject', { brandName, receiptId: data.receiptId }),
    heading: t('messages:receipt.heading'),
    paragraphs: [t('messages:receipt.intro', { description: data.description })],
    facts: [
      { label: t('messages:receipt.receiptNumber'), value: data.receiptId },
      { label: t('messages:receipt.paidAt'), value: utcDate(data.paidAt) },
      { label: t('messages:receipt.subtotal'), value: money(data.subtotalMinor) },
      { label: t('messages:receipt.vat'), value: money(data.vatMinor) },
      { label: t('messages:receipt.total'), value: money(data.totalMinor) },
    ],
    action: { label: t('messages:receipt.action'), url: url('/#/billing/receipts') },
    notes: [],
  };
};

/** The invoice itself is the attached PDF; the mail repeats what a payer needs to pay it (SPEC section 9). */
const invoice: Builder<'invoice'> = (data, { t, brandName, locale, url }) => {
  const vars = { brandName, number: String(data.invoiceNumber) };
  return {
    subject: t('messages:invoice.subject', vars),
    heading: t('messages:invoice.heading'),
    paragraphs: [t('messages:invoice.intro', vars)],
    facts: [
      { label: t('messages:invoice.invoiceNumber'), value: String(data.invoiceNumber) },
      { label: t('messages:invoice.ocrReference'), value: data.ocrReference },
      { label: t('messages:invoice.bankgiro'), value: data.bankgiro },
      { label: t('messages:invoice.amount'), value: formatMoney(data.totalMinor, data.currency, locale) },
      { label: t('messages:invoice.dueAt'), value: utcDate(data.dueAt) },
    ],
    action: { label: t('messages:invoice.action'), url: url('/#/billing/invoices') },
    notes: [t('messages:invoice.lateInterest', { percent: invoiceTerms.lateInterestPercent })],
  };
};

const giftCard: Builder<'gift-card'> = (data, { t, brandName, locale, url }) => {
  const value = formatMoney(data.valueMinor, data.currency, locale);
  return {
    subject: t('messages:giftCard.subject', { brandName }),
    heading: t('messages:giftCard.heading'),
    paragraphs: [
      data.senderName
        ? t('messages:giftCard.introFrom', { senderName: data.senderName, value })
        : t('messages:giftCard.intro', { value }),
    ],
    facts: [{ label: t('messages:giftCard.code'), value: data.code }],
    action: {
      label: t('messages:giftCard.action'),
      url: url(`/#/giftcard/${locale}/${encodeURIComponent(data.code)}`),
    },
    notes: data.expiresAt ? [t('messages:giftCard.expires', { date: utcDate(data.expiresAt) })] : [],
  };
};

const builders: { [K in MessageKind]: Builder<K> } = {
  'verification-code': verificationCode,
  'document-invitation': documentRequest('documentInvitation'),
  'document-reminder': documentRequest('documentReminder'),
  'document-completed': documentCompleted,
  'document-completed-owner': documentCompletedOwner,
  'document-withdrawn': documentWithdrawn,
  'sign-pay-payment': signPayPayment,
  'document-shared': documentShared,
  'form-submitted': formSubmitted,
  'form-copy': formCopy,
  'form-pending-receipt': formPendingReceipt,
  'form-decision': formDecision,
  'delivery-failed': deliveryFailed,
  'pin-reset': pinReset,
  'user-invitation': userInvitation,
  'customer-invitation': customerInvitation,
  receipt,
  invoice,
  'webhook-disabled': webhookDisabled,
  'gift-card': giftCard,
};

export function buildMessageContent<K extends MessageKind>(
  kind: K,
  data: MessageData<K>,
  context: ContentContext,
): MessageContent {
  return (builders[kind] as Builder<K>)(data, context);
}
