import { ZLinkIdParams } from '../bankid/link-bankid.ts';
import { pdfUploadErrors } from '../documents/pdf-upload-errors.ts';
import { defineRoute } from '../http/route-contract.ts';
import {
  ZAttachmentUploadBody,
  ZAttachmentUploadQuery,
  ZDeleteAttachmentRequest,
  ZDownloadAttachmentRequest,
  ZLinkAttachmentsResponse,
  ZLoadAttachmentsRequest,
} from './link-attachments.ts';
import { requestTokenErrors } from './link-errors.ts';

/**
 * A recipient's attachments (SPEC section 7, `links/{id}/attachments/load` and `/delete`; issue 8, part 8). Adding
 * one takes the PDF as the raw body, as the sender's upload does, with the RequestToken in the query.
 */
const tags = ['links'];
const callers = ['request-token'] as const;

/** Adding or removing one: only while the document is open and this recipient has not signed. */
const changeErrors = [
  ...requestTokenErrors,
  'DOCUMENT_WITHDRAWN',
  'DOCUMENT_COMPLETED',
  'DOCUMENT_NOT_OPEN',
  'DOCUMENT_SAVE_FAILED',
] as const;

export const addLinkAttachmentRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:id/attachments',
  tags,
  callers,
  summary:
    'Attach a PDF to the document (raw body, application/pdf or application/octet-stream, judged by content); ' +
    'the attachments after it',
  params: ZLinkIdParams,
  query: ZAttachmentUploadQuery,
  body: ZAttachmentUploadBody,
  responses: { 201: ZLinkAttachmentsResponse },
  // The PDF is checked as the sender's upload is (SPEC section 4): its type, size, and what a PDF may not hold.
  errors: [...changeErrors, ...pdfUploadErrors],
});

export const loadLinkAttachmentsRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:id/attachments/load',
  tags,
  callers,
  summary: "The document's attachments, marking this link's own",
  params: ZLinkIdParams,
  body: ZLoadAttachmentsRequest,
  responses: { 200: ZLinkAttachmentsResponse },
  errors: requestTokenErrors,
});

export const deleteLinkAttachmentRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:id/attachments/delete',
  tags,
  callers,
  summary: "Remove one of this link's own attachments while the document is open and unsigned by it",
  params: ZLinkIdParams,
  body: ZDeleteAttachmentRequest,
  responses: { 200: ZLinkAttachmentsResponse },
  errors: [...changeErrors, 'NOT_FOUND', 'FORBIDDEN'],
});

export const downloadLinkAttachmentRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:id/attachments/download',
  tags,
  callers,
  summary: "One of the document's attachments as a PDF (application/pdf), by its PdfFileIndex",
  params: ZLinkIdParams,
  body: ZDownloadAttachmentRequest,
  responses: { 200: null },
  file: true,
  errors: [...requestTokenErrors, 'NOT_FOUND'],
});
