import { PDFDict, PDFDocument, PDFName, PDFNumber } from '@cantoo/pdf-lib';
import type { ActiveContentKind } from '@signlink/contracts/documents/active-content';
import { findActiveContent } from './active-content.ts';
import { detectPdfVersion } from './detect-pdf.ts';
import { type PageGeometry, type PdfFormFieldInfo, pageGeometryOf, readFormFields } from './page-geometry.ts';
import { type PdfLimits, PdfRejectedError } from './pdf-limits.ts';
import { scanPdfStructure } from './scan-pdf-structure.ts';

/** What upload found that it must refuse or remove (issue 6, part 1; SPEC section 5). */
export type PdfFinding = 'password-protected' | 'restricted' | ActiveContentKind;

export interface PdfInspection {
  pdfVersion: string;
  pageCount: number;
  /** Each page's shown size in points, after its /Rotate. */
  pages: { width: number; height: number }[];
  formFields: PdfFormFieldInfo[];
  findings: PdfFinding[];
  /** For an encrypted file: the permissions its /P denies (`print`, `modify`, `copy`, ...). */
  deniedPermissions: string[];
  objectCount: number;
}

/** /P bits (ISO 32000 table 22), 1-based as the standard numbers them. */
const permissionBits: Record<string, number> = {
  print: 3,
  modify: 4,
  copy: 5,
  annotate: 6,
  'fill-forms': 9,
  extract: 10,
  assemble: 11,
  'print-high-quality': 12,
};

/**
 * Reads an untrusted PDF within its bounds: refuses (PdfRejectedError) what is not a PDF, too large, damaged or
 * truncated, or beyond the page, object and stream bounds; reports encryption, restrictions and active content
 * as findings for the caller to refuse or remove. Run it off the main thread with a time limit: a hostile file
 * can still be slow to parse.
 */
export async function inspectPdf(bytes: Uint8Array, limits: PdfLimits): Promise<PdfInspection> {
  if (bytes.byteLength > limits.maxBytes) throw new PdfRejectedError('too-large');
  const pdfVersion = detectPdfVersion(bytes);
  if (!pdfVersion) throw new PdfRejectedError('not-a-pdf');
  if (!hasEndOfFileMarker(bytes)) throw new PdfRejectedError('damaged', 'no %%EOF: the file is truncated');
  const { objectCount } = await scanPdfStructure(bytes, limits);
  const doc = await loadUntrusted(bytes, { ignoreEncryption: true });

  const pageCount = readOrDamaged(() => doc.getPageCount());
  if (pageCount < 1) throw new PdfRejectedError('damaged', 'no pages');
  if (pageCount > limits.maxPages) throw new PdfRejectedError('too-many-pages');
  const geometries: PageGeometry[] = readOrDamaged(() => doc.getPages().map(pageGeometryOf));
  const pages = geometries.map(({ width, height }) => ({ width, height }));
  if (pages.some((page) => !(page.width > 0 && page.height > 0))) throw new PdfRejectedError('damaged', 'page size');

  const findings: PdfFinding[] = [];
  let deniedPermissions: string[] = [];
  if (doc.isEncrypted) {
    const encryption = await checkEncryption(bytes, doc);
    findings.push(encryption.finding);
    deniedPermissions = encryption.deniedPermissions;
  }
  findings.push(...findActiveContent(doc));
  const formFields = doc.isEncrypted ? [] : readOrDamaged(() => readFormFields(doc));
  return { pdfVersion, pageCount, pages, formFields, findings, deniedPermissions, objectCount };
}

/** pdf-lib recovers what it can from broken files; what it cannot parse at all is damaged, not a server error. */
export async function loadUntrusted(bytes: Uint8Array, options: { ignoreEncryption?: boolean } = {}) {
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false, ...options });
    if (!(doc.catalog instanceof PDFDict)) throw new Error('no catalog');
    return doc;
  } catch (error) {
    if (error instanceof PdfRejectedError) throw error;
    if (error instanceof Error && error.name === 'EncryptedPDFError') throw new PdfRejectedError('password-protected');
    throw new PdfRejectedError('damaged', (error as Error).message);
  }
}

function readOrDamaged<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw new PdfRejectedError('damaged', (error as Error).message);
  }
}

/**
 * A file that opens only with a password is password-protected. One that opens with the empty user password
 * (only an owner password set) is restricted: its /P denies what the sender or the seal would need, and even
 * with every permission granted it stays encrypted, which the seal would have to undo (SPEC section 5: "no
 * restrictions"), so it is refused the same way.
 */
async function checkEncryption(bytes: Uint8Array, doc: PDFDocument) {
  const encrypt = doc.context.lookupMaybe(doc.context.trailerInfo.Encrypt, PDFDict);
  const permissions = encrypt?.lookupMaybe(PDFName.of('P'), PDFNumber)?.asNumber() ?? 0;
  const deniedPermissions = Object.entries(permissionBits)
    .filter(([, bit]) => (permissions & (1 << (bit - 1))) === 0)
    .map(([permission]) => permission);
  try {
    await PDFDocument.load(bytes, { password: '', updateMetadata: false });
    return { finding: 'restricted' as const, deniedPermissions };
  } catch {
    return { finding: 'password-protected' as const, deniedPermissions };
  }
}

/** A complete file ends with `%%EOF` (possibly followed by a little whitespace or junk); a cut one does not. */
function hasEndOfFileMarker(bytes: Uint8Array): boolean {
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .subarray(Math.max(0, bytes.byteLength - 2048))
    .toString('latin1');
  return tail.includes('%%EOF');
}
