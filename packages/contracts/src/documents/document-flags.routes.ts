import { z } from 'zod';
import { defineRoute } from '../http/route-contract.ts';
import {
  ZAccessLevelRequest,
  ZArchiveRequest,
  ZDeleteDocumentRequest,
  ZDocumentSummary,
  ZDuplicateResponse,
  ZHandledRequest,
} from './documents.ts';
import { ZDocumentIdParams } from './drafts.ts';
import { ZRetrySealResponse } from './retry-seal.ts';

/**
 * SPEC section 7, Documents: the owner's actions on a sent document that move no money. Each answers the document as
 * a list row after the change, except delete (no content) and duplicate (the new draft).
 */
const tags = ['documents'];
const callers = ['session'] as const;

/** A sent document the caller may manage: another account's or a draft is NOT_FOUND, a colleague's private one FORBIDDEN. */
const documentErrors = ['NOT_FOUND', 'FORBIDDEN'] as const;

export const setDocumentHandledRoute = defineRoute({
  method: 'PUT',
  path: '/linktinker/errands/:id/handled',
  tags,
  callers,
  summary: 'Mark a sent document handled or unhandled',
  params: ZDocumentIdParams,
  body: ZHandledRequest,
  responses: { 200: ZDocumentSummary },
  errors: documentErrors,
});

export const setDocumentAccessLevelRoute = defineRoute({
  method: 'PUT',
  path: '/linktinker/errands/:id/accesslevel',
  tags,
  callers,
  summary: 'Make a sent document private or shared in the account (its owner only)',
  params: ZDocumentIdParams,
  body: ZAccessLevelRequest,
  responses: { 200: ZDocumentSummary },
  errors: [...documentErrors, 'SHARING_NEEDS_PLAN'],
});

export const archiveDocumentRoute = defineRoute({
  method: 'PUT',
  path: '/linktinker/errands/:id/archive',
  tags,
  callers,
  summary: 'Archive a sent document, or with restore true bring it back to Sent',
  params: ZDocumentIdParams,
  body: ZArchiveRequest.nullish(),
  responses: { 200: ZDocumentSummary },
  errors: documentErrors,
});

export const deleteDocumentRoute = defineRoute({
  method: 'DELETE',
  path: '/linktinker/errands/:id',
  tags,
  callers,
  summary:
    'Delete a withdrawn or expired document from the lists; a completed one only by its owner with ' +
    'ownDocumentOnly (it stays with the other parties); an active one: DOCUMENT_NOT_WITHDRAWN',
  params: ZDocumentIdParams,
  // The body is optional: a bare DELETE removes a withdrawn or expired document.
  body: ZDeleteDocumentRequest.nullish(),
  responses: { 204: z.null() },
  errors: [...documentErrors, 'DOCUMENT_NOT_WITHDRAWN', 'DOCUMENT_COMPLETED'],
});

export const retrySealRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/errands/:id/seal/retry',
  tags,
  callers,
  summary: 'Seal a fully signed document again after sealing failed (status error); SEAL_NOT_FAILED unless it failed',
  params: ZDocumentIdParams,
  responses: { 200: ZRetrySealResponse },
  // A withdrawn or expired document is not sealed at all (DOCUMENT_NOT_OPEN).
  errors: [...documentErrors, 'SEAL_NOT_FAILED', 'DOCUMENT_NOT_OPEN'],
});

export const duplicateDocumentRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/errands/:id/duplicate',
  tags,
  callers,
  summary: 'A new draft copying the document: title, settings, message, access level, parties and files',
  params: ZDocumentIdParams,
  responses: { 201: ZDuplicateResponse },
  // A file that could not be copied whole.
  errors: [...documentErrors, 'DOCUMENT_SAVE_FAILED'],
});
