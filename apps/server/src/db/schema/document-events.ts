import { integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A document's history (SPEC section 4 "History events"), append-only. Each event carries the hash of
 * the one before it (ARCHITECTURE "Data"), so the audit trail can be checked for gaps and edits.
 * The documents issue adds the foreign key to documents once that table exists.
 */
export const documentEvents = pgTable(
  'document_events',
  {
    id: text('id').primaryKey(),
    documentId: text('document_id').notNull(),
    /** 1, 2, 3… per document. */
    sequence: integer('sequence').notNull(),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    previousHash: text('previous_hash'),
    hash: text('hash').notNull(),
  },
  (table) => [uniqueIndex('document_events_sequence_unique').on(table.documentId, table.sequence)],
);
