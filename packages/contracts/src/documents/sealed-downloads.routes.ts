import { defineRoute } from '../http/route-contract.ts';
import { ZDocumentIdParams } from './drafts.ts';

/**
 * Issue 7, part 7, the sender's side: the sealed PDF, and the audit trail alone. Whoever may see the document may
 * download both ("allow downloading" limits the parties, not the sender's company); the parties' own download goes
 * through their link. Before the seal is made (or when it failed): DOCUMENT_NOT_SEALED.
 */
const tags = ['documents'];
const callers = ['session'] as const;
const errors = ['NOT_FOUND', 'FORBIDDEN', 'DOCUMENT_NOT_SEALED'] as const;

export const downloadSealedPdfRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/errands/:id/sealed-pdf',
  tags,
  callers,
  summary: 'The sealed PDF of a completed document',
  params: ZDocumentIdParams,
  responses: { 200: null },
  file: true,
  errors,
});

export const downloadAuditTrailRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/errands/:id/audit-trail',
  tags,
  callers,
  summary: 'The audit trail of a completed document, on its own',
  params: ZDocumentIdParams,
  responses: { 200: null },
  file: true,
  errors,
});
