import { z } from 'zod';
import { currencies } from '../constants.ts';

/** Where a message goes. */
export const messageChannels = ['email', 'sms', 'whatsapp'] as const;
export type MessageChannel = (typeof messageChannels)[number];
export type TextChannel = Exclude<MessageChannel, 'email'>;

/**
 * A message's delivery state (issue 3): queued until a worker hands it to the provider; sending while it
 * is being handed over and the outcome is not yet recorded (shown to senders as queued); sent once the
 * provider took it; delivered when the provider reports it reached the handset (texts); failed with
 * the provider's reason when it was refused, bounced, or every retry was used.
 */
export const deliveryStates = ['queued', 'sending', 'sent', 'delivered', 'failed'] as const;
export type DeliveryState = (typeof deliveryStates)[number];

const ZName = z.string().trim().min(1).max(200);
const ZLinkCode = z
  .string()
  .regex(/^[A-Z0-9]{8,64}$/, 'an upper-case link code')
  .describe('A document link code; the message links to /<code> on the brand host');
const ZMinor = z.number().int();
/** A subject line a recipient typed: one line (no header injection), as long as mail clients show. */
export const ZFormSubject = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[^\p{Cc}]*$/u, 'one line of text');
export type FormSubject = z.infer<typeof ZFormSubject>;

/**
 * Every kind of message the product sends (registration codes, invitations, reminders, receipts, gift
 * cards…), with the data its template needs. Links are built from ids by the renderer on the
 * recipient's brand host, so a caller never assembles a URL.
 */
