import { z } from 'zod';
import { ZLinkIdParams, ZRequestToken } from '../bankid/link-bankid.ts';
import { limits } from '../constants.ts';
import { ZFormSubject } from '../messaging/message-kinds.ts';

/**
 * A recipient's form (SPEC sections 3, 4 and 7 "Forms"; issue 8, part 7). One submission per link: saving again
 * updates it until it is submitted or shared, after which it is frozen and a save or submit answers
 * DOCUMENT_SAVE_FAILED (reason `form-frozen`).
 */

/**
 * SPEC `instantJson` (DECISIONS, Form data): field name → value. Names are the document's placed fields
 * (`Text[1].2`) or the PDF's own form fields; text, date, radio and dropdown values are strings, checkboxes booleans.
 * The server refuses a name the document does not have (VALIDATION_FAILED, reason `unknown-field`).
 */
export const ZFormValues = z
  .record(z.string().min(1).max(200), z.union([z.string().max(2000), z.boolean()]))
  .refine((values) => Object.keys(values).length <= 500, { message: 'at most 500 fields' })
  .refine((values) => JSON.stringify(values).length <= limits.formValuesMaxChars, {
    message: `at most ${limits.formValuesMaxChars} characters of JSON`,
  })
  .describe('Field name to value: a string, or a boolean for a checkbox');
export type FormValues = z.infer<typeof ZFormValues>;

/** The document the form belongs to: the link's own (SPEC `document`); another id is refused as NOT_FOUND. */
const ZDocumentRef = z.string().min(1).max(64);
export const ZFormId = z.string().regex(/^[\w-]{1,64}$/, 'a form id');
export type FormId = z.infer<typeof ZFormId>;
const ZOptionalId = z.string().trim().max(200).optional();

/** `POST linktinker/links/{linkId}/forms`: save the recipient's values, pending (awaits approval) or final. */
export const ZSaveFormRequest = z.object({
  document: ZDocumentRef,
  requestToken: ZRequestToken,
  name: z.string().trim().max(200).optional(),
  instantJson: ZFormValues,
  layerId: ZOptionalId,
  documentVersionId: ZOptionalId,
  isPending: z.boolean().default(false),
  isSharing: z.boolean().default(false),
  /** Where to tell the submitter of the owner's decision; checked as an e-mail address and a mobile number. */
  subscribeEmailAddress: z.string().trim().max(254).optional(),
  subscribePhonenumber: z.string().trim().max(32).optional(),
});
export type SaveFormRequest = z.input<typeof ZSaveFormRequest>;

export const formApprovalValues = ['approve', 'deny'] as const;

export const ZFormSubmission = z
  .object({
    formId: z.string(),
    linkId: z.string(),
    document: z.string(),
    name: z.string().nullable(),
    instantJson: z.record(z.string(), z.union([z.string(), z.boolean()])),
    layerId: z.string().nullable(),
    documentVersionId: z.string().nullable(),
    isPending: z.boolean(),
    isSharing: z.boolean(),
    approvalValue: z.enum(formApprovalValues).nullable(),
    /** Submitted or shared: no further changes (SPEC section 4). */
    isFrozen: z.boolean(),
    submittedAt: z.string().nullable(),
    sharedAt: z.string().nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'FormSubmission' });
export type FormSubmission = z.infer<typeof ZFormSubmission>;

export const ZFormQuery = z.object({ requestToken: ZRequestToken });
export type FormQuery = z.input<typeof ZFormQuery>;
/** `GET linktinker/links/{linkId}/forms?requestToken=`: the link's saved form, or null before the first save. */
export const ZLinkFormResponse = z.object({ form: ZFormSubmission.nullable() });
export type LinkFormResponse = z.infer<typeof ZLinkFormResponse>;

const ZRecipientAddresses = z.array(z.string().trim().min(1).max(254)).default([]);
const ZRecipientPhones = z.array(z.string().trim().min(1).max(32)).default([]);
const recipientsWithinLimit = (body: { recipientaddresses: string[]; recipientphonenumbers: string[] }) =>
  body.recipientaddresses.length + body.recipientphonenumbers.length <= limits.formRecipientsMax;
const tooManyRecipients = {
  message: `at most ${limits.formRecipientsMax} addresses and numbers together`,
  path: ['recipientaddresses'],
};

/**
 * `POST …/forms/submit`: freezes the form, makes the filled and flattened PDF, and sends it: attached to an e-mail
 * to each address, its address by text to each number, with the submitter's subject. `copyToSelf` also sends it to
 * the contact the link's gate verified (none for a link without an SMS or e-mail gate). Each address is checked
 * (INVALID_EMAIL / INVALID_PHONE with the field's index); at most `formRecipientsMax` together. A document whose
 * `disableSubmit` is set refuses it and the receipt below: FORBIDDEN (reason `submit-disabled`), nothing written.
 */
