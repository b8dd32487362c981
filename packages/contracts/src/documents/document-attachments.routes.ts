import { defineRoute } from '../http/route-contract.ts';
import { ZDocumentAttachmentParams, ZDocumentAttachmentsResponse } from './document-attachments.ts';
import { ZDocumentIdParams } from './drafts.ts';

/**
 * The owner's side of the recipients' attachments (issue 8, part 8): whoever may see the document (document.view)
 * lists them, with the party that attached each, and downloads one. Another account's document is NOT_FOUND and a
 * colleague's private one FORBIDDEN, as everywhere.
 */
const tags = ['documents'];
const callers = ['session'] as const;

export const listDocumentAttachmentsRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/errands/:id/attachments',
  tags,
  callers,
  summary: "The PDFs the document's recipients attached, by index",
  params: ZDocumentIdParams,
  responses: { 200: ZDocumentAttachmentsResponse },
  errors: ['NOT_FOUND', 'FORBIDDEN'],
});

export const downloadDocumentAttachmentRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/errands/:id/attachments/:pdfFileIndex',
  tags,
  callers,
  summary: 'One attachment of the document as a PDF (application/pdf)',
  params: ZDocumentAttachmentParams,
  responses: { 200: null },
  file: true,
  // Also an index with no attachment, or one deleted.
  errors: ['NOT_FOUND', 'FORBIDDEN'],
});
