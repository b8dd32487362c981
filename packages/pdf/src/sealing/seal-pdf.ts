import { createHash } from 'node:crypto';
import { P12Signer, PDF, type TimestampAuthority } from '@libpdf/core';
import * as pkijs from 'pkijs';

/**
 * The service's seal (issue 7, part 3): one PAdES signature over the final file, ETSI.CAdES.detached with
 * SHA-256 and the ESS signing-certificate-v2 attribute (@libpdf/core writes both), at level B-T with an RFC 3161
 * timestamp, or B-LT when the seal certificate says where its revocation data lives.
 */
export interface SealKey {
  p12: Uint8Array;
  password: string;
}

export interface SealOptions {
  key: SealKey;
  timestampAuthority: TimestampAuthority;
  reason: string;
  location?: string;
  contactInfo?: string;
  signingTime?: Date;
}

export interface SealResult {
  bytes: Uint8Array;
  sha256: string;
  level: 'B-T' | 'B-LT';
  warnings: string[];
}

// A worker thread seals many documents with one key: decrypting the PKCS#12 once is enough.
const signers = new Map<string, Promise<P12Signer>>();

function signerFor(key: SealKey): Promise<P12Signer> {
  const id = createHash('sha256').update(key.p12).update(key.password).digest('hex');
  let signer = signers.get(id);
  if (!signer) {
    signer = P12Signer.create(key.p12, key.password);
    signer.catch(() => signers.delete(id));
    signers.set(id, signer);
  }
  return signer;
}

export async function sealPdf(pdfBytes: Uint8Array, options: SealOptions): Promise<SealResult> {
  const signer = await signerFor(options.key);
  const level = publishesRevocationData(signer.certificate) ? 'B-LT' : 'B-T';
  const pdf = await PDF.load(pdfBytes);
  const { bytes, warnings } = await pdf.sign({
    signer,
    level,
    timestampAuthority: options.timestampAuthority,
    subFilter: 'ETSI.CAdES.detached',
    digestAlgorithm: 'SHA-256',
    reason: options.reason,
    location: options.location,
    contactInfo: options.contactInfo,
    signingTime: options.signingTime,
    fieldName: 'Signlink seal',
    // Certificates (seal + chain) and the TSA's token with its own chain: 12 KB is tight for 4096-bit keys.
    estimatedSize: 24_576,
  });
  return {
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    level,
    warnings: warnings.map((warning) => `${warning.code}: ${warning.message}`),
  };
}

const authorityInfoAccess = '1.3.6.1.5.5.7.1.1';
const crlDistributionPoints = '2.5.29.31';

/** B-LT needs OCSP or CRL data; a certificate naming neither (our local CA's) gets B-T, not a failed fetch. */
function publishesRevocationData(certificateDer: Uint8Array): boolean {
  const certificate = pkijs.Certificate.fromBER(Uint8Array.from(certificateDer));
  return (certificate.extensions ?? []).some(
    (extension) => extension.extnID === authorityInfoAccess || extension.extnID === crlDistributionPoints,
  );
}
