import type { PlacedField } from '@signlink/contracts/documents/document-model';

/**
 * What sealing needs to know about a finished document, as plain data: it crosses into the PDF worker
 * threads (structured clone), so no classes and no functions. The server builds it from the database;
 * texts are translated before they get here, so this package stays free of i18n.
 */

/** signature_pad's `toData()` as the recipient's page sends it, with the pad's size in CSS pixels. */
export interface InkSignature {
  width: number;
  height: number;
  strokes: { penColor?: string; minWidth?: number; maxWidth?: number; points: { x: number; y: number }[] }[];
}

/** An e-signature typed instead of drawn: the name as the signer typed it, stamped in the handwriting font. */
export interface TypedSignature {
  text: string;
}

/** A typed signature as a signature's stored `ink` holds it, beside a drawn one's strokes. */
export interface TypedInk {
  typed: TypedSignature;
}

export type SignatureMethod = 'bankid' | 'ink' | 'ink-with-id' | 'id-live';

/** One signed slot (SPEC section 3, signature object). */
export interface SignedSlot {
  signatureIndex: number;
  method: SignatureMethod;
  /** The name the signer proved (BankID) or gave (ink, with its clarification when allowed). */
  signerName: string;
  clarifiedName?: string;
  /** 12 digits, BankID only; absent when the document hides personal numbers. */
  personalNumber?: string;
  /** ISO 8601, UTC. */
  signedAt: string;
  ink?: InkSignature;
  /** Set instead of `ink` when the signer typed their signature. */
  typed?: TypedSignature;
}

/** A file of the document with the fields placed on it. */
export interface SealFile {
  bytes: Uint8Array;
  fields: PlacedField[];
}

/** Texts drawn into signature fields, already in the document's language. */
export interface StampTexts {
  /** e.g. "Signed with BankID" */
  signedWithBankId: string;
  /** e.g. "Signed electronically" */
  signedElectronically: string;
  /** e.g. "Personal number" */
  personalNumber: string;
  /** e.g. "Signed with ID and live check": a type 6 slot has no ink, so its stamp says how it was signed. */
  signedWithIdLive: string;
}

/** A recipient's PDF attachment, embedded in the sealed document as a file attachment (issue 8, part 8). */
export interface SealAttachment {
  /** "Lönebesked.pdf", unique in the document (attachmentFileNames). */
  fileName: string;
  bytes: Uint8Array;
  /** Shown by readers beside the file, e.g. "Attached by Anna Andersson". */
  description: string;
  /** ISO 8601, UTC. */
  attachedAt: string;
}

export interface StampRequest {
  files: SealFile[];
  /** Embedded as file attachments with the stamped content, so the seal covers them. */
  attachments?: SealAttachment[];
  /** Values by field name: placed fields (`Text[1].2`) and the PDF's own AcroForm fields alike. */
  values: Record<string, string | boolean>;
  signatures: SignedSlot[];
  texts: StampTexts;
  /** The document's UTC offset for showing times in fields, e.g. "+01:00"; the audit trail stays UTC. */
  timeZone?: string;
}

/** One party as the audit trail lists it. */
export interface AuditParty {
  signatureIndex: number;
  name: string;
  /** E-mail and/or phone, as the sender gave them. */
  contact: string;
  method: string;
  /** "Anna Andersson, 19900101-1234" or with the number masked; absent without a verified identity. */
  verifiedIdentity?: string;
  ipAddress?: string;
  userAgent?: string;
  /**
   * What an ID scan found (types 5 and 6), as translated label and value rows: the document, the name on it, the
   * vendor's check and the consent, the live check. Absent without a scan.
   */
  idEvidence?: AuditRow[];
  /** The signed-in account the signing browser carried, or a translated "none"; absent where not recorded. */
  signedInAccount?: string;
  timeZone?: string;
  /** ISO 8601, UTC; absent while unsigned. */
  signedAt?: string;
}

export interface AuditRow {
  label: string;
  value: string;
}

export interface AuditEvent {
  sequence: number;
  /** ISO 8601, UTC. */
  at: string;
  /** Already translated, e.g. "Signed by Anna Andersson". */
  description: string;
  hash: string;
  previousHash: string | null;
}

/** The audit trail's labels, translated; `{{...}}` placeholders are already filled. */
export interface AuditTrailTexts {
  title: string;
  documentName: string;
  documentId: string;
  originalSha256: string;
  finalSha256: string;
  parties: string;
  contact: string;
  method: string;
  verifiedIdentity: string;
  ipAddress: string;
  userAgent: string;
  signedInAccount: string;
  timeZone: string;
  signedAt: string;
  history: string;
  hashChain: string;
  /** e.g. "Verify this document at" */
  verifyAt: string;
  /** e.g. "Page {{page}} of {{pages}}" with the placeholders left for the renderer. */
  pageOf: string;
  /** Explains that times are UTC and how the chain works, one short paragraph. */
  footnote: string;
}

/** One embedded attachment as the audit trail lists it. */
export interface AuditAttachment {
  title: string;
  /** The name it is embedded under (SealAttachment's, made unique). */
  fileName: string;
  attachedBy: string;
  /** ISO 8601, UTC. */
  attachedAt: string;
  sha256: string;
}

export interface AuditAttachmentTexts {
  heading: string;
  /** Says where the files are: embedded in this PDF, each identified by its SHA-256. */
  intro: string;
  fileName: string;
  attachedBy: string;
  attachedAt: string;
  sha256: string;
}

export interface AuditTrailRequest {
  documentName: string;
  documentId: string;
  originalSha256: string;
  /** SHA-256 of the stamped content before the audit pages were added. */
  finalSha256: string;
  parties: AuditParty[];
  events: AuditEvent[];
  texts: AuditTrailTexts;
  /** The recipients' attachments embedded in the document; absent or empty: no section. */
  attachments?: { items: AuditAttachment[]; texts: AuditAttachmentTexts };
  /** Present when the document's "embed verification" setting is on. */
  verification?: { url: string };
}
