import { z } from 'zod';

/**
 * The AI assistant Phil (SPEC sections 1–3 and 7; issue 28): enabled per document, it helps a visitor understand and
 * fill the document by text or speech, grounded in the document's text, its field labels and the owner's knowledge
 * PDFs. The owner's settings (SPEC section 3, "AI assistant settings"): form filling (shown, disabled: coming soon),
 * speech, language, version, the three custom messages (empty means the default), additional instructions and
 * additional PDF files. Paths (DECISIONS): `GET|PUT linktinker/app/ai/phil/settings/{documentId}`.
 */

export const assistantLanguages = ['auto', 'en-us', 'sv', 'es'] as const;
export type AssistantLanguage = (typeof assistantLanguages)[number];

export const assistantLimits = {
  /** Knowledge files per document (issue 28, part 2). */
  maxKnowledgeFiles: 5,
  maxKnowledgeFileBytes: 10 * 1024 * 1024,
  maxMessageChars: 2_000,
  maxInstructionsChars: 4_000,
  maxCustomMessageChars: 1_000,
  /** A visitor's question. */
  maxQuestionChars: 1_000,
  /** Turns of a conversation sent back with each question. */
  maxHistoryTurns: 20,
} as const;

/**
 * What the assistant may answer per UTC day (issue 28, part 4), counted in the database: a link's (one visitor's)
 * and an account's messages and tokens. Tokens count only with a model; the offline assistant spends none.
 */
export const assistantUsageLimits = {
  messagesPerLinkPerDay: 50,
  tokensPerLinkPerDay: 200_000,
  messagesPerAccountPerDay: 2_000,
  tokensPerAccountPerDay: 4_000_000,
} as const;

/**
 * A conversation's cost line with a model (issue 28, part 4: billed as transaction fees), in minor units per 1,000
 * tokens of the account's currency, rounded up per answer; the offline assistant costs nothing.
 */
export const assistantPricePer1kTokensMinor = { SEK: 5, EUR: 1 } as const;

const ZCustomMessage = z.string().trim().max(assistantLimits.maxCustomMessageChars);

/** A version of the assistant (`GET linktinker/app/ai/phil/versions`). */
export const ZAssistantVersion = z.object({
  Version: z.string(),
  Name: z.string(),
  Description: z.string(),
  IsDefault: z.boolean(),
});
export type AssistantVersion = z.infer<typeof ZAssistantVersion>;
export const ZAssistantVersionsResponse = z.object({ Versions: z.array(ZAssistantVersion) });
export type AssistantVersionsResponse = z.infer<typeof ZAssistantVersionsResponse>;

export const ZKnowledgeFile = z.object({
  Id: z.string(),
  FileName: z.string(),
  ByteSize: z.number().int(),
  PageCount: z.number().int(),
  CreatedAt: z.string(),
});
export type KnowledgeFile = z.infer<typeof ZKnowledgeFile>;

/** What the owner sets (PUT), every field; an empty message means the default one. */
export const ZAssistantSettingsInput = z.object({
  Enabled: z.boolean(),
  /** Shown and refused: form filling by the assistant is coming soon (SPEC section 1). */
  EnableFormFilling: z.literal(false).default(false),
  EnableSpeech: z.boolean(),
  /** The language it answers in; `auto` follows the visitor's page language. */
  Language: z.enum(assistantLanguages),
  Version: z.string().min(1).max(40),
  FirstMessage: ZCustomMessage,
  InitMessage: ZCustomMessage,
  CompletionMessage: ZCustomMessage,
  AdditionalInstructions: z.string().trim().max(assistantLimits.maxInstructionsChars),
  /** Advanced: keep visitors' conversations with the document (off: nothing outlives the visit). */
  StoreConversations: z.boolean(),
});
export type AssistantSettingsInput = z.input<typeof ZAssistantSettingsInput>;

