import { type ActiveContentKind, activeContentKinds } from '@signlink/contracts/documents/active-content';
import { removeActiveContent } from './active-content.ts';
import { inspectPdf, loadUntrusted, type PdfInspection } from './inspect-pdf.ts';
import { type PdfLimits, PdfRejectedError } from './pdf-limits.ts';

export interface SanitizedPdf {
  /**
   * The file of record. When nothing had to be removed, these ARE the uploaded bytes, byte for byte (the same
   * SHA-256 the sender can compute). When active content was removed, the cleaned file is the original of
   * record: the parties see, sign and verify exactly what is stored, never the script or attachment the upload
   * carried, and `removed` says what went so the sender is told.
   */
  bytes: Uint8Array;
  isUploadedBytes: boolean;
  removed: ActiveContentKind[];
  /** Of `bytes`. */
  inspection: PdfInspection;
}

const isActive = (finding: string): finding is ActiveContentKind =>
  (activeContentKinds as readonly string[]).includes(finding);

/**
 * Upload's check (issue 6, part 1): refuses what `inspectPdf` refuses and encrypted files (password or
 * restrictions), then removes active content (scripts, every action but in-document navigation, XFA, media,
 * embedded files) and proves the result clean by inspecting it again; content that survives removal refuses
 * the file.
 */
export async function sanitizePdf(bytes: Uint8Array, limits: PdfLimits): Promise<SanitizedPdf> {
  const inspection = await inspectPdf(bytes, limits);
  if (inspection.findings.includes('password-protected')) throw new PdfRejectedError('password-protected');
  if (inspection.findings.includes('restricted')) throw new PdfRejectedError('restricted');
  const active = inspection.findings.filter(isActive);
  if (active.length === 0) return { bytes, isUploadedBytes: true, removed: [], inspection };

  const doc = await loadUntrusted(bytes);
  const removed = new Set([...active, ...removeActiveContent(doc)]);
  // Field appearances are left as the file has them: only the active content changes.
  const cleaned = await doc.save({ updateFieldAppearances: false, addDefaultPage: false });
  const after = await inspectPdf(cleaned, limits);
  if (after.findings.some(isActive) || after.pageCount !== inspection.pageCount) {
    throw new PdfRejectedError('active-content');
  }
  return {
    bytes: cleaned,
    isUploadedBytes: false,
    removed: activeContentKinds.filter((kind) => removed.has(kind)),
    inspection: after,
  };
}
