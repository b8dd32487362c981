import { type PDFDocument, PDFName, type PDFPage, StandardFonts } from '@cantoo/pdf-lib';
import { type PlacedField, parseFieldName } from '@signlink/contracts/documents/document-model';
import { removeActiveContent } from '../active-content.ts';
import { loadUntrusted } from '../inspect-pdf.ts';
import { mergeDocuments } from '../merge-pdfs.ts';
import { type PageGeometry, pageGeometryOf, readFormFields } from '../page-geometry.ts';
import { embedAttachments } from './embed-attachments.ts';
import { drawInField } from './field-frame.ts';
import { fillFormFields } from './fill-form.ts';
import { flattenForm } from './flatten-form.ts';
import { embedHandwritingFont } from './handwriting-font.ts';
import { deflateNatively } from './native-deflate.ts';
import type { SignedSlot, StampRequest } from './seal-input.ts';
import { drawSignature, type SignatureContext } from './signature-stamps.ts';
import { addUnicodeFallbacks } from './unicode-font.ts';
import { drawCheckMark, drawTextValue, isChecked, type StampFonts } from './value-stamps.ts';

/** A field with its page in the merged document (0-based). */
interface FieldOnPage {
  field: Pick<PlacedField, 'type' | 'signatureIndex' | 'x' | 'y' | 'width' | 'height' | 'name' | 'pdfFieldName'>;
  pageIndex: number;
}

/**
 * Issue 7, part 1: the document's files as one PDF with everything the parties filled and signed drawn onto
 * the pages, the form flattened, and the pages' own content left byte for byte as it was (drawing only
 * appends content streams). Plain data in, bytes out: it runs in a worker thread.
 */
export async function stampDocument(request: StampRequest): Promise<{ bytes: Uint8Array; pageCount: number }> {
  const { bytes, pageCount } = await stampIntoDocument(request);
  return { bytes, pageCount };
}

/** `stampDocument` that also hands back the document, for sealing to go on drawing the audit trail onto it. */
export async function stampIntoDocument(
  request: StampRequest,
): Promise<{ doc: PDFDocument; bytes: Uint8Array; pageCount: number }> {
  const { doc, pageCounts } = await openDocument(request.files.map((file) => file.bytes));
  // A sealed PDF carries no action but in-document navigation, whatever the stored original holds (one stored
  // before upload removed them all, say); before the parties' attachments are embedded, which are ours.
  removeActiveContent(doc);
  const pages = doc.getPages();
  const fonts: StampFonts = {
    regular: doc.embedStandardFont(StandardFonts.Helvetica),
    bold: doc.embedStandardFont(StandardFonts.HelveticaBold),
  };
  // Only what is drawn decides: a file name in another script is embedded, not printed.
  const { values, signatures, texts } = request;
  await addUnicodeFallbacks(doc, fonts, { values, signatures, texts });
  const fields = fieldsOnPages(request, pageCounts);
  fields.push(...unplacedSignatureFields(doc, fields));

  const aliases = new Map<string, string>();
  for (const { field } of fields) {
    if (field.pdfFieldName && field.name) aliases.set(field.pdfFieldName, field.name);
  }
  fillFormFields(doc, request.values, aliases, fonts.regular);
  flattenForm(doc);

  const slots = new Map<number, SignedSlot>(request.signatures.map((slot) => [slot.signatureIndex, slot]));
  const context: SignatureContext = { fonts, texts: request.texts, timeZone: request.timeZone };
  if (request.signatures.some((slot) => slot.typed)) context.handwriting = await embedHandwritingFont(doc);
  const geometries = new Map<PDFPage, PageGeometry>();
  for (const { field, pageIndex } of fields) {
    const page = pages[pageIndex];
    if (!page) continue;
    let geometry = geometries.get(page);
    if (!geometry) {
      geometry = pageGeometryOf(page);
      geometries.set(page, geometry);
    }
    const slot = slots.get(field.signatureIndex);
    const value = field.name === undefined ? undefined : request.values[field.name];
    if (field.type === 'signature') {
      if (slot) drawInField(page, geometry, field, (size) => drawSignature(page, size, slot, context));
      continue;
    }
    // An adopted PDF field got its value in the form and was flattened with it.
    if (field.pdfFieldName) continue;
    if (field.type === 'checkbox') {
      if (isChecked(value)) drawInField(page, geometry, field, (size) => drawCheckMark(page, size));
      continue;
    }
    const text =
      typeof value === 'string'
        ? value
        : field.type === 'name-clarification'
          ? (slot?.clarifiedName ?? slot?.signerName)
          : undefined;
    if (text?.trim()) drawInField(page, geometry, field, (size) => drawTextValue(page, size, text, fonts.regular));
  }

  embedAttachments(doc, request.attachments ?? []);
  await doc.flush();
  deflateNatively(doc.context);
  // objectsPerTick: pdf-lib otherwise waits a setTimeout (a millisecond or more) every 50 objects, for browsers'
  // sake; sealing runs in a worker thread and has nothing to yield to.
  const bytes = await doc.save({
    updateFieldAppearances: false,
    addDefaultPage: false,
    objectsPerTick: Number.POSITIVE_INFINITY,
  });
  return { doc, bytes, pageCount: pages.length };
}

/** One file is loaded as it is (its outline, metadata and structure stay); several are merged as upload did. */
async function openDocument(files: Uint8Array[]): Promise<{ doc: PDFDocument; pageCounts: number[] }> {
  const [only] = files;
  if (only && files.length === 1) {
    const doc = await loadUntrusted(only);
    return { doc, pageCounts: [doc.getPageCount()] };
  }
  return mergeDocuments(files);
}

function fieldsOnPages(request: StampRequest, pageCounts: number[]): FieldOnPage[] {
  const fields: FieldOnPage[] = [];
  let offset = 0;
  request.files.forEach((file, index) => {
    const pageCount = pageCounts[index] ?? 0;
    for (const field of file.fields) {
      if (field.page >= 1 && field.page <= pageCount) fields.push({ field, pageIndex: offset + field.page - 1 });
    }
    offset += pageCount;
  });
  return fields;
}

/**
 * A PDF that arrives with its own signature fields named as ours (`Signature[1]`, say, from a template made
 * for us) is signed in those fields too, even when the sender did not adopt them in the editor.
 */
function unplacedSignatureFields(doc: PDFDocument, placed: FieldOnPage[]): FieldOnPage[] {
  if (!doc.catalog.has(PDFName.of('AcroForm'))) return [];
  const adopted = new Set(placed.map(({ field }) => field.pdfFieldName).filter(Boolean));
  const found: FieldOnPage[] = [];
  for (const info of readFormFields(doc)) {
    const parsed = info.kind === 'signature' && !adopted.has(info.name) ? parseFieldName(info.name) : null;
    if (parsed?.type !== 'signature' || info.width <= 0 || info.height <= 0) continue;
    found.push({
      field: {
        type: 'signature',
        signatureIndex: parsed.signatureIndex,
        x: info.x,
        y: info.y,
        width: info.width,
        height: info.height,
      },
      pageIndex: info.page - 1,
    });
  }
  return found;
}
