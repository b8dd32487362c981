import { createHash } from 'node:crypto';
import type { VerificationVerdict } from '@signlink/contracts/documents/verification';
import type * as pkijs from 'pkijs';
import { isPdf } from '../detect-pdf.ts';
import { type FoundSignature, findSignatures, signedRevisionEnd } from './find-signatures.ts';
import { addsValidationDataOnly } from './validation-update.ts';
import { type CmsCheck, checkCms, checkDocumentTimestamp, parseCertificatePem } from './verify-cms.ts';

/**
 * The verifier of issue 7, part 6: every signature's byte range and CMS, the chain to our CA (and any configured
 * trust list), the timestamp, and whether anything but validation data was appended after the seal, summed up as
 * one verdict.
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
  /** Hex SHA-256 of the file up to the end of the seal's range: the sealed file, when only appended to. */
  signedRevisionSha256: string | null;
  /** Bytes after the seal that are not validation data (DSS) or document timestamps: a change after signing. */
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
  const signedEnd = signedRevisionEndOf(signatures);
  const modifiedAfterSigning = signedEnd !== null && !(await addsValidationDataOnly(pdf, signedEnd));
  return {
    verdict: verdictOf(signatures, modifiedAfterSigning),
    signatures,
    sha256: sha256Hex(pdf),
    signedRevisionSha256: signedEnd === null ? null : sha256Hex(pdf.subarray(0, signedEnd)),
    modifiedAfterSigning,
  };
}

/**
 * Where the revision ends that the verdict speaks of: our seal's (the last one, should there be two), else the last
 * intact signature's. Never a document timestamp's or another signature's after the seal: each covers whatever
 * was appended before it, so counting from there would let anyone change the file and then stamp or sign it.
 */
function signedRevisionEndOf(signatures: SignatureReport[]): number | null {
  const intact = signatures.filter((signature) => signature.intact);
  const sealed = intact.filter(isSeal);
  const signed = intact.filter((signature) => signature.kind === 'signature');
  const reference = [sealed, signed, intact].find((candidates) => candidates.length > 0);
  if (!reference) return null;
  return Math.max(...reference.map((signature) => signature.byteRange[2] + signature.byteRange[3]));
}

const isSeal = (signature: SignatureReport) =>
  signature.kind === 'signature' && signature.trusted && Boolean(signature.timestamp?.valid);

const unchecked = { intact: false, trusted: false, signer: null, claimedSigningTime: null, timestamp: null } as const;

async function reportOf(
  signature: FoundSignature,
  fileLength: number,
  anchors: pkijs.Certificate[],
): Promise<SignatureReport> {
  const kind: SignatureReport['kind'] = signature.subFilter === 'ETSI.RFC3161' ? 'document-timestamp' : 'signature';
  const base = { byteRange: signature.byteRange, kind, coversWholeFile: signedRevisionEnd(signature) === fileLength };
  if (!signature.contents || !signature.signedBytes) {
    return { ...base, ...unchecked, problem: 'byte range does not fit the file' };
  }
  const { contents, signedBytes } = signature;
  try {
    const check =
      kind === 'document-timestamp'
        ? await checkDocumentTimestamp(contents, signedBytes, anchors)
        : await checkCms(contents, signedBytes, anchors);
    return { ...base, ...check };
  } catch (error) {
    // A CMS that pkijs cannot take apart proves nothing: the file gets "broken", never an error instead of a verdict.
    return { ...base, ...unchecked, problem: `signature could not be checked: ${(error as Error).message}` };
  }
}

function verdictOf(signatures: SignatureReport[], modifiedAfterSigning: boolean): VerificationVerdict {
  if (signatures.some((signature) => !signature.intact)) return 'broken';
  if (signatures.length === 0) return 'not-sealed-by-us';
  if (modifiedAfterSigning) return 'modified';
  return signatures.some(isSeal) ? 'valid' : 'not-sealed-by-us';
}

function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
