import { ZLinkIdParams } from '../bankid/link-bankid.ts';
import { defineRoute } from '../http/route-contract.ts';
import { ZLinkStatusResponse } from './link-access.ts';
import { ZLinkDownloadRequest, ZLinkDownloadResponse, ZLinkRequestTokenQuery } from './link-download.ts';
import { requestTokenErrors, slotSigningErrors } from './link-errors.ts';
import { ZSignInkRequest } from './sign-ink.ts';

/**
 * The recipient's signing calls after the gate (SPEC section 7; issue 8, parts 4, 6, 8 and 9): every one carries the
 * RequestToken `links/{id}/access` gave, which is bound to this link.
 */
const tags = ['links'];
const callers = ['request-token'] as const;

/** Downloads only when the document allows them, and never between the last signature and the seal. */
const downloadErrors = [...requestTokenErrors, 'FORBIDDEN', 'DOCUMENT_NOT_SEALED'] as const;

export const signLinkWithInkRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:id/sign/ink',
  tags,
  callers,
  summary: "Sign one of the link's signature slots with a drawn signature and the slot's field values",
  params: ZLinkIdParams,
  body: ZSignInkRequest,
  responses: { 200: ZLinkStatusResponse },
  errors: slotSigningErrors,
});

export const findLinkStatusRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/links/:id/status',
  tags,
  callers,
  summary: "The document's signature slots, aggregates and state, polled until the sealed PDF is ready",
  params: ZLinkIdParams,
  query: ZLinkRequestTokenQuery,
  responses: { 200: ZLinkStatusResponse },
  errors: requestTokenErrors,
});

export const downloadLinkDocumentRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/links/:id/download',
  tags,
  callers,
  summary: 'The sealed PDF once sealed, before that the document as sent; only when it allows downloading',
  params: ZLinkIdParams,
  query: ZLinkRequestTokenQuery,
  responses: { 200: null },
  file: true,
  errors: [...downloadErrors, 'NOT_FOUND'],
});

/**
 * The audit trail of a completed document, on its own, for every party through their link: it is the record of what
 * they signed and when, so it is offered even where the document does not allow downloading the PDF itself.
 */
export const downloadLinkAuditTrailRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/links/:id/audit-trail',
  tags,
  callers,
  summary: "The audit trail of the link's completed document, as a PDF",
  params: ZLinkIdParams,
  query: ZLinkRequestTokenQuery,
  responses: { 200: null },
  file: true,
  errors: [...requestTokenErrors, 'DOCUMENT_NOT_SEALED'],
});

export const planLinkDownloadRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/links/:id/download',
  tags,
  callers,
  summary: "Link PDF download by link code: the download's address, when the document allows downloading",
  params: ZLinkIdParams,
  body: ZLinkDownloadRequest,
  responses: { 200: ZLinkDownloadResponse },
  errors: downloadErrors,
});
