import { X509Certificate } from 'node:crypto';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef } from '@cantoo/pdf-lib';
import { findSignatures, signedRevisionEnd } from './find-signatures.ts';
import { saveIncrementally } from './incremental-update.ts';

/**
 * Incremental updates written after a sealed file, as someone changing it after the seal would write them: with
 * pdf-lib, each one a revision of its own with the file's kind of cross-reference section, the sealed bytes kept.
 */
export async function appendUpdate(sealed: Uint8Array, change: (doc: PDFDocument) => PDFRef[]): Promise<Uint8Array> {
  const doc = await PDFDocument.load(sealed, { updateMetadata: false });
  const updated = await saveIncrementally(doc, sealed, () => change(doc));
  if (Buffer.compare(Buffer.from(updated.subarray(0, sealed.byteLength)), Buffer.from(sealed)) !== 0) {
    throw new Error('the update rewrote the sealed bytes');
  }
  return updated;
}

export const rootOf = (doc: PDFDocument) => doc.context.trailerInfo.Root as PDFRef;

/** A /DSS in the catalog holding these certificates, as a long-term validation update writes it. */
export function addDss(doc: PDFDocument, certificatePems: string[]): PDFRef[] {
  const { context } = doc;
  const certs = certificatePems.map((pem) => context.register(context.flateStream(new X509Certificate(pem).raw)));
  doc.catalog.set(PDFName.of('DSS'), context.register(context.obj({ Type: 'DSS', Certs: certs })));
  return [rootOf(doc)];
}

/** The first page's first content stream: what the page draws. */
export function firstContentStreamOf(doc: PDFDocument): PDFRef {
  const contents = doc.getPage(0).node.get(PDFName.of('Contents'));
  const first = contents instanceof PDFArray ? contents.get(0) : contents;
  if (!(first instanceof PDFRef)) throw new Error('no content stream reference');
  return first;
}

/** The first page's resource dictionary and the object to write again when it changes (itself or the page). */
export function resourcesOf(doc: PDFDocument): { resources: PDFDict; holder: PDFRef } {
  const page = doc.getPage(0);
  const value = page.node.get(PDFName.of('Resources'));
  if (value instanceof PDFRef) return { resources: doc.context.lookup(value, PDFDict), holder: value };
  return { resources: page.node.Resources() as PDFDict, holder: page.ref };
}

/** The file as its text, for appending a hand-written revision; latin1 keeps one character per byte. */
export const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
export const bytesOf = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));

/** Where the first signature's signed revision ends, and the `startxref` it names. */
export function signedRevisionOf(bytes: Uint8Array) {
  const [signature] = findSignatures(bytes);
  if (!signature) throw new Error('not signed');
  const end = signedRevisionEnd(signature);
  const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(latin1(bytes.subarray(0, end)))?.[1]);
  return { end, startxref };
}

/**
 * A revision of nothing but a classic cross-reference section that moves `ref` to `offset`, where the bytes
 * before hold some other object: no object is appended, yet a reader shows something else there.
 */
export async function appendXrefRedirect(base: Uint8Array, ref: PDFRef, offset: number): Promise<Uint8Array> {
  const doc = await PDFDocument.load(base, { updateMetadata: false });
  const prev = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(latin1(base.subarray(base.byteLength - 1024)))?.[1];
  const entry = `${String(offset).padStart(10, '0')} ${String(ref.generationNumber).padStart(5, '0')} n\r\n`;
  const trailer = `<< /Size ${doc.context.largestObjectNumber + 1} /Root ${rootOf(doc)} /Prev ${prev} >>`;
  const section = `xref\n${ref.objectNumber} 1\n${entry}trailer\n${trailer}\nstartxref\n${base.byteLength}\n%%EOF\n`;
  return new Uint8Array([...base, ...bytesOf(section)]);
}
