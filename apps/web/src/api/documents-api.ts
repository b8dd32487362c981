import type {
  ZDocumentFile,
  ZEditorResponse,
  ZProject,
  ZProjectsResponse,
  ZSaveProjectRequest,
  ZSaveRulesRequest,
} from '@signlink/contracts/documents/projects';
import type { ZCostResponse, ZSendResponse } from '@signlink/contracts/documents/send-document';
import type { ApiClient } from './api-client.ts';
import type { Parsed } from './auth-api.ts';

export type Project = Parsed<typeof ZProject>;
export type DocumentFile = Parsed<typeof ZDocumentFile>;
export type ProjectsResponse = Parsed<typeof ZProjectsResponse>;
export type EditorResponse = Parsed<typeof ZEditorResponse>;
export type SaveProjectRequest = Parsed<typeof ZSaveProjectRequest>;
export type SaveRulesRequest = Parsed<typeof ZSaveRulesRequest>;
export type CostResponse = Parsed<typeof ZCostResponse>;
export type SendResponse = Parsed<typeof ZSendResponse>;

/** The drafts list's query key (useApiQuery). */
export const projectsPath = 'linktinker/projects';
export const projectPath = (projectId: string) => `${projectsPath}/${encodeURIComponent(projectId)}`;

/**
 * Issue 6's sender calls (SPEC section 7 "Documents"): upload, the draft, the editor's file and rules, cost and send.
 * Every call is silent: the screens show the catalogue's reason next to what failed, not in a dialog.
 */
export function createDocumentsApi(client: ApiClient) {
  return {
    /** The PDF as the raw body; the server judges the content. Not repeated blindly: each try would make a draft. */
    upload: (file: Blob, name: string, projectId?: string) =>
      client.post<Project>('linktinker/files', file, {
        query: { name, projectId },
        headers: { 'Content-Type': 'application/pdf' },
        silent: true,
        extraTries: 0,
      }),
    /** The draft's files, in this order, become one in the first one's place; its placed fields move with it. */
    mergeFiles: (fileIds: string[]) =>
      client.post<Project>('linktinker/files/merge', { FileIds: fileIds }, { silent: true, extraTries: 0 }),
    getProject: (projectId: string) => client.get<Project>(projectPath(projectId), { silent: true }),
    saveProject: (projectId: string, request: SaveProjectRequest) =>
      client.put<Project>(projectPath(projectId), request, { silent: true }),
    openEditor: (fileId: string) =>
      client.post<EditorResponse>(`linktinker/files/${encodeURIComponent(fileId)}/editor`, undefined, {
        silent: true,
      }),
    saveRules: (fileId: string, request: SaveRulesRequest) =>
      client.post<unknown>(`linktinker/files/${encodeURIComponent(fileId)}/rules`, request, { silent: true }),
    cost: (projectId: string) =>
      client.post<CostResponse>('linktinker/links/cost', { ProjectId: projectId }, { silent: true }),
    /** Sending reserves money and queues invitations: never sent twice on its own. */
    send: (projectId: string) =>
      client.post<SendResponse>('linktinker/links', { ProjectId: projectId }, { silent: true, extraTries: 0 }),
  };
}

export type DocumentsApi = ReturnType<typeof createDocumentsApi>;
