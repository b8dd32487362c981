import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFObject, PDFRef } from '@cantoo/pdf-lib';
import { loadUntrusted } from './inspect-pdf.ts';

/**
 * The pages of several PDFs, in order, as one (issue 6: `POST linktinker/files/merge`). The inputs are files
 * upload already checked and cleaned. The AcroForm fields of each input come along: `copyPages` copies the
 * widgets with their parent fields, and the fields are listed in the merged file's AcroForm so viewers and the
 * editor still see them.
 */
export async function mergePdfs(files: Uint8Array[]): Promise<Uint8Array> {
  const { doc } = await mergeDocuments(files);
  return doc.save({ updateFieldAppearances: false });
}

/** `mergePdfs` without the save, for callers that go on working on the document (sealing), with each file's page count. */
export async function mergeDocuments(files: Uint8Array[]): Promise<{ doc: PDFDocument; pageCounts: number[] }> {
  const merged = await PDFDocument.create({ updateMetadata: false });
  const fieldRefs: PDFRef[] = [];
  const pageCounts: number[] = [];
  for (const bytes of files) {
    const source = await loadUntrusted(bytes);
    const pages = await merged.copyPages(source, source.getPageIndices());
    pageCounts.push(pages.length);
    for (const page of pages) {
      merged.addPage(page);
      fieldRefs.push(...topLevelFieldsOf(page.node));
    }
  }
  if (fieldRefs.length > 0) {
    const unique = [...new Set(fieldRefs)];
    const acroForm = merged.context.obj({ Fields: unique });
    merged.catalog.set(PDFName.of('AcroForm'), merged.context.register(acroForm));
  }
  return { doc: merged, pageCounts };
}

/** The top-level field of each widget on the page (the widget itself when it is its own field). */
function topLevelFieldsOf(pageNode: PDFDict): PDFRef[] {
  const annots = pageNode.lookupMaybe(PDFName.of('Annots'), PDFArray);
  if (!annots) return [];
  const refs: PDFRef[] = [];
  for (let i = 0; i < annots.size(); i++) {
    let ref: PDFObject | undefined = annots.get(i);
    let node: PDFDict | undefined = annots.lookupMaybe(i, PDFDict);
    if (node?.get(PDFName.of('Subtype')) !== PDFName.of('Widget')) continue;
    const seen = new Set<PDFDict>();
    while (node && !seen.has(node)) {
      seen.add(node);
      const parentRef = node.get(PDFName.of('Parent'));
      const parent: PDFDict | undefined = node.lookupMaybe(PDFName.of('Parent'), PDFDict);
      if (!parent) break;
      ref = parentRef;
      node = parent;
    }
    if (node?.has(PDFName.of('T')) && ref instanceof PDFRef) refs.push(ref);
  }
  return refs;
}