export const ZAssistantSettings = ZAssistantSettingsInput.extend({
  EnableFormFilling: z.literal(false),
  DocumentId: z.string(),
  KnowledgeFiles: z.array(ZKnowledgeFile),
  /** The defaults an empty message stands for, in the settings' language, for the screen's placeholders. */
  Defaults: z.object({ FirstMessage: z.string(), InitMessage: z.string(), CompletionMessage: z.string() }),
  UpdatedAt: z.string().nullable(),
});
export type AssistantSettings = z.infer<typeof ZAssistantSettings>;

export const ZAssistantSettingsParams = z.object({ documentId: z.string().min(1).max(64) });
export type AssistantSettingsParams = z.infer<typeof ZAssistantSettingsParams>;
export const ZKnowledgeFileParams = ZAssistantSettingsParams.extend({ fileId: z.string().min(1).max(64) });
export type KnowledgeFileParams = z.infer<typeof ZKnowledgeFileParams>;
export const ZKnowledgeFileQuery = z.object({ name: z.string().trim().min(1).max(255).optional() });
export type KnowledgeFileQuery = z.input<typeof ZKnowledgeFileQuery>;
/** The knowledge PDF's bytes, the raw body, judged by the server as an upload is. */
export const ZKnowledgeFileBody = z.custom<Uint8Array>();
export type KnowledgeFileBody = z.infer<typeof ZKnowledgeFileBody>;

export const assistantRoles = ['visitor', 'assistant'] as const;
export const ZChatTurn = z.object({
  Role: z.enum(assistantRoles),
  Text: z.string().max(assistantLimits.maxMessageChars),
});
export type ChatTurn = z.infer<typeof ZChatTurn>;

/** Ours: a test chat by the owner, with the settings as saved; the answer as the visitor would get it. */
export const ZAssistantTestRequest = z.object({
  Question: z.string().trim().min(1).max(assistantLimits.maxQuestionChars),
  History: z.array(ZChatTurn).max(assistantLimits.maxHistoryTurns).default([]),
  Language: z.enum(['en-us', 'sv', 'es']),
  /** The test session's conversation, as the first answer gave it: its counts and cost line are added to it. */
  ConversationId: z.string().min(1).max(64).optional(),
});
export type AssistantTestRequest = z.input<typeof ZAssistantTestRequest>;

/** Where an answer comes from: a page of the document or of a knowledge file. */
export const ZAnswerSource = z.object({
  Kind: z.enum(['document', 'knowledge']),
  Title: z.string(),
  /** 1-based. */
  Page: z.number().int().min(1),
  Quote: z.string(),
});
export type AnswerSource = z.infer<typeof ZAnswerSource>;

export const ZAssistantAnswer = z.object({
  Text: z.string(),
  Sources: z.array(ZAnswerSource),
  /** The offline assistant found nothing to answer from. */
  IsUnknown: z.boolean(),
  /** Ours: the conversation this answer was counted in (the next question of the session sends it back). */
  ConversationId: z.string().optional(),
});
export type AssistantAnswer = z.infer<typeof ZAssistantAnswer>;

/** A turn kept with a conversation where the owner keeps visitors' conversations. */
export const ZStoredTurn = ZChatTurn.extend({ At: z.string() });
export type StoredTurn = z.infer<typeof ZStoredTurn>;

/** One conversation with the assistant: a visitor's through a link, or the owner's test chat. */
export const ZAssistantConversation = z.object({
  Id: z.string(),
  /** The party whose link it came through; null for the owner's test chat. */
  PartyName: z.string().nullable(),
  IsTest: z.boolean(),
  StartedAt: z.string(),
  UpdatedAt: z.string(),
  Messages: z.number().int(),
  Tokens: z.number().int(),
  /** Minor units of `Currency`: a model's tokens; the offline assistant costs nothing. */
  Cost: z.number().int(),
  Currency: z.enum(['SEK', 'EUR']),
  /** The questions and answers, where the owner kept conversations when they were asked; null otherwise. */
  Turns: z.array(ZStoredTurn).nullable(),
});
export type AssistantConversation = z.infer<typeof ZAssistantConversation>;
export const ZAssistantConversationsResponse = z.object({ Conversations: z.array(ZAssistantConversation) });
export type AssistantConversationsResponse = z.infer<typeof ZAssistantConversationsResponse>;
