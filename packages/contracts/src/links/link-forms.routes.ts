import { ZLinkIdParams } from '../bankid/link-bankid.ts';
import { defineRoute } from '../http/route-contract.ts';
import { requestTokenErrors } from './link-errors.ts';
import {
  ZFormPdfQuery,
  ZFormQuery,
  ZFormSendResponse,
  ZFormSubmission,
  ZLinkFormPdfParams,
  ZLinkFormResponse,
  ZPendingReceiptRequest,
  ZSaveFormRequest,
  ZShareFormRequest,
  ZSubmitFormRequest,
  ZSubmittedPdfUrlRequest,
  ZSubmittedPdfUrlResponse,
} from './link-forms.ts';

/**
 * The recipient's form calls (SPEC section 7 "Forms"; issue 8, part 7). Each carries the RequestToken of
 * `links/{id}/access` for this link, except the PDF address, whose own token is its credential.
 */
const tags = ['links'];
const callers = ['request-token'] as const;

/** The form named by `formId` and `document` is this link's (else NOT_FOUND), frozen once submitted or shared. */
const formErrors = [...requestTokenErrors, 'NOT_FOUND', 'DOCUMENT_SAVE_FAILED'] as const;

/** A send e-mails or texts: to valid addresses, within the sends allowed per submission an hour. */
const sendErrors = [...formErrors, 'INVALID_EMAIL', 'INVALID_PHONE', 'RATE_LIMITED', 'SEND_FAILED'] as const;

export const findLinkFormRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/links/:id/forms',
  tags,
  callers,
  summary: "The link's saved form, to restore what the recipient filled",
  params: ZLinkIdParams,
  query: ZFormQuery,
  responses: { 200: ZLinkFormResponse },
  errors: requestTokenErrors,
});

export const saveLinkFormRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:id/forms',
  tags,
  callers,
  summary: "Save the recipient's form values (instantJson), pending or final, until it is submitted or shared",
  params: ZLinkIdParams,
  body: ZSaveFormRequest,
  responses: { 200: ZFormSubmission },
  errors: [...formErrors, 'DOCUMENT_NOT_OPEN', 'INVALID_EMAIL', 'INVALID_PHONE'],
});

export const submitLinkFormRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:id/forms/submit',
  tags,
  callers,
  summary: 'Submit the form: it is frozen, and its filled PDF is e-mailed (attached) and texted (as a link)',
  params: ZLinkIdParams,
  body: ZSubmitFormRequest,
  responses: { 200: ZFormSendResponse },
  // FORBIDDEN: the document's setting "disable submit" (SPEC section 3).
  errors: [...sendErrors, 'FORBIDDEN'],
});

export const sendPendingFormReceiptRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:id/forms/pendingsubmissionreceipt',
  tags,
  callers,
  summary: 'Send a receipt that a pending form was received',
  params: ZLinkIdParams,
  body: ZPendingReceiptRequest,
  responses: { 200: ZFormSendResponse },
  // FORBIDDEN: as for submit, the document's setting "disable submit" (SPEC section 3).
  errors: [...sendErrors, 'FORBIDDEN'],
});

export const shareLinkFormRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:id/forms/share',
  tags,
  callers,
  summary: 'Share the filled form with one proved e-mail address or mobile number; it is frozen',
  params: ZLinkIdParams,
  body: ZShareFormRequest,
  responses: { 200: ZFormSendResponse },
  // FORBIDDEN: sharing is off, or the destination needs proving first; WRONG_CODE: its proof is unknown or old.
  errors: [...sendErrors, 'FORBIDDEN', 'WRONG_CODE'],
});

export const findSubmittedFormPdfUrlRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:id/forms/submittedpdfurl',
  tags,
  callers,
  summary: "The address of the submitted form's PDF",
  params: ZLinkIdParams,
  body: ZSubmittedPdfUrlRequest,
  responses: { 200: ZSubmittedPdfUrlResponse },
  errors: [...requestTokenErrors, 'NOT_FOUND'],
});

export const downloadLinkFormPdfRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/links/:id/forms/:formId/pdf',
  tags,
  callers: ['content-token'],
  summary: "The submitted form's filled PDF, by the token its address carries",
  params: ZLinkFormPdfParams,
  query: ZFormPdfQuery,
  responses: { 200: null },
  file: true,
  errors: ['ACCESS_FAILED', 'NOT_FOUND'],
});
