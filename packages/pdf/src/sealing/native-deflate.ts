import { deflateSync } from 'node:zlib';
import { type PDFContext, PDFFlateStream, PDFName, type PDFRef } from '@cantoo/pdf-lib';

const flateDecode = PDFName.of('FlateDecode');
const filter = PDFName.of('Filter');
const deflated = new WeakSet<PDFFlateStream>();

/**
 * The content streams pdf-lib made (drawn stamps, audit trail pages) compressed with Node's zlib before a save:
 * pdf-lib compresses them with fflate, in JavaScript, which is most of the cost of writing a text-heavy page.
 * Same format and level; `include` limits it to the objects a save will write.
 */
export function deflateNatively(context: PDFContext, include: (ref: PDFRef) => boolean = () => true): void {
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFFlateStream) || deflated.has(object) || !include(ref)) continue;
    // A stream pdf-lib compresses carries /Filter /FlateDecode from its making; one it writes as it is does not.
    if (object.dict.get(filter) !== flateDecode) continue;
    object.updateContents(deflateSync(object.getUnencodedContents()));
    deflated.add(object);
  }
}
