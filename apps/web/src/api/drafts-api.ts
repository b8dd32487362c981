import type { SaveDraftRequest, SaveRulesRequest } from '@signlink/contracts/documents/drafts';
import { discardDraftRoute, findDraftRoute, saveDraftRoute } from '@signlink/contracts/documents/drafts.routes';
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
  Draft,
  DraftsResponse,
  EditorResponse,
  SaveDraftRequest,
  SaveRulesRequest,
} from '@signlink/contracts/documents/drafts';
export type { CostResponse, SendResponse } from '@signlink/contracts/documents/send-document';

/**
 * Issue 6's sender calls (SPEC section 7 "Documents"): upload, the draft, the editor's file and rules, cost and send.
 * Every call is silent: the screens show the catalogue's reason next to what failed, not in a dialog.
 */
export function createDocumentsApi(client: ApiClient) {
  return {
    /** The PDF as the raw body; the server judges the content. Not repeated blindly: each try would make a draft. */
    upload: (file: Blob, name: string, draftId?: string) =>
      client.api(
        uploadDocumentRoute,
        { query: { name, projectId: draftId }, body: file },
        { headers: { 'Content-Type': 'application/pdf' }, silent: true, extraTries: 0 },
      ),
    /** The draft's files, in this order, become one in the first one's place; its placed fields move with it. */
    mergeFiles: (fileIds: string[]) =>
      client.api(mergeFilesRoute, { body: { FileIds: fileIds } }, { silent: true, extraTries: 0 }),
    getProject: (draftId: string) => client.api(findDraftRoute, { params: { id: draftId } }, { silent: true }),
    saveProject: (draftId: string, request: SaveDraftRequest) =>
      client.api(saveDraftRoute, { params: { id: draftId }, body: request }, { silent: true }),
    /** Deleting a draft removes its files too: asked once, never repeated on its own. */
    discard: (draftId: string) =>
      client.api(discardDraftRoute, { params: { id: draftId } }, { silent: true, extraTries: 0 }),
    openEditor: (fileId: string) => client.api(openEditorRoute, { params: { id: fileId } }, { silent: true }),
    saveRules: (fileId: string, request: SaveRulesRequest) =>
      client.api(saveRulesRoute, { params: { id: fileId }, body: request }, { silent: true }),
    cost: (draftId: string) => client.api(quoteDocumentCostRoute, { body: { ProjectId: draftId } }, { silent: true }),
    /** Sending reserves money and queues invitations: never sent twice on its own. */
    send: (draftId: string, options: { signFirst?: boolean } = {}) =>
      client.api(
        sendDocumentRoute,
        { body: { ProjectId: draftId, ...(options.signFirst ? { SignFirst: true } : {}) } },
        { silent: true, extraTries: 0 },
      ),
  };
}

export type DocumentsApi = ReturnType<typeof createDocumentsApi>;
