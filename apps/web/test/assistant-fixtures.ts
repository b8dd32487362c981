import {
  type AssistantAnswer,
  type AssistantConversation,
  type AssistantSettings,
  type AssistantVersionsResponse,
  type KnowledgeFile,
  ZAssistantSettingsInput,
  ZAssistantTestRequest,
} from '@signlink/contracts/assistant/assistant-settings';
import { authStorageKey } from '../src/api/auth-store.ts';
import { authStateFor, pathOf } from './auth-fixtures.ts';
import { sendJson, startTestHttpServer, type TestHttpServer } from './test-http-server.ts';

export const assistantDocumentId = 'doc_lease1';

/** A draft's assistant settings as the server answers them before the owner has set anything. */
export function defaultAssistantSettings(documentId = assistantDocumentId): AssistantSettings {
  return {
    DocumentId: documentId,
    Enabled: false,
    EnableFormFilling: false,
    EnableSpeech: false,
    Language: 'auto',
    Version: 'phil-1',
    FirstMessage: '',
    InitMessage: '',
    CompletionMessage: '',
    AdditionalInstructions: '',
    StoreConversations: false,
    KnowledgeFiles: [],
    Defaults: {
      FirstMessage: 'Hi, I am Phil. Ask me anything about this document.',
      InitMessage: 'Let us go through the document together.',
      CompletionMessage: 'All done. Thank you!',
    },
    UpdatedAt: null,
  };
}

export const assistantVersions: AssistantVersionsResponse = {
  Versions: [
    { Version: 'phil-1', Name: 'Phil 1', Description: 'Steady answers from the document.', IsDefault: true },
    { Version: 'phil-2', Name: 'Phil 2', Description: 'Newer and chattier.', IsDefault: false },
  ],
};

export function knowledgeFile(id: string, fileName: string): KnowledgeFile {
  return { Id: id, FileName: fileName, ByteSize: 245_760, PageCount: 3, CreatedAt: '2026-11-27T10:00:00.000Z' };
}

export const leaseAnswer: AssistantAnswer = {
  Text: 'The rent is due on the first day of each month.',
  Sources: [{ Kind: 'knowledge', Title: 'Lease.pdf', Page: 2, Quote: 'Rent is paid in advance by the 1st.' }],
  IsUnknown: false,
};

/** A visitor's conversation through Anna's link, offline (no cost) and not kept, unless told otherwise. */
export function assistantConversation(overrides: Partial<AssistantConversation> = {}): AssistantConversation {
  return {
    Id: 'acv_1',
    PartyName: 'Anna Andersson',
    IsTest: false,
    StartedAt: '2026-11-27T09:15:00.000Z',
    UpdatedAt: '2026-11-27T09:20:00.000Z',
    Messages: 2,
    Tokens: 0,
    Cost: 0,
    Currency: 'SEK',
    Turns: null,
    ...overrides,
  };
}

export interface AssistantServerOptions {
  initial?: AssistantSettings;
  /** The document's conversations, newest first; each test answer adds to the owner's test conversation. */
  conversations?: AssistantConversation[];
  /** A call's catalogue error instead of its answer: `'PUT '` for the settings, `'POST /test'`, and so on. */
  refusals?: Record<string, [status: number, code: string]>;
}

/**
 * Signed in, with a server that keeps one document's assistant settings as the contracts say: a PUT is parsed by
 * the contract's own schema, and a knowledge file must be a PDF's bytes or it is UPLOAD_WRONG_TYPE.
 */
export async function startAssistantServer({
  initial = defaultAssistantSettings(),
  refusals = {},
  conversations: initialConversations = [],
}: AssistantServerOptions = {}): Promise<TestHttpServer> {
  const base = `/v2/linktinker/app/ai/phil/settings/${initial.DocumentId}`;
  let settings = initial;
  let fileCount = 0;
  let conversations = initialConversations;
  localStorage.setItem(authStorageKey, 'token-1');
  return startTestHttpServer((request, response) => {
    const path = pathOf(request.url);
    if (path === '/v2/user') return sendJson(response, 200, authStateFor());
    if (path === '/v2/linktinker/app/ai/phil/versions') return sendJson(response, 200, assistantVersions);
    if (path !== base && !path.startsWith(`${base}/`)) {
      return sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no' });
    }
    const action = `${request.method} ${path.slice(base.length)}`;
    const refusal = refusals[action];
    if (refusal) return sendJson(response, refusal[0], { code: refusal[1], message: 'refused', requestId: 'req-1' });
    if (action === 'GET ') return sendJson(response, 200, settings);
    if (action === 'PUT ') {
      const input = ZAssistantSettingsInput.parse(JSON.parse(request.body));
      settings = { ...settings, ...input, UpdatedAt: '2026-11-28T06:00:00.000Z' };
      return sendJson(response, 200, settings);
    }
    if (action === 'POST /clear') {
      settings = defaultAssistantSettings(initial.DocumentId);
      return sendJson(response, 200, settings);
    }
    if (action === 'POST /files') {
      if (!request.body.startsWith('%PDF-')) {
        return sendJson(response, 415, { code: 'UPLOAD_WRONG_TYPE', message: 'Not a PDF', requestId: 'req-1' });
      }
      fileCount += 1;
      const name = new URL(request.url, 'http://x').searchParams.get('name') ?? 'file.pdf';
      settings = { ...settings, KnowledgeFiles: [...settings.KnowledgeFiles, knowledgeFile(`kf_${fileCount}`, name)] };
      return sendJson(response, 201, settings);
    }
    if (action.startsWith('DELETE /files/')) {
      const fileId = path.split('/').at(-1);
      settings = { ...settings, KnowledgeFiles: settings.KnowledgeFiles.filter((file) => file.Id !== fileId) };
      return sendJson(response, 200, settings);
    }
    if (action === 'GET /conversations') return sendJson(response, 200, { Conversations: conversations });
    if (action === 'POST /test') {
      const asked = ZAssistantTestRequest.parse(JSON.parse(request.body));
      conversations = countTestAnswer(conversations, asked.ConversationId);
      return sendJson(response, 200, { ...leaseAnswer, ConversationId: conversations[0]?.Id });
    }
    return sendJson(response, 404, { code: 'ROUTE_NOT_FOUND', message: 'no' });
  });
}

/** As the server counts a test answer: in the conversation sent back if it is known, else in a new one on top. */
function countTestAnswer(conversations: AssistantConversation[], id: string | undefined): AssistantConversation[] {
  const known = conversations.find((conversation) => conversation.Id === id);
  const at = new Date().toISOString();
  const counted = known
    ? { ...known, Messages: known.Messages + 1, UpdatedAt: at }
    : assistantConversation({
        Id: `acv_test_${conversations.length + 1}`,
        PartyName: null,
        IsTest: true,
        StartedAt: at,
        UpdatedAt: at,
        Messages: 1,
      });
  return [counted, ...conversations.filter((conversation) => conversation !== known)];
}

/** jsdom's Blob has no arrayBuffer() yet, which every browser has; FileReader gives the same bytes. */
export function giveBlobsArrayBuffer(): void {
  if (typeof Blob.prototype.arrayBuffer === 'function') return;
  Blob.prototype.arrayBuffer = function arrayBuffer(this: Blob) {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error);
      reader.readAsArrayBuffer(this);
    });
  };
}
