import { type AssistantLanguage, assistantLanguages } from '@signlink/contracts/assistant/assistant-settings';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { documentFiles, documents } from './documents.ts';

/**
 * A document's AI assistant settings (SPEC section 3, "AI assistant settings"; issue 28). No row: the assistant is
 * off with the defaults. Copied with the document by duplicate and by templates.
 */
export const assistantSettings = pgTable('assistant_settings', {
  documentId: text('document_id')
    .primaryKey()
    .references(() => documents.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  enableSpeech: boolean('enable_speech').notNull().default(true),
  language: text('language', { enum: assistantLanguages }).$type<AssistantLanguage>().notNull().default('auto'),
  version: text('version').notNull(),
  /** Empty: the default message in the visitor's language. */
  firstMessage: text('first_message').notNull().default(''),
  initMessage: text('init_message').notNull().default(''),
  completionMessage: text('completion_message').notNull().default(''),
  additionalInstructions: text('additional_instructions').notNull().default(''),
  storeConversations: boolean('store_conversations').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One page's text, as extracted in the PDF workers: what retrieval searches and the model reads as data. */
export interface ExtractedPage {
  /** 1-based. */
  page: number;
  text: string;
}

/** A knowledge PDF the owner attached (at most 5 of 10 MB), stored like documents, with its text per page. */
export const assistantKnowledgeFiles = pgTable(
  'assistant_knowledge_files',
  {
    id: text('id').primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    byteSize: integer('byte_size').notNull(),
    pageCount: integer('page_count').notNull(),
    pages: jsonb('pages').$type<ExtractedPage[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('assistant_knowledge_files_document_idx').on(table.documentId, table.createdAt),
    index('assistant_knowledge_files_storage_key_idx').on(table.storageKey),
  ],
);

/** A document file's text per page, extracted once, when the assistant first needs it. */
export const documentFileTexts = pgTable('document_file_texts', {
  documentFileId: text('document_file_id')
    .primaryKey()
    .references(() => documentFiles.id, { onDelete: 'cascade' }),
  pages: jsonb('pages').$type<ExtractedPage[]>().notNull(),
  extractedAt: timestamp('extracted_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What the assistant answered per scope and UTC day (issue 28, part 4): a link's and an account's messages and
 * tokens, counted in the database so every process enforces the same limits.
 */
export const assistantUsage = pgTable(
  'assistant_usage',
  {
    scopeKind: text('scope_kind', { enum: ['link', 'account'] }).notNull(),
    scopeId: text('scope_id').notNull(),
    day: date('day').notNull(),
    messages: integer('messages').notNull().default(0),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.scopeKind, table.scopeId, table.day] })],
);

/**
 * A conversation with the assistant: its counts and, with the real model, its cost line for billing; its turns only
 * when the owner chose to store conversations. The owner's test chats have no link.
 */
export const assistantConversations = pgTable(
  'assistant_conversations',
  {
    id: text('id').primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    linkId: text('link_id'),
    accountId: text('account_id').notNull(),
    provider: text('provider').notNull(),
    messages: integer('messages').notNull().default(0),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    /** Minor units in the account's currency; 0 for the offline assistant. */
    costMinor: integer('cost_minor').notNull().default(0),
    currency: text('currency', { enum: ['SEK', 'EUR'] }).notNull(),
    turns: jsonb('turns').$type<{ role: 'visitor' | 'assistant'; text: string; at: string }[]>(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('assistant_conversations_document_idx').on(table.documentId, table.startedAt)],
);
