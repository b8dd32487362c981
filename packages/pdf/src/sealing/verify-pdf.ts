import { createHash } from 'node:crypto';
import type { VerificationVerdict } from '@signlink/contracts/documents/verification';
import type * as pkijs from 'pkijs';
import { isPdf } from '../detect-pdf.ts';
import { type FoundSignature, findSignatures, signedRevisionEnd } from './find-signatures.ts';
import { addsValidationDataOnly } from './validation-update.ts';
import { type CmsCheck, checkCms, checkDocumentTimestamp, parseCertificatePem } from './verify-cms.ts';

/**
 * The verifier of issue 7, part 6: every signature's byte range and CMS, the chain to our CA (and any configured
 * trust list), the timestamp, and whether anything but validation data was appended after the last signature,
 * summed up as one verdict.
 */

export interface SignatureReport extends CmsCheck {
  byteRange: [number, number, number, number];
  kind: 'signature' | 'document-timestamp';
  /** The signature covers the whole file as it is now. */
  coversWholeFile: boolean;
}

export interface PdfVerification {
  verdict: VerificationVerdict;
  signatures: SignatureReport[];
  /** Hex SHA-256 of the whole file. */
  sha256: string;
  /** Hex SHA-256 of the file up to the end of the last intact signature's range: the sealed file, when only appended to. */
  signedRevisionSha256: string | null;
  /** Bytes after the last signature that are not validation data (DSS) or document timestamps: a change. */
  modifiedAfterSigning: boolean;
}

export interface VerifyOptions {
  /** PEM certificates we trust: our CA, the TSA's root, any configured trust list. */
  trustAnchorsPem: readonly string[];
}

export async function verifyPdf(pdf: Uint8Array, options: VerifyOptions): Promise<PdfVerification> {
  // Callers check the type first (the catalogue's error); this keeps a non-PDF from being called "broken".
  if (!isPdf(pdf)) throw new Error('not a PDF');
  const anchors = options.trustAnchorsPem.flatMap((pem) => parseCertificatePem(pem));
  const found = findSignatures(pdf);
  const signatures: SignatureReport[] = [];
  for (const signature of found) signatures.push(await reportOf(signature, pdf.byteLength, anchors));
  const intact = signatures.filter((signature) => signature.intact);
  const lastEnd = Math.max(0, ...intact.map((signature) => signature.byteRange[2] + signature.byteRange[3]));
  const modifiedAfterSigning = intact.length > 0 && !(await addsValidationDataOnly(pdf, lastEnd));
  return {
    verdict: verdictOf(signatures, modifiedAfterSigning),
    signatures,
    sha256: sha256Hex(pdf),
    signedRevisionSha256: intact.length > 0 ? sha256Hex(pdf.subarray(0, lastEnd)) : null,
    modifiedAfterSigning,
  };
}

async function reportOf(
  signature: FoundSignature,
  fileLength: number,
  anchors: pkijs.Certificate[],
): Promise<SignatureReport> {
  const kind = signature.subFilter === 'ETSI.RFC3161' ? 'document-timestamp' : 'signature';
  const base = { byteRange: signature.byteRange, kind, coversWholeFile: signedRevisionEnd(signature) === fileLength };
  if (!signature.contents || !signature.signedBytes) {
    return {
      ...base,
      intact: false,
      trusted: false,
      signer: null,
      claimedSigningTime: null,
      timestamp: null,
      problem: 'byte range does not fit the file',
    } as SignatureReport;
  }
  const check =
    kind === 'document-timestamp'
      ? await checkDocumentTimestamp(signature.contents, signature.signedBytes, anchors)
      : await checkCms(signature.contents, signature.signedBytes, anchors);
  return { ...base, ...check } as SignatureReport;
}

function verdictOf(signatures: SignatureReport[], modifiedAfterSigning: boolean): VerificationVerdict {
  if (signatures.some((signature) => !signature.intact)) return 'broken';
  if (signatures.length === 0) return 'not-sealed-by-us';
  if (modifiedAfterSigning) return 'modified';
  const sealedByUs = signatures.some(
    (signature) => signature.kind === 'signature' && signature.trusted && signature.timestamp?.valid,
  );
  return sealedByUs ? 'valid' : 'not-sealed-by-us';
}

function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
