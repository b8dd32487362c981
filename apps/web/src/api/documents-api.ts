import type { SaveProjectRequest, SaveRulesRequest } from '@signlink/contracts/documents/projects';
import { findProjectRoute, saveProjectRoute } from '@signlink/contracts/documents/projects.routes';
import { quoteDocumentCostRoute, sendDocumentRoute } from '@signlink/contracts/documents/send-document.routes';
import {
  mergeFilesRoute,
  openEditorRoute,
  saveRulesRoute,
  uploadDocumentRoute,
} from '@signlink/contracts/documents/upload.routes';
import type { ApiClient } from './api-client.ts';

export type {
  DocumentFile,
  EditorResponse,
  Project,
  ProjectsResponse,
  SaveProjectRequest,
  SaveRulesRequest,
} from '@signlink/contracts/documents/projects';
export type { CostResponse, SendResponse } from '@signlink/contracts/documents/send-document';

/**
 * Issue 6's sender calls (SPEC section 7 "Documents"): upload, the draft, the editor's file and rules, cost and send.
 * Every call is silent: the screens show the catalogue's reason next to what failed, not in a dialog.
 */
export function createDocumentsApi(client: ApiClient) {
  return {
    /** The PDF as the raw body; the server judges the content. Not repeated blindly: each try would make a draft. */
    upload: (file: Blob, name: string, projectId?: string) =>
      client.api(
        uploadDocumentRoute,
        { query: { name, projectId }, body: file },
        { headers: { 'Content-Type': 'application/pdf' }, silent: true, extraTries: 0 },
      ),
    /** The draft's files, in this order, become one in the first one's place; its placed fields move with it. */
    mergeFiles: (fileIds: string[]) =>
      client.api(mergeFilesRoute, { body: { FileIds: fileIds } }, { silent: true, extraTries: 0 }),
    getProject: (projectId: string) => client.api(findProjectRoute, { params: { id: projectId } }, { silent: true }),
    saveProject: (projectId: string, request: SaveProjectRequest) =>
      client.api(saveProjectRoute, { params: { id: projectId }, body: request }, { silent: true }),
    openEditor: (fileId: string) => client.api(openEditorRoute, { params: { id: fileId } }, { silent: true }),
    saveRules: (fileId: string, request: SaveRulesRequest) =>
      client.api(saveRulesRoute, { params: { id: fileId }, body: request }, { silent: true }),
    cost: (projectId: string) =>
      client.api(quoteDocumentCostRoute, { body: { ProjectId: projectId } }, { silent: true }),
    /** Sending reserves money and queues invitations: never sent twice on its own. */
    send: (projectId: string) =>
      client.api(sendDocumentRoute, { body: { ProjectId: projectId } }, { silent: true, extraTries: 0 }),
  };
}

export type DocumentsApi = ReturnType<typeof createDocumentsApi>;
