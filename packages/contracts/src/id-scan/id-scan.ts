import { z } from 'zod';
import { ZLinkIdParams, ZRequestToken } from '../bankid/link-bankid.ts';
import { ZSignatureIndex } from '../documents/document-model.ts';
import { ZSignInkRequest, ZSlotFormValues, ZTimeZoneOffsetMinutes } from '../links/sign-ink.ts';

/**
 * ID scan with a live face check (SPEC sections 1–5 and 7; issue 27): a recipient whose slot is type 5 (ID plus
 * e-signature) or 6 (ID with live check) consents to biometric processing, photographs an identity document (front,
 * and back where the type has one) and, for type 6, their face; the identity-verification vendor checks them; a
 * passed scan then signs the slot once. The calls:
 * - `POST links/{id}/idscan/live/init`: consent given, a new scan for one slot (any unfinished one of the slot ends);
 * - `POST links/{id}/idscan/processimages?RequestToken=&IdScanId=&DocumentType=&Side=`: one side of the document, the
 *   raw image as the body (JPEG or PNG);
 * - `POST links/{id}/idscan/live/validate?RequestToken=&IdScanId=`: the live face capture, the raw image as the body
 *   (type 6 only);
 * - `POST links/{id}/idscan/apply`: every image is in, the vendor's check starts;
 * - `GET links/{id}/idscan/{scanId}?RequestToken=` (ours): the scan's state, polled while the check runs;
 * - `POST links/{id}/idscan/remove`: the recipient starts over or gives up: the scan and its images go;
 * - `POST links/{id}/sign/id/live` (type 6) and `POST links/{id}/sign/ink/id` (type 5): sign with a passed scan.
 */

/**
 * The text of the biometric-processing consent the recipient accepts, by version: the version is stored with the
 * time of consent, so what they agreed to can be shown later. A new wording gets a new version.
 */
export const idScanConsentVersion = '2026-11-28';

/** The documents an ID scan takes (SPEC section 5, "allowed type"): both carry a machine-readable zone. */
export const idDocumentTypes = ['passport', 'national-id'] as const;
export type IdDocumentType = (typeof idDocumentTypes)[number];

/**
 * What a recipient may say they hold. A driving licence is offered so its holder is told why it is refused
 * (SCAN_WRONG_TYPE: it has no machine-readable zone) instead of not finding it.
 */
export const offeredIdDocumentTypes = [...idDocumentTypes, 'driving-licence'] as const;
export type OfferedIdDocumentType = (typeof offeredIdDocumentTypes)[number];

/** A passport has one page to photograph; a national ID card a front and a back. */
export const idDocumentSides = { passport: ['front'], 'national-id': ['front', 'back'] } as const satisfies Record<
  IdDocumentType,
  readonly IdScanSide[]
>;
export const idScanSides = ['front', 'back'] as const;
export type IdScanSide = (typeof idScanSides)[number];

export const idScanLimits = {
  /** One photo of a document or a face: a phone camera's full-size JPEG fits with room to spare. */
  maxImageBytes: 10 * 1024 * 1024,
  /** Ours: the smallest image a vendor can read a document from; anything smaller is not a photo of one. */
  minImageBytes: 1_024,
  /** How long a recipient waits for the vendor's answer before the page offers to try again. */
  checkTimeoutSeconds: 120,
} as const;

/** The image types the vendor reads; the server judges the bytes, not the header. */
export const idScanImageTypes = ['image/jpeg', 'image/png'] as const;
export type IdScanImageType = (typeof idScanImageTypes)[number];

/** The images a scan holds: each side of the document, and the live face capture (type 6). */
export const idScanImageKinds = ['document-front', 'document-back', 'face'] as const;
export type IdScanImageKind = (typeof idScanImageKinds)[number];

export const idScanStatuses = ['collecting', 'checking', 'passed', 'failed', 'removed'] as const;
export type IdScanStatus = (typeof idScanStatuses)[number];

/** Why a scan failed: the catalogue's scan errors (SPEC section 8), each with its message and a retry. */
export const idScanFailureCodes = [
  'SCAN_UNREADABLE',
  'SCAN_EXPIRED',
  'SCAN_WRONG_TYPE',
  'SCAN_MATCH_FAILED',
  'SCAN_LIVENESS_FAILED',
  'SCAN_FAILED',
] as const;
export type IdScanFailureCode = (typeof idScanFailureCodes)[number];

export const ZIdScanId = z.string().regex(/^ids_[A-Za-z0-9_-]{16,40}$/);
export type IdScanId = z.infer<typeof ZIdScanId>;

