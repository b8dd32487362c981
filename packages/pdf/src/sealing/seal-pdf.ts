import { createHash } from 'node:crypto';
import type { PDFDocument } from '@cantoo/pdf-lib';
import { PDF, type TimestampAuthority } from '@libpdf/core';
import { loadUntrusted } from '../inspect-pdf.ts';
import { buildSealCms } from './cms-signature.ts';
import { saveIncrementally } from './incremental-update.ts';
import { RequiredRevocationData } from './revocation.ts';
import { type SealKey, type SealKeyMaterial, sealKeyMaterial } from './seal-key.ts';
import { addSignatureField, writeByteRange, writeContents } from './signature-field.ts';

export type { SealKey } from './seal-key.ts';

/**
 * The service's seal (issue 7, part 3): one PAdES signature over the final file, ETSI.CAdES.detached with
 * SHA-256 and the ESS signing-certificate-v2 attribute, at level B-T with an RFC 3161 timestamp, or B-LT when the
 * seal certificate says where its revocation data lives.
 *
 * B-T is our own incremental update (signature-field.ts, cms-signature.ts) written from the pdf-lib document
 * sealing already holds: @libpdf/core would parse the whole file again, and after signing read and write it once
 * more. B-LT (fetching and embedding OCSP/CRL data) stays with @libpdf/core, as do keys our writer does not sign
 * with (RSA-PSS, EdDSA) and encrypted files.
 *
 * B-LT: the signature revision, then a second incremental update with a /DSS (catalog) holding the seal's and the
 * TSA's certificates, the OCSP responses and CRLs fetched after signing, and a /VRI entry for the signature. A
 * certificate whose named status servers do not answer fails the seal (RevocationUnavailableError, which the seal job
 * retries) rather than passing a B-T seal off as B-LT: see revocation.ts.
 */
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

const fieldName = 'Signlink seal';
// Certificates (seal + chain) and the TSA's token with its own chain: 12 KB is tight for 4096-bit keys.
const contentsBytes = 24_576;

/** Seals a file as it is. */
export async function sealPdf(pdfBytes: Uint8Array, options: SealOptions): Promise<SealResult> {
  const key = await sealKeyMaterial(options.key);
  if (needsLibpdf(key)) return sealWithLibpdf(pdfBytes, key, options);
  const doc = await loadUntrusted(pdfBytes, { ignoreEncryption: true });
  if (doc.isEncrypted) return sealWithLibpdf(pdfBytes, key, options);
  return sealWithOwnWriter(doc, pdfBytes, key, options);
}

/** Seals `doc`, whose last save (or incremental update) wrote `saved`: sealing's way, without parsing it again. */
export async function sealSavedDocument(
  doc: PDFDocument,
  saved: Uint8Array,
  options: SealOptions,
): Promise<SealResult> {
  const key = await sealKeyMaterial(options.key);
  if (needsLibpdf(key) || doc.context.trailerInfo.Encrypt) return sealWithLibpdf(saved, key, options);
  return sealWithOwnWriter(doc, saved, key, options);
}

const needsLibpdf = (key: SealKeyMaterial) => key.publishesRevocationData || !key.signatureAlgorithmDer;

async function sealWithOwnWriter(
  doc: PDFDocument,
  saved: Uint8Array,
  key: SealKeyMaterial,
  options: SealOptions,
): Promise<SealResult> {
  const file = await saveIncrementally(doc, saved, () =>
    addSignatureField(doc, {
      fieldName,
      reason: options.reason,
      ...(options.location ? { location: options.location } : {}),
      ...(options.contactInfo ? { contactInfo: options.contactInfo } : {}),
      signingTime: options.signingTime ?? new Date(),
      contentsBytes,
    }),
  );
  const placeholders = writeByteRange(file, saved.byteLength);
  const [, beforeContents, afterContents] = placeholders.byteRange;
  const digest = createHash('sha256')
    .update(file.subarray(0, beforeContents))
    .update(file.subarray(afterContents))
    .digest();
  const cms = await buildSealCms({ digest, key, timestampAuthority: options.timestampAuthority });
  writeContents(file, placeholders, cms);
  return { bytes: file, sha256: createHash('sha256').update(file).digest('hex'), level: 'B-T', warnings: [] };
}

async function sealWithLibpdf(pdfBytes: Uint8Array, key: SealKeyMaterial, options: SealOptions): Promise<SealResult> {
  const level = key.publishesRevocationData ? 'B-LT' : 'B-T';
  const revocation = new RequiredRevocationData();
  const pdf = await PDF.load(pdfBytes);
  const { bytes, warnings } = await pdf.sign({
    signer: key.signer,
    level,
    revocationProvider: revocation,
    timestampAuthority: options.timestampAuthority,
    subFilter: 'ETSI.CAdES.detached',
    digestAlgorithm: 'SHA-256',
    reason: options.reason,
    location: options.location,
    contactInfo: options.contactInfo,
    signingTime: options.signingTime,
    fieldName,
    estimatedSize: contentsBytes,
  });
  revocation.assertComplete();
  return {
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    level,
    warnings: warnings.map((warning) => `${warning.code}: ${warning.message}`),
  };
}
