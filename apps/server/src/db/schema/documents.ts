import type { ActiveContentKind } from '@signlink/contracts/documents/active-content';
import type { DocumentSettings, FileRules, PdfFormField } from '@signlink/contracts/documents/document-model';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts.ts';

/**
 * A document (SPEC section 3, "errand"; a "project" while it is a draft). Its lifecycle `state` holds only
 * what happened to it; the status a user sees (SPEC section 4) is computed from it and its parties in one
 * place, `documentStatusOf` in packages/contracts. Archived, handled and deleted are the owner's flags on top.
 */
export const documents = pgTable(
  'documents',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The sender. Empty only for rows written before documents had owners (test seeds of the recipient side). */
    ownerUserId: text('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    /**
     * What the row is: a document to send (and, before sending, a draft), a template (issue 24: placeholder
     * parties named by `role`, never sent) or a public link's master (`public_links.documentId`), from which each
     * visit copies its own document. Templates and masters stay in state `draft` and out of every document list.
     */
    kind: text('kind', { enum: ['document', 'template', 'public-link'] })
      .notNull()
      .default('document'),
    /** The template a document or public link was made from; kept when the template is deleted. */
    templateId: text('template_id'),
    /** A public-link visit's document: the link (its sub-inbox) whose visitor made it. */
    publicLinkId: text('public_link_id'),
    /** An unfinished visit's document expires then (and its reservation returns) unless the visitor signed. */
    visitExpiresAt: timestamp('visit_expires_at', { withTimezone: true }),
    /** The bulk send (schema/bulk-sends.ts) that made this document, one per CSV row. */
    bulkSendId: text('bulk_send_id'),
    /** The language the recipient side speaks for this document: `en-us`, `sv` or `es`. */
    language: text('language', { enum: ['en-us', 'sv', 'es'] }).notNull(),
    /** Hex SHA-256 of the PDF the parties sign, byte for byte as uploaded (or as merged from uploads). */
    originalSha256: text('original_sha256').notNull(),
    state: text('state', { enum: ['draft', 'active', 'completed', 'withdrawn', 'expired'] })
      .notNull()
      .default('draft'),
    accessLevel: text('access_level', { enum: ['private', 'shared'] })
      .notNull()
      .default('private'),
    settings: jsonb('settings').$type<DocumentSettings>().notNull().default({}),
    /** The sender's message to every party (a party's own message goes with it). */
    message: text('message'),
    handled: boolean('handled').notNull().default(false),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** Deleted from the owner's lists; the row and its history stay for the other parties and the audit trail. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** What sending reserved from the account's balance, in minor units of `currency`; released per party. */
    currency: text('currency', { enum: ['SEK', 'EUR'] }),
    duplicatedFromId: text('duplicated_from_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    /** The latest history event's time: the lists sort by it and expiry counts 90 days from it. */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('documents_account_list_idx').on(table.accountId, table.state, table.lastActivityAt),
    index('documents_expiry_idx').on(table.state, table.lastActivityAt),
    index('documents_kind_idx').on(table.accountId, table.kind),
    index('documents_public_link_idx').on(table.publicLinkId),
    index('documents_visit_expiry_idx').on(table.visitExpiresAt),
  ],
);

/**
 * A PDF of a document, kept byte for byte in storage under `storageKey` with its SHA-256. `rules` holds the
 * placed fields and the per-slot access map (SPEC sections 3 and 6); `formFields` the PDF's own fields found at
 * upload; `removedContent` what upload stripped (scripts, actions, embedded files, ...) so the sender is told.
 */
export const documentFiles = pgTable(
  'document_files',
  {
    id: text('id').primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    position: integer('position').notNull().default(0),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    byteSize: integer('byte_size').notNull(),
    pageCount: integer('page_count').notNull(),
    /** Each page's size in PDF points, after its rotation: what the editor lays fields on. */
    pageSizes: jsonb('page_sizes').$type<{ width: number; height: number }[]>().notNull(),
    formFields: jsonb('form_fields').$type<PdfFormField[]>().notNull().default([]),
    removedContent: jsonb('removed_content').$type<ActiveContentKind[]>().notNull().default([]),
    rules: jsonb('rules').$type<FileRules>().notNull().default({ fields: [], access: {} }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('document_files_document_idx').on(table.documentId, table.position),
    // The orphan sweep asks which of a listing page's keys some row names.
    index('document_files_storage_key_idx').on(table.storageKey),
  ],
);

/**
 * A party of a document (SPEC section 3, Party / signature field): one signature slot, numbered from 0 by
 * `signatureIndex`. `accessKey` is the party's fieldAccessKey: the file rules' access map gives each slot's key.
 */
export const documentParties = pgTable(
  'document_parties',
  {
    id: text('id').primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    signatureIndex: integer('signature_index').notNull(),
    /** A template's or public link's placeholder name for the slot ("Customer", "Witness"); copied to documents. */
    role: text('role'),
    name: text('name').notNull().default(''),
    email: text('email'),
    /** E.164. */
    phone: text('phone'),
    invitationMethod: text('invitation_method', { enum: ['email', 'sms', 'whatsapp', 'email-and-sms'] })
      .notNull()
      .default('email'),
    signatureType: text('signature_type', { enum: ['bankid', 'e-signature', 'id-e-signature', 'live-id'] })
      .notNull()
      .default('e-signature'),
    message: text('message'),
    getPaid: boolean('get_paid').notNull().default(false),
    /**
     * Sign & Pay (issue 25): the product the party pays (schema/sign-pay.ts; SPEC `paymentLinkId`), no foreign key as
     * sign-pay.ts imports this file. Sending needs one when `getPaid`.
     */
    paymentProductId: text('payment_product_id'),
    /** SPEC `getPaidLabel`: the sender's words for what is paid; empty means the product's name. */
    getPaidLabel: text('get_paid_label'),
    accessKey: text('access_key').notNull(),
    /** What sending reserved for this party; withdrawal returns it while the party has not signed. */
    reservedMinor: integer('reserved_minor').notNull().default(0),
    /**
     * The price plan whose signature sending drew for this party instead of the balance (schema/plans.ts); no
     * foreign key, as plans.ts imports accounts which documents.ts imports. Withdrawal returns it while unsigned.
     */
    reservedPlanSubscriptionId: text('reserved_plan_subscription_id'),
    contactUpdates: integer('contact_updates').notNull().default(0),
    remindersSent: integer('reminders_sent').notNull().default(0),
    lastRemindedAt: timestamp('last_reminded_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('document_parties_slot_unique').on(table.documentId, table.signatureIndex),
    check('document_parties_reserved_non_negative', sql`${table.reservedMinor} >= 0`),
  ],
);

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
    /** The party this link invites; empty only for test seeds of the recipient side written before parties. */
    partyId: text('party_id').references(() => documentParties.id, { onDelete: 'cascade' }),
    /** Withdrawn with its document; revoked when the party's contact details were corrected (a new link went). */
    status: text('status', { enum: ['active', 'withdrawn', 'revoked'] })
      .notNull()
      .default('active'),
    requireBankId: boolean('require_bankid').notNull().default(false),
    requireSms: boolean('require_sms').notNull().default(false),
    requireEmail: boolean('require_email').notNull().default(false),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Wrong SMS or e-mail codes typed at this link's gate since the sender last sent it (issue 8: 10 lock it). */
    gateWrongTries: integer('gate_wrong_tries').notNull().default(0),
    /** Set when the gate locked; a re-send by the sender (reminder, share) opens it again. */
    gateLockedAt: timestamp('gate_locked_at', { withTimezone: true }),
    /** Visits the recipient page counted (`links/{LinkId}/count`); numbers only, no visitor data. */
    visitCount: integer('visit_count').notNull().default(0),
    /** Of those, from Internet Explorer, which gets only the plain PDF (SPEC section 4). */
    ieVisitCount: integer('ie_visit_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('links_id_upper_case', sql`${table.id} = upper(${table.id})`),
    index('links_document_idx').on(table.documentId),
  ],
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

/**
 * A phone number or e-mail address a recipient proved with a code at one link (SPEC section 4, SMS and e-mail
 * dialogs). A `gate` proof opens the link once, within the code's validity, at `links/{id}/access`; a `contact`
 * proof is a verified value the recipient added after the gate (SPEC section 3, verified values kept per index).
 */
export const linkCodeProofs = pgTable(
  'link_code_proofs',
  {
    id: text('id').primaryKey(),
    linkId: text('link_id')
      .notNull()
      .references(() => links.id),
    /** The code's token, which the browser holds as its ClientAccessKey. */
    codeToken: text('code_token').notNull(),
    use: text('use', { enum: ['gate', 'contact'] }).notNull(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    /** E.164 or the lower-case address. */
    destination: text('destination').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
    /** When `links/{id}/access` used a gate proof; a proof opens the link once. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('link_code_proofs_token_unique').on(table.codeToken),
    index('link_code_proofs_link_idx').on(table.linkId),
  ],
);
