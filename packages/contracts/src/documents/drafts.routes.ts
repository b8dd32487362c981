import { z } from 'zod';
import { defineRoute } from '../http/route-contract.ts';
import {
  ZDocumentIdParams,
  ZDocumentLinksResponse,
  ZDraft,
  ZDraftFilesResponse,
  ZDraftsResponse,
  ZSaveDraftRequest,
} from './drafts.ts';

/** SPEC section 7 "Documents": the sender's drafts ("projects"), their files, and a sent document's links. */
const tags = ['documents'];
const callers = ['session'] as const;
/** Integrations (API clients, OAuth apps) call these too, as the web app does (issue 26). */
const integrations = ['session', 'api-client'] as const;

/** A document the caller may see: another account's is NOT_FOUND, a colleague's private one FORBIDDEN. */
const documentErrors = ['NOT_FOUND', 'FORBIDDEN'] as const;

export const listDraftsRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/projects',
  tags,
  callers: integrations,
  summary: "The signed-in user's drafts, latest first",
  responses: { 200: ZDraftsResponse },
  // Read-only users make no drafts (SPEC section 6).
  errors: ['FORBIDDEN'],
});

export const findDraftRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/projects/:id',
  tags,
  callers: integrations,
  summary: 'A draft (or a sent document) with its files and parties',
  params: ZDocumentIdParams,
  responses: { 200: ZDraft },
  errors: documentErrors,
});

export const saveDraftRoute = defineRoute({
  method: 'PUT',
  path: '/linktinker/projects/:id',
  tags,
  callers: integrations,
  summary: "Save a draft's title, parties, settings, access level and message (a sent one: DOCUMENT_SAVE_FAILED)",
  params: ZDocumentIdParams,
  body: ZSaveDraftRequest,
  responses: { 200: ZDraft },
  errors: [...documentErrors, 'DOCUMENT_SAVE_FAILED', 'SHARING_NEEDS_PLAN'],
});

export const discardDraftRoute = defineRoute({
  method: 'DELETE',
  path: '/linktinker/projects/:id',
  tags,
  callers,
  summary: 'Discard a draft',
  params: ZDocumentIdParams,
  responses: { 204: z.null() },
  // A sent document is not a draft to discard.
  errors: [...documentErrors, 'DOCUMENT_SAVE_FAILED'],
});

export const listDraftFilesRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/projects/:id/files',
  tags,
  callers: integrations,
  summary: "A document's files",
  params: ZDocumentIdParams,
  responses: { 200: ZDraftFilesResponse },
  errors: documentErrors,
});

export const listDocumentLinksRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/projects/:id/links',
  tags,
  callers: integrations,
  summary: "A sent document's links, one per party, on the brand's host",
  params: ZDocumentIdParams,
  responses: { 200: ZDocumentLinksResponse },
  errors: documentErrors,
});
