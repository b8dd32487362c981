import { z } from 'zod';
import { defineRoute } from '../http/route-contract.ts';
import {
  ZDocumentIdParams,
  ZProject,
  ZProjectFilesResponse,
  ZProjectLinksResponse,
  ZProjectsResponse,
  ZSaveProjectRequest,
} from './projects.ts';

/** SPEC section 7 "Documents": the sender's drafts ("projects"), their files, and a sent document's links. */
const tags = ['documents'];
const callers = ['session'] as const;

/** A document the caller may see: another account's is NOT_FOUND, a colleague's private one FORBIDDEN. */
const documentErrors = ['NOT_FOUND', 'FORBIDDEN'] as const;

export const listProjectsRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/projects',
  tags,
  callers,
  summary: "The signed-in user's drafts, latest first",
  responses: { 200: ZProjectsResponse },
  // Read-only users make no drafts (SPEC section 6).
  errors: ['FORBIDDEN'],
});

export const findProjectRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/projects/:id',
  tags,
  callers,
  summary: 'A draft (or a sent document) with its files and parties',
  params: ZDocumentIdParams,
  responses: { 200: ZProject },
  errors: documentErrors,
});

export const saveProjectRoute = defineRoute({
  method: 'PUT',
  path: '/linktinker/projects/:id',
  tags,
  callers,
  summary: "Save a draft's title, parties, settings, access level and message (a sent one: DOCUMENT_SAVE_FAILED)",
  params: ZDocumentIdParams,
  body: ZSaveProjectRequest,
  responses: { 200: ZProject },
  errors: [...documentErrors, 'DOCUMENT_SAVE_FAILED'],
});

export const discardProjectRoute = defineRoute({
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

export const listProjectFilesRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/projects/:id/files',
  tags,
  callers,
  summary: "A document's files",
  params: ZDocumentIdParams,
  responses: { 200: ZProjectFilesResponse },
  errors: documentErrors,
});

export const listProjectLinksRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/projects/:id/links',
  tags,
  callers,
  summary: "A sent document's links, one per party, on the brand's host",
  params: ZDocumentIdParams,
  responses: { 200: ZProjectLinksResponse },
  errors: documentErrors,
});
