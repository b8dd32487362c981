import {
  type IdDocumentType,
  type IdScanFailureCode,
  idDocumentTypes,
  idScanFailureCodes,
  idScanImageKinds,
  idScanStatuses,
} from '@signlink/contracts/id-scan/id-scan';
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { documentParties, documents } from './documents.ts';

/**
 * One ID scan of one signature slot (issue 27): the recipient's consent, the vendor's applicant and check, and, once
 * the check is in, what it found. Evidence without hoarding (part 4): the document number's last four characters
 * only, and the images in `id_scan_images` until the retention ends. A slot may see several scans (a failed one,
 * then another); the one that signed is named by its signature (`document_signatures.id_scan_id`).
 */
export const idScans = pgTable(
  'id_scans',
  {
    id: text('id').primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    partyId: text('party_id')
      .notNull()
      .references(() => documentParties.id, { onDelete: 'cascade' }),
    /** The link it was made through: another link's RequestToken does not reach it. */
    linkId: text('link_id').notNull(),
    signatureIndex: integer('signature_index').notNull(),
    /** Type 6 takes a live face capture and its checks; type 5 the document alone. */
    needsFace: boolean('needs_face').notNull(),
    status: text('status', { enum: idScanStatuses }).notNull().default('collecting'),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
    consentTextVersion: text('consent_text_version').notNull(),
    /** The document the recipient said they hold; the vendor's reading must agree. */
    documentType: text('document_type', { enum: idDocumentTypes }).$type<IdDocumentType>(),
    vendor: text('vendor').notNull(),
    vendorApplicantId: text('vendor_applicant_id').notNull(),
    vendorCheckId: text('vendor_check_id'),
    checkStartedAt: timestamp('check_started_at', { withTimezone: true }),
    failureCode: text('failure_code', { enum: idScanFailureCodes }).$type<IdScanFailureCode>(),
    /** Why, for support: never biometric data, never the document number. */
    failureReason: text('failure_reason'),
    // The evidence of a passed scan (issue 27, part 4).
    issuingCountry: text('issuing_country'),
    numberLast4: text('number_last4'),
    expiryDate: date('expiry_date'),
    nameRead: text('name_read'),
    nameMatches: boolean('name_matches'),
    livenessPassed: boolean('liveness_passed'),
    faceMatchPassed: boolean('face_match_passed'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Set when a signature used it: a scan signs one slot once. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('id_scans_slot_idx').on(table.documentId, table.signatureIndex),
    uniqueIndex('id_scans_vendor_check_unique').on(table.vendor, table.vendorCheckId),
    // The status poll's fallback asks the vendor about checks whose webhook is late.
    index('id_scans_checking_idx').on(table.checkStartedAt).where(sql`${table.status} = 'checking'`),
  ],
);

/**
 * An image of a scan, encrypted at rest in the storage port until `deleteAfter` (the retention setting, 0 days by
 * default: deleted as soon as the check is in). The row stays, without its file, as the record that it existed.
 */
export const idScanImages = pgTable(
  'id_scan_images',
  {
    id: text('id').primaryKey(),
    idScanId: text('id_scan_id')
      .notNull()
      .references(() => idScans.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: idScanImageKinds }).notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    /** The vendor's id for the uploaded file (document or live photo). */
    vendorFileId: text('vendor_file_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null while the check runs; set when it ends (or the scan is removed). */
    deleteAfter: timestamp('delete_after', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('id_scan_images_scan_idx').on(table.idScanId),
    index('id_scan_images_due_idx').on(table.deleteAfter).where(sql`${table.deletedAt} is null`),
  ],
);
