import { z } from 'zod';
import { ZRequestToken } from '../bankid/link-bankid.ts';
import { locales } from '../locales.ts';
import { assistantLimits, ZAssistantAnswer, ZChatTurn } from './assistant-settings.ts';

/**
 * The visitor's side of the assistant Phil (issue 28, part 3): on the recipient page, behind the link's RequestToken,
 * when the owner enabled it. The visitor's page language picks the answers' language unless the owner fixed one.
 */

export const ZLinkAssistantQuery = z.object({
  RequestToken: ZRequestToken,
  /** The visitor's page language: the messages' language when the owner's setting follows the visitor (`auto`). */
  Language: z.enum(locales),
});
export type LinkAssistantQuery = z.input<typeof ZLinkAssistantQuery>;

/** What the recipient page needs to offer the chat: off, or on with its messages (the owner's, else the defaults). */
export const ZLinkAssistant = z.object({
  Enabled: z.boolean(),
  /** The owner allows speech in and out; the page also needs the browser to have it. */
  EnableSpeech: z.boolean(),
  /** The language the assistant answers and speaks in. */
  Language: z.enum(locales),
  FirstMessage: z.string(),
  InitMessage: z.string(),
  CompletionMessage: z.string(),
});
export type LinkAssistant = z.infer<typeof ZLinkAssistant>;

export const ZLinkAssistantAskRequest = z.object({
  RequestToken: ZRequestToken,
  Question: z.string().trim().min(1).max(assistantLimits.maxQuestionChars),
  History: z.array(ZChatTurn).max(assistantLimits.maxHistoryTurns).default([]),
  Language: z.enum(locales),
  /** The visit's conversation, as the first answer gave it. */
  ConversationId: z.string().min(1).max(64).optional(),
});
export type LinkAssistantAskRequest = z.input<typeof ZLinkAssistantAskRequest>;

/**
 * The answer as it is written, one JSON object per line (`application/x-ndjson`): `text` pieces in order; `restart`
 * when a failed attempt is tried again (the pieces so far are dropped); then `done` with the whole answer, or `error`
 * with the catalogue's code and its message in the visitor's language. Refusals before any answer (the link's, the
 * assistant off, a limit reached) are ordinary error answers, not a stream.
 */
export const ZAssistantStreamEvent = z.discriminatedUnion('Type', [
  z.object({ Type: z.literal('text'), Text: z.string() }),
  z.object({ Type: z.literal('restart') }),
  z.object({ Type: z.literal('done'), Answer: ZAssistantAnswer }),
  z.object({ Type: z.literal('error'), Code: z.string(), Message: z.string() }),
]);
export type AssistantStreamEvent = z.infer<typeof ZAssistantStreamEvent>;

export const assistantStreamContentType = 'application/x-ndjson';
