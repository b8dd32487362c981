import { deflateSync, constants as zlib } from 'node:zlib';
import { PDFArray, PDFDict, type PDFDocument, PDFHexString, PDFName, type PDFRef, PDFString } from '@cantoo/pdf-lib';
import type { SealAttachment } from './seal-input.ts';

/**
 * The recipients' PDF attachments (issue 8, part 8) embedded in the document as file attachments (the catalog's
 * `/EmbeddedFiles` name tree and `/AF`, PDF/A-3's associated files), before the audit trail and the seal, so the
 * seal covers them and each one's bytes stay exactly as attached: its SHA-256 in the audit trail can be checked
 * against the file a reader extracts. Written here rather than with pdf-lib's `attach()`, which compresses in
 * JavaScript and leaves a name tree with `/Kids` without the entry; uploads never carry a tree of their own (the
 * upload check removes embedded files), so this one is the document's.
 */
export function embedAttachments(doc: PDFDocument, attachments: SealAttachment[]): void {
  if (attachments.length === 0) return;
  const { context, catalog } = doc;
  const fileNames = new Set(attachments.map((attachment) => attachment.fileName.toLowerCase()));
  if (fileNames.size < attachments.length) throw new Error('attachments need unique file names');
  const entries = attachments.map((attachment) => {
    const { fileName } = attachment;
    const created = PDFString.fromDate(new Date(attachment.attachedAt));
    const stream = context.stream(deflateSync(attachment.bytes, { level: zlib.Z_BEST_SPEED }), {
      Type: 'EmbeddedFile',
      Subtype: 'application/pdf',
      Filter: 'FlateDecode',
      Params: { Size: attachment.bytes.byteLength, CreationDate: created, ModDate: created },
    });
    const streamRef = context.register(stream);
    const spec = context.register(
      context.obj({
        Type: 'Filespec',
        F: PDFString.of(asciiFallback(fileName)),
        UF: PDFHexString.fromText(fileName),
        Desc: PDFHexString.fromText(attachment.description),
        EF: { F: streamRef, UF: streamRef },
        AFRelationship: 'Supplement',
      }),
    );
    return { key: PDFHexString.fromText(fileName), sortKey: fileName, spec };
  });
  // A name tree's keys are in order (PDF 32000-1, 7.9.6); UTF-16 code units order as the keys' bytes do.
  entries.sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0));
  const names = context.obj(entries.flatMap((entry): (PDFHexString | PDFRef)[] => [entry.key, entry.spec]));
  let namesDict = catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
  if (!namesDict) {
    namesDict = context.obj({});
    catalog.set(PDFName.of('Names'), namesDict);
  }
  namesDict.set(PDFName.of('EmbeddedFiles'), context.register(context.obj({ Names: names })));
  const associated = catalog.lookupMaybe(PDFName.of('AF'), PDFArray) ?? context.obj([]);
  for (const entry of entries) associated.push(entry.spec);
  catalog.set(PDFName.of('AF'), associated);
  // Opened with the attachments panel showing, unless the sender's PDF chose how it opens.
  if (!catalog.has(PDFName.of('PageMode'))) catalog.set(PDFName.of('PageMode'), PDFName.of('UseAttachments'));
}

/**
 * The names attachments are embedded under, one per title in order: "Intyg.pdf", and "Intyg (2).pdf" for a second
 * of that title, since the tree's keys must differ (and readers save them side by side).
 */
export function attachmentFileNames(titles: string[]): string[] {
  const taken = new Set<string>();
  return titles.map((title) => {
    const base = title.trim() || 'attachment';
    let fileName = `${base}.pdf`;
    for (let n = 2; taken.has(fileName.toLowerCase()); n += 1) fileName = `${base} (${n}).pdf`;
    taken.add(fileName.toLowerCase());
    return fileName;
  });
}

/** `/F` is for readers that predate `/UF`: PDFDocEncoding's ASCII part, anything else as `_`. */
function asciiFallback(name: string): string {
  return name.replace(/[^\x20-\x7e]/g, '_').replace(/[()\\]/g, '_');
}
