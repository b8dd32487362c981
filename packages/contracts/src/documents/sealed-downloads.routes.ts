import { defineRoute } from '../http/route-contract.ts';
import { ZDocumentIdParams } from './drafts.ts';

/**
 * Issue 7, part 7, the sender's side: the sealed PDF, and the audit trail alone. Whoever may see the document may
 * download both ("allow downloading" limits the parties, not the sender's company); the parties' own download goes
 * through their link. Before the seal is made (or when it failed): DOCUMENT_NOT_SEALED.
 */
const tags = ['documents'];
/** Integrations (API clients, OAuth apps) call these too, as the web app does (issue 26). */
const integrations = ['session', 'api-client'] as const;
const errors = ['NOT_FOUND', 'FORBIDDEN', 'DOCUMENT_NOT_SEALED'] as const;

export const downloadSealedPdfRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/errands/:id/sealed-pdf',
  tags,
  callers: integrations,
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
  callers: integrations,
  summary: 'The audit trail of a completed document, on its own',
  params: ZDocumentIdParams,
  responses: { 200: null },
  file: true,
  errors,
});
