import type { AssistantSettingsInput, AssistantTestRequest } from '@signlink/contracts/assistant/assistant-settings';
import {
  addKnowledgeFileRoute,
  clearAssistantSettingsRoute,
  deleteKnowledgeFileRoute,
  findAssistantSettingsRoute,
  listAssistantConversationsRoute,
  listAssistantVersionsRoute,
  saveAssistantSettingsRoute,
  testAssistantRoute,
} from '@signlink/contracts/assistant/assistant-settings.routes';
import { useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from './api-client.ts';
import { apiQueryKey, useApiQuery } from './use-api-query.ts';

/**
 * The owner's assistant calls (SPEC section 7). Failures are the screen's to show, beside what failed; changes are
 * not repeated blindly: a second upload would add the file twice.
 */
const once = { silent: true, extraTries: 0 } as const;

export function createAssistantApi(client: ApiClient) {
  return {
    save: (documentId: string, body: AssistantSettingsInput) =>
      client.api(saveAssistantSettingsRoute, { params: { documentId }, body }, once),
    clear: (documentId: string) => client.api(clearAssistantSettingsRoute, { params: { documentId }, body: {} }, once),
    /** The PDF as the raw body, as a document upload is; the server judges its content. */
    addFile: async (documentId: string, file: Blob, name: string) =>
      client.api(
        addKnowledgeFileRoute,
        // As bytes, as the recipient's attachments go: a Blob of another realm (jsdom's) would go as "[object File]".
        { params: { documentId }, query: { name }, body: new Uint8Array(await file.arrayBuffer()) },
        { ...once, headers: { 'Content-Type': 'application/pdf' } },
      ),
    removeFile: (documentId: string, fileId: string) =>
      client.api(deleteKnowledgeFileRoute, { params: { documentId, fileId } }, once),
    test: (documentId: string, body: AssistantTestRequest) =>
      client.api(testAssistantRoute, { params: { documentId }, body }, once),
  };
}
export type AssistantApi = ReturnType<typeof createAssistantApi>;

export function useAssistantSettings(documentId: string) {
  return useApiQuery(findAssistantSettingsRoute, { params: { documentId } }, { silent: true }, { retry: false });
}

export function useAssistantVersions() {
  return useApiQuery(listAssistantVersionsRoute, {}, { silent: true }, { retry: false, staleTime: 5 * 60_000 });
}

/** The document's conversations with Phil, newest first. */
export function useAssistantConversations(documentId: string) {
  return useApiQuery(listAssistantConversationsRoute, { params: { documentId } }, { silent: true }, { retry: false });
}

/** Each test answer is counted in the owner's test conversation on the server, so the list is read again after it. */
export function useRefreshAssistantConversations(documentId: string) {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      queryKey: apiQueryKey(listAssistantConversationsRoute, { params: { documentId } }),
    });
}
