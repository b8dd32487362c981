import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts.ts';
import { documents } from './documents.ts';

/**
 * A public link (issue 24, SPEC section 3 "Public link: linkDocumentId, name"): a code anyone may open to fill
 * and sign their own copy of `documentId`, a `public-link` master document whose party 0 is the visitor's role and
 * whose other parties are roles the owner fixed (contact filled) or the visitor names. The id is the code, upper
 * case like every link code. The link is also its submissions' sub-inbox.
 */
export const publicLinks = pgTable(
  'public_links',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    ownerUserId: text('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id),
    name: text('name').notNull(),
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    /** The gate the visitor passes (SPEC section 4's order); copied onto each visit's link. */
    requireBankId: boolean('require_bankid').notNull().default(false),
    requireSms: boolean('require_sms').notNull().default(false),
    requireEmail: boolean('require_email').notNull().default(false),
    /** Visits that made a document. */
    visitCount: integer('visit_count').notNull().default(0),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** Deleted links answer like disabled ones (recalled) and leave every list; their visits' documents stay. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('public_links_id_upper_case', sql`${table.id} = upper(${table.id})`),
    index('public_links_account_idx').on(table.accountId),
    uniqueIndex('public_links_document_unique').on(table.documentId),
  ],
);

/**
 * A person or company the account sends to (issue 24, part 6): collected from sent documents' parties and
 * editable on `/contacts`; the editor's party fields suggest them. One row per e-mail address (or, without one,
 * per phone number) in an account.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    kind: text('kind', { enum: ['person', 'company'] })
      .notNull()
      .default('person'),
    name: text('name').notNull().default(''),
    /** Lower case. */
    email: text('email'),
    /** E.164. */
    phone: text('phone'),
    companyName: text('company_name'),
    orgNumber: text('org_number'),
    /** Collected from a sent document, or typed in by a user. */
    source: text('source', { enum: ['document', 'manual'] })
      .notNull()
      .default('document'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('contacts_account_email_unique')
      .on(table.accountId, table.email)
      .where(sql`${table.email} is not null`),
    uniqueIndex('contacts_account_phone_unique')
      .on(table.accountId, table.phone)
      .where(sql`${table.email} is null and ${table.phone} is not null`),
    check('contacts_reachable', sql`${table.email} is not null or ${table.phone} is not null`),
  ],
);

/**
 * A template sent to many recipients from a CSV (issue 24, part 7): one row per document, validated before
 * anything is charged, sent by jobs; `bulk_send_rows` keeps each row's values, problems and resulting document.
 */
export const bulkSends = pgTable(
  'bulk_sends',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    templateId: text('template_id')
      .notNull()
      .references(() => documents.id),
    /** `previewed`: validated, nothing charged; `sending` once confirmed; `done` when every valid row was sent. */
    status: text('status', { enum: ['previewed', 'sending', 'done', 'cancelled'] })
      .notNull()
      .default('previewed'),
    rowCount: integer('row_count').notNull(),
    invalidCount: integer('invalid_count').notNull().default(0),
    sentCount: integer('sent_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('bulk_sends_account_idx').on(table.accountId, table.createdAt)],
);

export const bulkSendRows = pgTable(
  'bulk_send_rows',
  {
    id: text('id').primaryKey(),
    bulkSendId: text('bulk_send_id')
      .notNull()
      .references(() => bulkSends.id, { onDelete: 'cascade' }),
    /** 1-based, as a spreadsheet counts data rows (the header is row 0). */
    rowNumber: integer('row_number').notNull(),
    values: jsonb('values').$type<Record<string, string>>().notNull(),
    /** Problems found in preview, each an error-catalogue code with the column it concerns. */
    problems: jsonb('problems').$type<{ code: string; column?: string }[]>().notNull().default([]),
    status: text('status', { enum: ['invalid', 'pending', 'sent', 'failed'] }).notNull(),
    documentId: text('document_id'),
    error: text('error'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('bulk_send_rows_number_unique').on(table.bulkSendId, table.rowNumber)],
);
