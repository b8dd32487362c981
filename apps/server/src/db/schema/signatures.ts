import type { InkSignature, SignatureMethod, TypedInk } from '@signlink/pdf/sealing/seal-input';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { documentParties, documents } from './documents.ts';

/**
 * A signed slot (SPEC section 3, signature object): what the recipient's side stores when a party signs, and
 * what sealing stamps. One row per slot: a retried submission finds its row and is recorded once.
 */
export const documentSignatures = pgTable(
  'document_signatures',
  {
    id: text('id').primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    partyId: text('party_id').references(() => documentParties.id, { onDelete: 'set null' }),
    signatureIndex: integer('signature_index').notNull(),
    method: text('method', { enum: ['bankid', 'ink', 'ink-with-id', 'id-live'] })
      .$type<SignatureMethod>()
      .notNull(),
    signerName: text('signer_name').notNull(),
    clarifiedName: text('clarified_name'),
    /** BankID's 12 digits; the audit trail masks it when the document hides personal numbers. */
    personalNumber: text('personal_number'),
    /**
     * What an e-signature looks like: the strokes drawn, or the name typed (`{ typed }`). One column for either,
     * so a typed signature needed no migration and a row is drawn or typed, never both.
     */
    ink: jsonb('ink').$type<InkSignature | TypedInk>(),
    /** Form values the party filled, by field name, submitted with the signature. */
    formValues: jsonb('form_values').$type<Record<string, string | boolean>>().notNull().default({}),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /**
     * Whether the signing browser carried a signed-in session, and whose (issue 20): a colleague who signs through
     * a party's link is on record. Null on signatures made before it was recorded.
     */
    signingSession: jsonb('signing_session').$type<{ userId: string | null; email: string | null }>(),
    /** The signer's offset from UTC in minutes, as the browser reports it (SPEC: TimeZoneOffsetMinutes). */
    timeZoneOffsetMinutes: integer('time_zone_offset_minutes'),
    /** Types 5 and 6 (issue 27): the passed ID scan this signature rests on; its evidence is in the audit trail. */
    idScanId: text('id_scan_id'),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('document_signatures_slot_unique').on(table.documentId, table.signatureIndex)],
);

/**
 * Sealing's progress per document (issue 7): each step records that it is done, so a job killed between steps
 * resumes where it stopped, and a seal that gave up is visible to the owner instead of pending for ever.
 */
export const documentSeals = pgTable(
  'document_seals',
  {
    documentId: text('document_id')
      .primaryKey()
      .references(() => documents.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'sealed', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The sealed PDF in storage and its hex SHA-256: set once the file is stored. */
    sealedStorageKey: text('sealed_storage_key'),
    sealedSha256: text('sealed_sha256'),
    sealedByteSize: integer('sealed_byte_size'),
    /** The audit trail alone, for the owner. */
    auditTrailStorageKey: text('audit_trail_storage_key'),
    /** SHA-256 of the stamped content before the audit trail: the audit trail prints it. */
    finalContentSha256: text('final_content_sha256'),
    sealedAt: timestamp('sealed_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('document_seals_status_idx').on(table.status, table.updatedAt),
    uniqueIndex('document_seals_sealed_sha_unique').on(table.sealedSha256),
    index('document_seals_sealed_storage_key_idx').on(table.sealedStorageKey),
    index('document_seals_audit_trail_storage_key_idx').on(table.auditTrailStorageKey),
  ],
);
