/**
 * Identity verification as Signlink uses it (issue 27, part 1): an applicant per ID scan, the document's images and,
 * for a live check, a live photo of the face; a check over them by the vendor, which answers later (a signed webhook,
 * or when asked); and the applicant deleted when the scan ends. Adapters turn the vendor's reports into these shapes;
 * the server judges them (check digits, expiry, type, our own reading of the machine-readable zone).
 */

/** The vendor's names for what it read, normalised: anything else is `other`. */
export type VendorDocumentType = 'passport' | 'national-id' | 'driving-licence' | 'other';

export type ReportResult = 'clear' | 'consider';

export interface DocumentReading {
  /** The vendor's overall verdict on the document. */
  result: ReportResult;
  /** Whether the image could be read at all (image quality, readability). */
  readable: boolean;
  documentType: VendorDocumentType;
  /** ISO 3166-1 alpha-3, as the vendor reports it. */
  issuingCountry?: string;
  documentNumber?: string;
  /** YYYY-MM-DD. */
  expiryDate?: string;
  firstName?: string;
  lastName?: string;
  /** The machine-readable zone's lines as read: two (TD2, TD3) or three (TD1); none when there is none. */
  mrzLines: string[];
}

export interface FaceReading {
  /** The vendor's overall verdict on the face. */
  result: ReportResult;
  /** The live photo's face is the document photo's. */
  faceMatch: ReportResult;
  /** The live photo is of a live person (not a photo of a photo, a screen or a mask). */
  liveness: ReportResult;
}

export type CheckOutcome =
  | { status: 'in-progress' }
  | { status: 'complete'; checkId: string; document: DocumentReading; face?: FaceReading };

export interface IdImage {
  bytes: Uint8Array;
  contentType: 'image/jpeg' | 'image/png';
  fileName: string;
}

/** A verified webhook: which check it is about and what happened to it. */
export interface VendorEvent {
  action: string;
  resourceType: string;
  /** The check's id when the event is about a check. */
  checkId?: string;
}

export interface IdVerificationProvider {
  /** Stored beside each scan, so its ids are read against the right vendor. */
  readonly vendor: string;
  createApplicant(input: { firstName: string; lastName: string }): Promise<{ applicantId: string }>;
  uploadDocument(input: {
    applicantId: string;
    documentType: 'passport' | 'national-id';
    side: 'front' | 'back';
    image: IdImage;
  }): Promise<{ fileId: string }>;
  uploadLivePhoto(input: { applicantId: string; image: IdImage }): Promise<{ fileId: string }>;
  /** Starts the check: the document report always, the face report when a live photo is part of it. */
  startCheck(input: { applicantId: string; documentIds: string[]; withFace: boolean }): Promise<{ checkId: string }>;
  readCheck(input: { checkId: string }): Promise<CheckOutcome>;
  /** Deletes the applicant and everything the vendor holds of them (images, reports). */
  deleteApplicant(input: { applicantId: string }): Promise<void>;
  /** Checks the webhook's signature over the raw bytes; throws `IdVerificationError('forged')` when it fails. */
  readWebhook(input: { rawBody: Uint8Array; signature: string | undefined }): VendorEvent;
}

export type IdVerificationErrorKind =
  /** The vendor cannot be reached or answered 5xx: try again later. */
  | 'unavailable'
  /** The vendor refused the input (a file it cannot take, an unknown id). */
  | 'rejected'
  /** A webhook whose signature does not hold. */
  | 'forged';

export class IdVerificationError extends Error {
  readonly kind: IdVerificationErrorKind;
  constructor(kind: IdVerificationErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'IdVerificationError';
    this.kind = kind;
  }
}
