import { ZDocumentIdParams } from '../documents/drafts.ts';
import { defineRoute } from '../http/route-contract.ts';
import { ZOwnerFormsResponse } from './form-approval.ts';
import { ZFormApprovalParams, ZFormApprovalRequest, ZFormSubmission } from './link-forms.ts';

/** The sender's side of recipients' forms: list them, download one, approve or deny a pending one. */
const tags = ['documents'];
const callers = ['session'] as const;

export const listDocumentFormsRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/errands/:id/forms',
  tags,
  callers,
  summary: "The forms the document's recipients saved, submitted or shared",
  params: ZDocumentIdParams,
  responses: { 200: ZOwnerFormsResponse },
  errors: ['NOT_FOUND', 'FORBIDDEN'],
});

export const downloadDocumentFormPdfRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/errands/:id/forms/:formId/pdf',
  tags,
  callers,
  summary: 'The filled PDF a recipient submitted or shared',
  params: ZFormApprovalParams,
  responses: { 200: null },
  file: true,
  errors: ['NOT_FOUND', 'FORBIDDEN'],
});

export const decideDocumentFormRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/errands/:id/forms/:formId/approval',
  tags,
  callers,
  summary: 'Approve or deny a pending form: it is no longer pending nor sharing; its submitter is told',
  params: ZFormApprovalParams,
  body: ZFormApprovalRequest,
  responses: { 200: ZFormSubmission },
  // DOCUMENT_SAVE_FAILED: the form was decided already, or is not a pending, submitted one. The decision and the
  // submitter's message go together: a message that cannot be queued (SEND_FAILED) leaves the form pending.
  errors: ['NOT_FOUND', 'FORBIDDEN', 'DOCUMENT_SAVE_FAILED', 'SEND_FAILED'],
});
