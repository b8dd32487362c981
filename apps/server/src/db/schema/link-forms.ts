import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { documents, links } from './documents.ts';

/**
 * A recipient's form (SPEC section 3, Form submission; issue 8, part 7): the values they filled through one link,
 * one submission per link. It is saved pending or final; once submitted or shared it is frozen (SPEC section 4),
 * and the owner's approval or denial ends pending and sharing. The filled PDF is stored on the first send.
 */
export const linkFormSubmissions = pgTable(
  'link_form_submissions',
  {
    id: text('id').primaryKey(),
    linkId: text('link_id')
      .notNull()
      .references(() => links.id),
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    /** The submitter's own name for the submission (SPEC `name`). */
    name: text('name'),
    /** SPEC `instantJson`: field name → value (DECISIONS, Form data). */
    values: jsonb('values').$type<Record<string, string | boolean>>().notNull(),
    layerId: text('layer_id'),
    documentVersionId: text('document_version_id'),
    isPending: boolean('is_pending').notNull(),
    isSharing: boolean('is_sharing').notNull().default(false),
    approvalValue: text('approval_value', { enum: ['approve', 'deny'] }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedByUserId: text('approved_by_user_id'),
    /** Where the submitter asked to hear about the decision (SPEC subscribeEmailAddress / subscribePhonenumber). */
    subscribeEmail: text('subscribe_email'),
    subscribePhone: text('subscribe_phone'),
    /** Set on submit or share: from then on the values never change. */
    frozenAt: timestamp('frozen_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    sharedAt: timestamp('shared_at', { withTimezone: true }),
    /** The filled, flattened PDF of the frozen values, with its hex SHA-256. */
    pdfStorageKey: text('pdf_storage_key'),
    pdfSha256: text('pdf_sha256'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('link_form_submissions_link_unique').on(table.linkId),
    index('link_form_submissions_document_idx').on(table.documentId),
    index('link_form_submissions_pdf_storage_key_idx').on(table.pdfStorageKey),
  ],
);

/**
 * A PDF a recipient attached to a document (SPEC section 3, Attachment: pdfFileIndex; issue 8, part 8). Indexes
 * count up per document and are never reused: a deleted attachment keeps its row (`deletedAt`), so a retried delete
 * can never remove a later file that took its number.
 */
export const documentAttachments = pgTable(
  'document_attachments',
  {
    id: text('id').primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    /** The link that attached it; empty for a file the sender attached. */
    linkId: text('link_id').references(() => links.id),
    pdfFileIndex: integer('pdf_file_index').notNull(),
    title: text('title').notNull(),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    byteSize: integer('byte_size').notNull(),
    pageCount: integer('page_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('document_attachments_index_unique').on(table.documentId, table.pdfFileIndex),
    check('document_attachments_index_non_negative', sql`${table.pdfFileIndex} >= 0`),
    index('document_attachments_storage_key_idx').on(table.storageKey),
  ],
);
