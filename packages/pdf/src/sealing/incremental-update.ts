import { type PDFDocument, PDFPageTree, type PDFRef, PDFStreamWriter, PDFWriter } from '@cantoo/pdf-lib';
import { deflateNatively } from './native-deflate.ts';

const startxrefPattern = /startxref\s+(\d+)\s+%%EOF/g;

/**
 * `addPages` run on `doc`, whose last save wrote `saved` (with the document's own object numbers), and the result
 * written as an incremental update after those bytes. Sealing draws the audit trail onto the stamped document this
 * way instead of loading the stamped bytes again and writing all of it a second time; the stamped file stays a
 * byte-exact prefix of the sealed one.
 *
 * Only for drawing new pages: what adding pages changes in the existing document, the page tree's nodes, is
 * marked for the update here.
 */
export function saveWithNewPages(
  doc: PDFDocument,
  saved: Uint8Array,
  addPages: () => void | Promise<void>,
): Promise<Uint8Array> {
  return saveIncrementally(doc, saved, async () => {
    await addPages();
    return doc.context
      .enumerateIndirectObjects()
      .filter(([, object]) => object instanceof PDFPageTree)
      .map(([ref]) => ref);
  });
}

/**
 * `change` run on `doc`, whose last save (or load) was `saved`, written as an incremental update after those
 * bytes: the objects `change` creates, and the existing ones whose references it answers. pdf-lib's own change
 * tracking scans every object of the document for each change to a direct object (tens of milliseconds for a long
 * document), so it is off while `change` runs, which must name what it changed.
 */
export async function saveIncrementally(
  doc: PDFDocument,
  saved: Uint8Array,
  change: () => Iterable<PDFRef> | Promise<Iterable<PDFRef>>,
): Promise<Uint8Array> {
  const { context } = doc;
  const { prevStartXRef, size, usesXrefStream } = trailerOf(saved);
  const details = context.pdfFileDetails;
  details.originalBytes = saved;
  details.pdfSize = saved.byteLength;
  details.prevStartXRef = prevStartXRef;
  // The save numbered its object streams and cross-reference stream after the document's objects and then forgot
  // them: new objects must come after those.
  context.largestObjectNumber = Math.max(context.largestObjectNumber, size - 1);

  context.snapshot = undefined;
  const snapshot = doc.takeSnapshot();
  // Tracking stays off to the end: the writer asks `snapshot` what to write, not the context.
  context.snapshot = undefined;
  snapshot.markRefsForSave([...(await change())]);
  await doc.flush();
  deflateNatively(context, (ref) => snapshot.shouldSave(ref.objectNumber));
  // The same kind of cross-reference section as the file's last one; never yielding, as a worker thread needn't.
  // An update's object and cross-reference streams are small: left uncompressed, they spare fflate's setup.
  const writer = usesXrefStream
    ? PDFStreamWriter.forContextWithSnapshot(context, Number.POSITIVE_INFINITY, snapshot, false)
    : PDFWriter.forContextWithSnapshot(context, Number.POSITIVE_INFINITY, snapshot);
  const update = await writer.serializeToBuffer();
  const result = new Uint8Array(saved.byteLength + update.byteLength);
  result.set(saved);
  result.set(update, saved.byteLength);
  return result;
}

/** The last cross-reference section's offset and the document's /Size, from the end of the file. */
function trailerOf(saved: Uint8Array): { prevStartXRef: number; size: number; usesXrefStream: boolean } {
  const text = (from: number, to: number) =>
    Buffer.from(saved.buffer, saved.byteOffset, saved.byteLength).toString('latin1', Math.max(0, from), to);
  // A file from elsewhere may have a few bytes after its %%EOF.
  const match = [...text(saved.byteLength - 1024, saved.byteLength).matchAll(startxrefPattern)].at(-1);
  if (!match) throw new Error('The saved PDF does not end with startxref');
  const prevStartXRef = Number(match[1]);
  // The cross-reference stream's dictionary, or the classic trailer's, holds /Size.
  const section = text(prevStartXRef, saved.byteLength);
  const size = /\/Size\s+(\d+)/.exec(section);
  if (!size) throw new Error('The saved PDF has no /Size');
  return { prevStartXRef, size: Number(size[1]), usesXrefStream: !/^\s*xref/.test(section) };
}
