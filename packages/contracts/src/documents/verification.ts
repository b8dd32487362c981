import { z } from 'zod';
import { currencies } from '../constants.ts';
import { signatureTypes } from './document-model.ts';
import { ZPartyIdDocument } from './party-id-document.ts';

/**
 * Issue 7, part 6: what the verifier says of a PDF anyone uploads on /verify. The verdict is one of four; the
 * document is ours only when its bytes (or its signed revision's, if something was appended) match a seal we made.
 */
export const verificationVerdicts = ['valid', 'modified', 'not-sealed-by-us', 'broken'] as const;
export type VerificationVerdict = (typeof verificationVerdicts)[number];

export const ZVerifiedSignature = z.object({
  Kind: z.enum(['signature', 'document-timestamp']),
  /** The certificate's common name and organisation, e.g. "Signlink Seal", "Signlink AB". */
  SignerName: z.string().nullable(),
  SignerOrganization: z.string().nullable(),
  /** The signature matches the bytes it covers. */
  Intact: z.boolean(),
  /** The signer's certificate chains to our CA or a configured trust anchor. */
  Trusted: z.boolean(),
  /** The time the TSA proved (ISO 8601, UTC), or null without a valid timestamp. */
  TimestampedAt: z.string().nullable(),
  TimestampAuthority: z.string().nullable(),
  TimestampTrusted: z.boolean(),
  CoversWholeFile: z.boolean(),
});
export type VerifiedSignature = z.infer<typeof ZVerifiedSignature>;

export const ZVerifiedDocument = z.object({
  Id: z.string(),
  Name: z.string(),
  SealedAt: z.string().nullable(),
  /** The file is the sealed file itself (not a later revision of it). */
  IsSealedFile: z.boolean(),
  Parties: z.array(
    z.object({
      Name: z.string(),
      SignatureType: z.enum(signatureTypes),
      SignedAt: z.string().nullable(),
      /** Types 5 and 6: the document the signer showed, as the sealed file's audit trail prints it. */
      IdDocument: ZPartyIdDocument.nullable(),
    }),
  ),
});
export type VerifiedDocument = z.infer<typeof ZVerifiedDocument>;

/**
 * The uploaded file is a Sign & Pay payment record we sealed (README "Sign & Pay records"): which payment, for which
 * document, and the sealed document's SHA-256 the record names. Amounts in minor units.
 */
export const ZVerifiedPaymentRecord = z.object({
  PaymentId: z.string(),
  DocumentId: z.string(),
  DocumentName: z.string(),
  DocumentSealedSha256: z.string().nullable(),
  Total: z.number().int().nonnegative(),
  Currency: z.enum(currencies),
  PaidAt: z.string().nullable(),
  RecordSealedAt: z.string().nullable(),
});
export type VerifiedPaymentRecord = z.infer<typeof ZVerifiedPaymentRecord>;

/** One payment record of the uploaded sealed document: each is a sealed PDF of its own, found by its SHA-256. */
export const ZPaymentRecordSummary = z.object({
  PaymentId: z.string(),
  Total: z.number().int().nonnegative(),
  Currency: z.enum(currencies),
  PaidAt: z.string().nullable(),
  RecordSha256: z.string(),
});
export type PaymentRecordSummary = z.infer<typeof ZPaymentRecordSummary>;

export const ZVerificationResult = z
  .object({
    Verdict: z.enum(verificationVerdicts),
    Sha256: z.string(),
    Signatures: z.array(ZVerifiedSignature),
    Document: ZVerifiedDocument.nullable(),
    /** Present when the file is a payment record we sealed. */
    PaymentRecord: ZVerifiedPaymentRecord.optional(),
    /** Present when the file is a sealed document with payment records. */
    PaymentRecords: z.array(ZPaymentRecordSummary).optional(),
  })
  .meta({ id: 'VerificationResult' });
export type VerificationResult = z.infer<typeof ZVerificationResult>;