export const ZSubmitFormRequest = z
  .object({
    document: ZDocumentRef,
    formId: ZFormId,
    requestToken: ZRequestToken,
    recipientaddresses: ZRecipientAddresses,
    recipientphonenumbers: ZRecipientPhones,
    subject: ZFormSubject.optional(),
    copyToSelf: z.boolean().default(false),
  })
  .refine(recipientsWithinLimit, tooManyRecipients);
export type SubmitFormRequest = z.input<typeof ZSubmitFormRequest>;

/** `POST …/forms/pendingsubmissionreceipt`: a receipt that a pending form was received, to these recipients. */
export const ZPendingReceiptRequest = z
  .object({
    document: ZDocumentRef,
    formId: ZFormId,
    requestToken: ZRequestToken,
    recipientaddresses: ZRecipientAddresses,
    recipientphonenumbers: ZRecipientPhones,
    subject: ZFormSubject.optional(),
  })
  .refine(recipientsWithinLimit, tooManyRecipients)
  .refine((body) => body.recipientaddresses.length + body.recipientphonenumbers.length > 0, {
    message: 'at least one address or number',
    path: ['recipientaddresses'],
  });
export type PendingReceiptRequest = z.input<typeof ZPendingReceiptRequest>;

/**
 * `POST …/forms/share`: the filled form to one e-mail address or one mobile number (exactly one), which freezes it.
 * The destination must be proved first, as a contact of this link: `links/{id}/validation/email` (or `/sms`) with
 * the address and this requestToken sends a code, `links/{id}/validation/validate` checks it, and its
 * `ClientAccessKey` is what `emailVerification` (or `smsVerification`) carries, within an hour of the check.
 * `skipVerification` needs no key but only for the link's own verified contact (what its SMS or e-mail gate, or an
 * earlier code at this link, proved); for any other destination it is FORBIDDEN (reason `verification-required`).
 * Only a document whose `enableSharing` is set (off by default) may be shared: else FORBIDDEN (`sharing-disabled`).
 */
export const ZShareFormRequest = z
  .object({
    document: ZDocumentRef,
    formId: ZFormId,
    requestToken: ZRequestToken,
    layerId: ZOptionalId,
    emailAddress: z.string().trim().min(1).max(254).optional(),
    emailVerification: z.string().min(1).max(200).optional(),
    smsPhoneNumber: z.string().trim().min(1).max(32).optional(),
    smsVerification: z.string().min(1).max(200).optional(),
    skipVerification: z.boolean().default(false),
  })
  .refine((body) => (body.emailAddress === undefined) !== (body.smsPhoneNumber === undefined), {
    message: 'either emailAddress or smsPhoneNumber',
    path: ['emailAddress'],
  });
export type ShareFormRequest = z.input<typeof ZShareFormRequest>;

/** What a send queued: one message per destination (the PDF goes with each e-mail). */
export const ZFormSendResponse = z.object({
  form: ZFormSubmission,
  sent: z.array(z.object({ channel: z.enum(['email', 'sms']), to: z.string() })),
});
export type FormSendResponse = z.infer<typeof ZFormSendResponse>;

/** `POST …/forms/submittedpdfurl`: the address of the frozen form's PDF, valid as long as the requestToken. */
export const ZSubmittedPdfUrlRequest = z.object({
  document: ZDocumentRef,
  formId: ZFormId,
  requestToken: ZRequestToken,
});
export type SubmittedPdfUrlRequest = z.input<typeof ZSubmittedPdfUrlRequest>;
export const ZSubmittedPdfUrlResponse = z.object({
  /** Relative to the API base (`/v2/…`), carrying its own token. */
  url: z.string(),
});
export type SubmittedPdfUrlResponse = z.infer<typeof ZSubmittedPdfUrlResponse>;

export const ZFormPdfParams = z.object({ formId: ZFormId });
export type FormPdfParams = z.input<typeof ZFormPdfParams>;
/** `GET links/{id}/forms/{formId}/pdf`: the link's and the form's ids. */
export const ZLinkFormPdfParams = ZLinkIdParams.extend(ZFormPdfParams.shape);
export type LinkFormPdfParams = z.input<typeof ZLinkFormPdfParams>;
export const ZFormPdfQuery = z.object({ token: z.string().min(16).max(100) });
export type FormPdfQuery = z.input<typeof ZFormPdfQuery>;

/** `POST linktinker/errands/{id}/forms/{formId}/approval`: the owner's decision; both end pending and sharing. */
export const ZFormApprovalRequest = z.object({ approvalValue: z.enum(formApprovalValues) });
export type FormApprovalRequest = z.input<typeof ZFormApprovalRequest>;
export const ZFormApprovalParams = z.object({ id: z.string().min(1).max(64), formId: ZFormId });
export type FormApprovalParams = z.input<typeof ZFormApprovalParams>;