/** What the scan found, kept as evidence (issue 27, part 4): never the full number, never the images. */
export const ZIdScanEvidence = z.object({
  DocumentType: z.enum(idDocumentTypes),
  /** ISO 3166-1 alpha-3, as the machine-readable zone writes it. */
  IssuingCountry: z.string(),
  /** The document number's last four characters. */
  NumberLast4: z.string(),
  /** YYYY-MM-DD. */
  ExpiryDate: z.string(),
  NameRead: z.string(),
  /** The name read agrees with the party's (diacritics and order aside); a mismatch is shown to the sender. */
  NameMatches: z.boolean(),
  /** Type 6 only: the live capture is of a live person, and the same person as the document's photo. */
  LiveCheck: z.enum(['passed', 'not-run']),
  FaceMatch: z.enum(['passed', 'not-run']),
  VendorCheckId: z.string(),
});
export type IdScanEvidence = z.infer<typeof ZIdScanEvidence>;

export const ZIdScanState = z.object({
  IdScanId: ZIdScanId,
  SignatureIndex: ZSignatureIndex,
  Status: z.enum(idScanStatuses),
  DocumentType: z.enum(idDocumentTypes).nullable(),
  /** Which images the server holds for the check. */
  Received: z.object({ Front: z.boolean(), Back: z.boolean(), Face: z.boolean() }),
  /** Type 6: a live face capture is part of the scan. */
  NeedsFace: z.boolean(),
  /** Failed: why, as a catalogue code. */
  ErrorCode: z.enum(idScanFailureCodes).nullable(),
  /** Passed: what was read. */
  Evidence: ZIdScanEvidence.nullable(),
});
export type IdScanState = z.infer<typeof ZIdScanState>;

export const ZStartIdScanRequest = z.object({
  RequestToken: ZRequestToken,
  SignatureIndex: ZSignatureIndex,
  /** Consent to biometric processing (SPEC section 5): without it there is no scan. */
  BiometricConsent: z.literal(true),
  /** The consent text's version the recipient saw: `idScanConsentVersion`. */
  ConsentTextVersion: z.string().min(1).max(40),
});
export type StartIdScanRequest = z.input<typeof ZStartIdScanRequest>;

export const ZIdScanImageQuery = z.object({
  RequestToken: ZRequestToken,
  IdScanId: ZIdScanId,
});
export type IdScanImageQuery = z.input<typeof ZIdScanImageQuery>;

export const ZIdScanDocumentImageQuery = ZIdScanImageQuery.extend({
  DocumentType: z.enum(offeredIdDocumentTypes),
  Side: z.enum(idScanSides),
});
export type IdScanDocumentImageQuery = z.input<typeof ZIdScanDocumentImageQuery>;

/** The image's bytes, the raw body; the server judges them (UPLOAD_WRONG_TYPE, FILE_TOO_LARGE), not the schema. */
export const ZIdScanImageBody = z.custom<Uint8Array>();
export type IdScanImageBody = z.infer<typeof ZIdScanImageBody>;

export const ZIdScanRequest = z.object({ RequestToken: ZRequestToken, IdScanId: ZIdScanId });
export type IdScanRequest = z.input<typeof ZIdScanRequest>;

export const ZIdScanParams = ZLinkIdParams.extend({ scanId: ZIdScanId });
export type IdScanParams = z.infer<typeof ZIdScanParams>;
export const ZIdScanStateQuery = z.object({ RequestToken: ZRequestToken });
export type IdScanStateQuery = z.input<typeof ZIdScanStateQuery>;

/** Type 6: the live check is the signature; the slot's field values go with it. */
export const ZSignIdLiveRequest = z.object({
  RequestToken: ZRequestToken,
  SignatureIndex: ZSignatureIndex,
  IdScanId: ZIdScanId,
  AllowServerSubmit: z.boolean().default(false),
  TimeZoneOffsetMinutes: ZTimeZoneOffsetMinutes.default(0),
  FormValues: ZSlotFormValues.default({}),
});
export type SignIdLiveRequest = z.input<typeof ZSignIdLiveRequest>;

/** Type 5: an ink signature (drawn or typed, as `sign/ink`) beside a passed ID scan. */
export const ZSignInkWithIdRequest = ZSignInkRequest.and(z.object({ IdScanId: ZIdScanId }));
export type SignInkWithIdRequest = z.input<typeof ZSignInkWithIdRequest>;

/** The vendor's webhook, read as raw bytes: its signature is over them. */
export const ZIdScanWebhookBody = z.custom<Uint8Array>();
export type IdScanWebhookBody = z.infer<typeof ZIdScanWebhookBody>;
export const ZIdScanWebhookResponse = z.object({ received: z.literal(true) });
export type IdScanWebhookResponse = z.infer<typeof ZIdScanWebhookResponse>;