export const messageKindSchemas = {
  'verification-code': z.object({
    code: z.string().regex(/^[A-Z0-9]{4,8}$/),
    purpose: z.enum(['registration', 'login', 'email-verification', 'phone-verification', 'recipient-access']),
    validMinutes: z.number().int().min(1).max(60),
  }),
  'document-invitation': z.object({
    documentName: ZName,
    senderName: ZName,
    senderCompany: ZName.optional(),
    message: z.string().max(2000).optional(),
    linkCode: ZLinkCode,
  }),
  'document-reminder': z.object({
    documentName: ZName,
    senderName: ZName,
    senderCompany: ZName.optional(),
    message: z.string().max(2000).optional(),
    linkCode: ZLinkCode,
  }),
  /**
   * To each party once the sealed PDF exists. `pdf` says how it reaches them: attached (at most
   * limits.maxEmailAttachmentBytes), by the link only (larger), or not at all when the document does not allow
   * downloading (the link still gives the audit trail). Absent on messages queued before it existed: as `link`.
   */
  'document-completed': z.object({
    documentName: ZName,
    linkCode: ZLinkCode,
    pdf: z.enum(['attached', 'link', 'not-allowed']).optional(),
  }),
  /** To the document's owner once the sealed PDF exists, in the owner's language; the overview has both files. */
  'document-completed-owner': z.object({
    documentName: ZName,
    documentId: z.string().min(1),
    isPdfAttached: z.boolean(),
  }),
  'document-withdrawn': z.object({ documentName: ZName, senderName: ZName }),
  /**
   * Issue 25: a Sign & Pay payment's outcome, to the payer's receipt address: paid (the receipt: the amount as the
   * document's language writes it, and the provider's id), or failed after the bank debit the page said would be
   * e-mailed about. E-mail only.
   */
  'sign-pay-payment': z.object({
    outcome: z.enum(['paid', 'failed']),
    documentName: ZName,
    payeeName: ZName,
    amount: z.string().min(1).max(64),
    providerPaymentId: z.string().max(255).optional(),
    linkCode: ZLinkCode,
  }),
  'document-shared': z.object({ documentName: ZName, senderName: ZName, linkCode: ZLinkCode }),
  'form-submitted': z.object({ documentName: ZName, submitterName: ZName.optional(), linkCode: ZLinkCode }),
  /**
   * Issue 8, part 7: a recipient's filled form, sent by them on submit (`submitted`) or shared (`shared`). By e-mail
   * the PDF is attached; a text carries the address of the PDF (`/v2/linktinker/links/{linkCode}/forms/{formId}/pdf`
   * with `pdfToken`), which the renderer builds. `subject` is the submitter's own subject line.
   */
  'form-copy': z.object({
    variant: z.enum(['submitted', 'shared']),
    documentName: ZName,
    subject: ZFormSubject.optional(),
    linkCode: ZLinkCode,
    formId: z.string().regex(/^[\w-]{1,64}$/),
    pdfToken: z.string().min(16).max(100),
  }),
  /** Issue 8, part 7: a receipt of a form sent pending, which awaits the document owner's approval. */
  'form-pending-receipt': z.object({ documentName: ZName, subject: ZFormSubject.optional(), linkCode: ZLinkCode }),
  /**
   * Issue 8, part 7: the document owner approved or denied a pending form; sent to the contacts the submitter
   * subscribed with (SPEC subscribeEmailAddress / subscribePhonenumber). `pdfToken` gives the address of the form
   * they sent, as `form-copy` does, when its PDF exists.
   */
  'form-decision': z.object({
    decision: z.enum(['approve', 'deny']),
    documentName: ZName,
    linkCode: ZLinkCode,
    formId: z.string().regex(/^[\w-]{1,64}$/),
    pdfToken: z.string().min(16).max(100).optional(),
  }),
  'delivery-failed': z.object({
    documentName: ZName,
    documentId: z.string().min(1),
    recipient: z.string().min(1),
    reason: z.string().max(500),
  }),
  'pin-reset': z.object({
    resetId: z.string().min(16),
    validMinutes: z
      .number()
      .int()
      .min(1)
      .max(24 * 60),
  }),
  'user-invitation': z.object({ accountName: ZName, inviterName: ZName, invitationId: z.string().min(16) }),
  /** A partner invites someone to open a customer account (SPEC section 6): a named company, or a personal one. */
  'customer-invitation': z.object({
    customerKind: z.enum(['company', 'personal']),
    partnerName: ZName,
    inviterName: ZName,
    customerName: ZName.optional(),
    invitationId: z.string().min(16),
  }),
  receipt: z.object({
    receiptId: z.string().min(1),
    description: ZName,
    subtotalMinor: ZMinor,
    vatMinor: ZMinor,
    totalMinor: ZMinor,
    currency: z.enum(currencies),
    paidAt: z.iso.datetime(),
  }),
  /** An invoice to the account's invoice e-mail, its PDF attached (SPEC section 9, invoice terms). */
  invoice: z.object({
    invoiceNumber: z.number().int().positive(),
    ocrReference: z.string().regex(/^\d{2,25}$/),
    totalMinor: ZMinor,
    currency: z.enum(currencies),
    dueAt: z.iso.datetime(),
    bankgiro: z.string().min(1).max(20),
  }),
  /** Issue 26: to a company's administrators when a webhook endpoint failed for 5 days and was disabled. */
  'webhook-disabled': z.object({ endpointUrl: z.string().min(1).max(2000) }),
  'gift-card': z.object({
    code: z.string().min(4).max(64),
    valueMinor: ZMinor.positive(),
    currency: z.enum(currencies),
    expiresAt: z.iso.datetime().optional(),
    senderName: ZName.optional(),
  }),
} as const;

export type MessageKind = keyof typeof messageKindSchemas;
export const messageKinds = Object.keys(messageKindSchemas) as MessageKind[];
export type MessageData<K extends MessageKind> = z.infer<(typeof messageKindSchemas)[K]>;

/** Kinds that may go by SMS or WhatsApp; the rest are e-mail only (a receipt does not fit a text). */
export const textableKinds: ReadonlySet<MessageKind> = new Set<MessageKind>([
  'verification-code',
  'document-invitation',
  'document-reminder',
  'document-completed',
  'document-shared',
  'form-copy',
  'form-pending-receipt',
  'form-decision',
  'pin-reset',
]);

/**
 * Kinds whose data is a secret (a one-time code, a reset link): erased from the stored message once it
 * reached a final state, so the outbox never keeps a usable credential.
 */
export const secretKinds: ReadonlySet<MessageKind> = new Set<MessageKind>([
  'verification-code',
  'pin-reset',
  'form-copy',
  'form-decision',
]);

/**
 * Kinds that count as a document invitation's texts: SPEC section 9, "up to three messages per
 * invitation" by SMS or WhatsApp (the invitation, its reminders and re-sends).
 */
export const invitationKinds: ReadonlySet<MessageKind> = new Set<MessageKind>([
  'document-invitation',
  'document-reminder',
]);
