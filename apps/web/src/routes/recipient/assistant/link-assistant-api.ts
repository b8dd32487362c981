import type { LinkAssistantAskRequest } from '@signlink/contracts/assistant/link-assistant';
import { askLinkAssistantRoute, findLinkAssistantRoute } from '@signlink/contracts/assistant/link-assistant.routes';
import type { Locale } from '@signlink/contracts/locales';
import type { ApiClient } from '../../../api/api-client.ts';

/**
 * The visitor's calls to Phil behind the link's RequestToken. Silent: the chat says what failed beside the answer.
 * A question is not repeated blindly: each one is counted against the owner's limit and may cost an AI call.
 */
const silent = { silent: true, auth: 'client' } as const;

export type LinkAssistantQuestion = Omit<LinkAssistantAskRequest, 'RequestToken'>;

export function createLinkAssistantApi(client: ApiClient, linkId: string, requestToken: string) {
  const params = { id: linkId };
  return {
    find: (language: Locale, signal?: AbortSignal) =>
      client.api(
        findLinkAssistantRoute,
        { params, query: { RequestToken: requestToken, Language: language } },
        { ...silent, signal },
      ),
    /** The answer's stream: the raw Response, its body unread (assistant-stream.ts reads it). */
    ask: (question: LinkAssistantQuestion, signal: AbortSignal) =>
      client.api(
        askLinkAssistantRoute,
        { params, body: { ...question, RequestToken: requestToken } },
        { ...silent, extraTries: 0, signal, headers: { Accept: 'application/x-ndjson, application/json' } },
      ),
  };
}
export type LinkAssistantApi = ReturnType<typeof createLinkAssistantApi>;
