import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/**
 * A sent document (SPEC section 3, "errand") as the recipient side needs it: the title and the original's
 * SHA-256 that a BankID signature binds. The documents issue grows it (files, parties, settings, rules).
 */
export const documents = pgTable('documents', {
  id: text('id').primaryKey(),
  accountId: text('account_id')
    .notNull()
    .references(() => accounts.id),
  title: text('title').notNull(),
  /** The language the recipient side speaks for this document: `en-us`, `sv` or `es`. */
  language: text('language', { enum: ['en-us', 'sv', 'es'] }).notNull(),
  /** Hex SHA-256 of the original PDF as uploaded, byte for byte. */
  originalSha256: text('original_sha256').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One party's way into a document (SPEC section 3, Link details). The id is the link code, stored upper
 * case. The documents and recipient issues add the gate settings beyond BankID and the party's data.
 */
export const links = pgTable(
  'links',
  {
    id: text('id').primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id),
    status: text('status', { enum: ['active', 'withdrawn'] })
      .notNull()
      .default('active'),
    requireBankId: boolean('require_bankid').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('links_id_upper_case', sql`${table.id} = upper(${table.id})`)],
);

/**
 * Values a recipient proved through a link, kept per signature index (SPEC section 3, "Verified values are
 * kept per index"): a BankID person, an organisation number. Each names the BankID order that proved it.
 */
export const linkVerifications = pgTable(
  'link_verifications',
  {
    id: text('id').primaryKey(),
    linkId: text('link_id')
      .notNull()
      .references(() => links.id),
    /** The signature slot; absent for what proves access to the link as a whole. */
    signatureIndex: integer('signature_index'),
    kind: text('kind', { enum: ['bankid-person', 'org-number'] }).notNull(),
    value: jsonb('value').$type<Record<string, unknown>>().notNull(),
    bankIdOrderId: text('bankid_order_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('link_verifications_link_idx').on(table.linkId, table.signatureIndex),
    // One order proves one thing once: a replayed validation cannot add a second row.
    uniqueIndex('link_verifications_order_kind_unique').on(table.bankIdOrderId, table.kind),
  ],
);
