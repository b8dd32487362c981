import type { BrandId } from '@signlink/brands/brand-config';
import { fillPath, type RouteAnswer } from '@signlink/contracts/http/route-contract';
import type { Locale } from '@signlink/contracts/locales';
import {
  findDevMessageHtmlRoute,
  listDevMessagesRoute,
  sendDevMessageRoute,
} from '@signlink/contracts/messaging/dev-messages.routes';
import type { MessageChannel, MessageKind } from '@signlink/contracts/messaging/message-kinds';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../api/api-context.tsx';
import type { ApiError } from '../../api/api-error.ts';
import { useApiQuery } from '../../api/use-api-query.ts';

/** Often enough that a message sent from another tab shows up while the person looks; the list is small. */
export const refreshIntervalMs = 2_000;
const listLimit = 50;
/** The list's query key prefix: a sent message refreshes every filter of it. */
const messagesPath = fillPath(listDevMessagesRoute.path, {});

/** The API has no developer mailbox in production: the routes are not registered, so the path is a 404. */
export function isMailboxUnavailable(error: ApiError | null | undefined): boolean {
  return error?.status === 404;
}

/**
 * What to tell the person about a failed call: the server's own message when it answered with a catalogue code (it
 * is already in the page's language, from Accept-Language), else the app's text for the kind of failure.
 */
export function failureText(error: ApiError, t: (key: string) => string): string {
  return error.code ? error.message : t(error.messageKey);
}

/**
 * The simulators' messages, newest first, refreshed every two seconds. Silent: the page shows failures itself,
 * because a dialog every two seconds would be unusable. In production it stops asking after the first 404.
 */
export function useDevMessages(recipient: string) {
  return useApiQuery(
    listDevMessagesRoute,
    { query: { recipient: recipient || undefined, limit: listLimit } },
    { silent: true },
    {
      staleTime: 0,
      placeholderData: keepPreviousData,
      refetchInterval: (query) => (isMailboxUnavailable(query.state.error) ? false : refreshIntervalMs),
    },
  );
}

/** The body of POST /v2/dev/messages (ZDevSendMessageRequest), with every field chosen. */
export interface TestMessageRequest {
  kind: MessageKind;
  channel: MessageChannel;
  to: string;
  locale: Locale;
  brand: BrandId;
}

/** POST /v2/dev/messages: the server answers 202 at once and delivers in a background job. */
export function useSendTestMessage() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<RouteAnswer<typeof sendDevMessageRoute>, ApiError, TestMessageRequest>({
    mutationFn: (body) => client.api(sendDevMessageRoute, { body }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['api', messagesPath] }),
  });
}

/** The address where the server shows an e-mail's HTML part, at the page's own origin like every API call. */
export function messageHtmlUrl(apiBase: string, messageId: string): string {
  return new URL(fillPath(findDevMessageHtmlRoute.path, { id: messageId }), apiBase).href;
}
