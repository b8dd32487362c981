import { z } from 'zod';
import { pdfUploadErrors } from '../documents/pdf-upload-errors.ts';
import { defineRoute } from '../http/route-contract.ts';
import {
  ZAssistantAnswer,
  ZAssistantConversationsResponse,
  ZAssistantSettings,
  ZAssistantSettingsInput,
  ZAssistantSettingsParams,
  ZAssistantTestRequest,
  ZAssistantVersionsResponse,
  ZKnowledgeFileBody,
  ZKnowledgeFileParams,
  ZKnowledgeFileQuery,
} from './assistant-settings.ts';

/** The owner's side of the assistant (SPEC sections 2, 3 and 7; DECISIONS for the settings path). */
const tags = ['assistant'];
const callers = ['session'] as const;

/** The document's owner (or an account administrator) only; a document of another account is not found. */
const ownerErrors = ['FORBIDDEN', 'NOT_FOUND'] as const;

export const listAssistantVersionsRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/ai/phil/versions',
  tags,
  callers,
  summary: 'The assistant versions an owner can pick',
  responses: { 200: ZAssistantVersionsResponse },
  errors: [],
});

export const findAssistantSettingsRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/ai/phil/settings/:documentId',
  tags,
  callers,
  summary: "A document's assistant settings and knowledge files (defaults when never set)",
  params: ZAssistantSettingsParams,
  responses: { 200: ZAssistantSettings },
  errors: ownerErrors,
});

export const saveAssistantSettingsRoute = defineRoute({
  method: 'PUT',
  path: '/linktinker/app/ai/phil/settings/:documentId',
  tags,
  callers,
  summary: "Save a document's assistant settings; an empty message means the default",
  params: ZAssistantSettingsParams,
  body: ZAssistantSettingsInput,
  responses: { 200: ZAssistantSettings },
  errors: [...ownerErrors, 'AI_VERSION_UNKNOWN'],
});

export const clearAssistantSettingsRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/ai/phil/settings/:documentId/clear',
  tags,
  callers,
  summary: "Clear a document's assistant settings: defaults again, knowledge files deleted, assistant off",
  params: ZAssistantSettingsParams,
  body: z.object({}).optional(),
  responses: { 200: ZAssistantSettings },
  errors: ownerErrors,
});

export const addKnowledgeFileRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/ai/phil/settings/:documentId/files',
  tags,
  callers,
  summary: 'Add a knowledge PDF (raw body), checked as an uploaded document is; at most 5 of 10 MB each',
  params: ZAssistantSettingsParams,
  query: ZKnowledgeFileQuery,
  body: ZKnowledgeFileBody,
  responses: { 201: ZAssistantSettings },
  errors: [...ownerErrors, 'AI_KNOWLEDGE_FILE_LIMIT', ...pdfUploadErrors],
});

export const deleteKnowledgeFileRoute = defineRoute({
  method: 'DELETE',
  path: '/linktinker/app/ai/phil/settings/:documentId/files/:fileId',
  tags,
  callers,
  summary: 'Remove a knowledge PDF',
  params: ZKnowledgeFileParams,
  responses: { 200: ZAssistantSettings },
  errors: ownerErrors,
});

export const testAssistantRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/ai/phil/settings/:documentId/test',
  tags,
  callers,
  summary: 'Ask the assistant as a visitor would, with the settings as saved',
  params: ZAssistantSettingsParams,
  body: ZAssistantTestRequest,
  responses: { 200: ZAssistantAnswer },
  errors: [...ownerErrors, 'AI_UNAVAILABLE', 'AI_LIMIT_REACHED'],
});

export const listAssistantConversationsRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/ai/phil/settings/:documentId/conversations',
  tags,
  callers,
  summary: "A document's conversations with the assistant, newest first: counts, cost and, where kept, the turns",
  params: ZAssistantSettingsParams,
  responses: { 200: ZAssistantConversationsResponse },
  errors: ownerErrors,
});
