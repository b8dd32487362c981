import { deflateSync, constants as zlib } from 'node:zlib';
import { type PDFContext, PDFFlateStream, PDFName, type PDFObject, type PDFRef } from '@cantoo/pdf-lib';

const flateDecode = PDFName.of('FlateDecode');
const filter = PDFName.of('Filter');
const deflated = new WeakSet<PDFFlateStream>();

/**
 * The content streams pdf-lib made (drawn stamps, audit trail pages) compressed with Node's zlib before a save:
 * pdf-lib compresses them with fflate, in JavaScript, which is most of the cost of writing a text-heavy page.
 * At zlib's fastest level: a page's operators come out a tenth larger than at the default level, three times
 * sooner. `include` limits it to the objects a save will write.
 */
export function deflateNatively(context: PDFContext, include: (ref: PDFRef) => boolean = () => true): void {
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFFlateStream) || deflated.has(object) || !include(ref)) continue;
    // A stream pdf-lib compresses carries /Filter /FlateDecode from its making; one it writes as it is does not.
    if (object.dict.get(filter) !== flateDecode) continue;
    object.updateContents(deflateSync(object.getUnencodedContents(), { level: zlib.Z_BEST_SPEED }));
    deflated.add(object);
  }
}

/** `copy`, a clone of `original` with the same operators, takes `original`'s compressed bytes as they are. */
export function reuseDeflated(original: PDFObject | undefined, copy: PDFObject | undefined): void {
  if (!(original instanceof PDFFlateStream) || !deflated.has(original) || !(copy instanceof PDFFlateStream)) return;
  if (copy.constructor !== original.constructor || copy.dict.get(filter) !== flateDecode) return;
  copy.updateContents(original.getContents());
  deflated.add(copy);
}
