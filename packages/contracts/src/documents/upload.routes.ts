import { defineRoute } from '../http/route-contract.ts';
import {
  ZDocumentFile,
  ZDocumentIdParams,
  ZDraft,
  ZEditorResponse,
  ZFileContentQuery,
  ZFileTitleQuery,
  ZMergeFilesRequest,
  ZPdfUploadBody,
  ZSaveRulesRequest,
  ZUploadQuery,
} from './drafts.ts';
import { pdfUploadErrors } from './pdf-upload-errors.ts';

/**
 * The upload and the editor's file calls (SPEC section 7 "Documents"). The upload's body limit is the server's
 * raw-PDF parser's, from MAX_UPLOAD_MB: configuration a contract, fixed at build time, cannot know.
 */
const tags = ['documents'];
const callers = ['session'] as const;
/** Integrations (API clients, OAuth apps) call these too, as the web app does (issue 26). */
const integrations = ['session', 'api-client'] as const;

/** A file of a document the caller may reach; only a draft's files change (a sent one: DOCUMENT_SAVE_FAILED). */
const fileErrors = ['NOT_FOUND', 'FORBIDDEN'] as const;
const draftFileErrors = [...fileErrors, 'DOCUMENT_SAVE_FAILED'] as const;

export const uploadDocumentRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/files',
  tags,
  callers: integrations,
  summary:
    'Upload a PDF (raw body, application/pdf or application/octet-stream; judged by content) as a new draft, ' +
    'or as one more file of the draft `projectId`',
  query: ZUploadQuery,
  body: ZPdfUploadBody,
  responses: { 201: ZDraft },
  // SPEC section 5: a PDF we cannot open safely is refused with the reason.
  errors: [...draftFileErrors, ...pdfUploadErrors],
});

export const mergeFilesRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/files/merge',
  tags,
  callers: integrations,
  summary: "The draft's files, in the order given, become one file; the draft with its files",
  body: ZMergeFilesRequest,
  responses: { 200: ZDraft },
  // The merged file is checked against the upload's bounds as an upload is.
  errors: [...draftFileErrors, 'FILE_TOO_LARGE', 'UPLOAD_DAMAGED', 'UPLOAD_TOO_COMPLEX'],
});

export const openEditorRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/files/:id/editor',
  tags,
  callers,
  summary: 'What the field editor opens with: the draft, the file, and a short-lived address of its PDF',
  params: ZDocumentIdParams,
  responses: { 200: ZEditorResponse },
  errors: fileErrors,
});

export const readFileContentRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/files/:id/content',
  tags,
  // pdf.js fetches the address itself, with the token the editor call made and no bearer token.
  callers: ['content-token'],
  summary: "The file's PDF bytes, for the content token the editor call gave (no bearer token needed)",
  params: ZDocumentIdParams,
  query: ZFileContentQuery,
  responses: { 200: null },
  file: true,
  // A token that is not this file's, has expired or outlived its session; FORBIDDEN once the file is no longer the
  // session's to see (made private by its owner since).
  errors: ['UNAUTHENTICATED', 'NOT_FOUND', 'FORBIDDEN'],
});

export const saveRulesRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/files/:id/rules',
  tags,
  callers: integrations,
  summary: "Save the file's placed fields; the server names them and writes the per-slot access map (drafts only)",
  params: ZDocumentIdParams,
  body: ZSaveRulesRequest,
  responses: { 200: ZDocumentFile },
  // A field off its page.
  errors: [...draftFileErrors, 'DOCUMENT_INVALID'],
});

export const renameFileRoute = defineRoute({
  method: 'PUT',
  path: '/linktinker/files/:id/title',
  tags,
  callers,
  summary: "Rename a draft's file",
  params: ZDocumentIdParams,
  query: ZFileTitleQuery,
  responses: { 200: ZDocumentFile },
  errors: draftFileErrors,
});
