import {
  concatTransformationMatrix,
  drawObject,
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFName,
  PDFNumber,
  type PDFObject,
  type PDFPage,
  PDFRef,
  PDFStream,
  popGraphicsState,
  pushGraphicsState,
} from '@cantoo/pdf-lib';

const hiddenFlags = (1 << 1) | (1 << 5); // annotation flags Hidden and NoView (ISO 32000-1, table 165)

const names = {
  annots: PDFName.of('Annots'),
  subtype: PDFName.of('Subtype'),
  widget: PDFName.of('Widget'),
  flags: PDFName.of('F'),
  appearance: PDFName.of('AP'),
  normal: PDFName.of('N'),
  state: PDFName.of('AS'),
  rect: PDFName.of('Rect'),
  bbox: PDFName.of('BBox'),
  matrix: PDFName.of('Matrix'),
  parent: PDFName.of('Parent'),
  form: PDFName.of('Form'),
  acroForm: PDFName.of('AcroForm'),
};

/**
 * Makes every form widget page content: its normal appearance (for a checkbox or radio button, the one its
 * state selects) is drawn where the widget sat, then the widgets, their fields and the AcroForm go. Walks the
 * pages' annotations rather than pdf-lib's `form.flatten()`, which searches every page for every widget, drops
 * the appearance's BBox and Matrix (so a rotated or offset appearance lands wrong), misses widgets no field
 * lists, and logs to the console on the way. Annotations that are not widgets (links, comments) stay.
 */
export function flattenForm(doc: PDFDocument): void {
  const removed = new Set<PDFRef>();
  for (const page of doc.getPages()) {
    const annots = page.node.lookupMaybe(names.annots, PDFArray);
    if (!annots) continue;
    const kept: PDFObject[] = [];
    for (let i = 0; i < annots.size(); i++) {
      const entry = annots.get(i);
      const annot = annots.lookupMaybe(i, PDFDict);
      if (annot?.get(names.subtype) !== names.widget) {
        kept.push(entry);
        continue;
      }
      const flags = annot.lookupMaybe(names.flags, PDFNumber)?.asNumber() ?? 0;
      if ((flags & hiddenFlags) === 0) drawAppearance(page, annot);
      if (entry instanceof PDFRef) removed.add(entry);
      collectFieldRefs(annot, removed);
    }
    if (kept.length === annots.size()) continue;
    if (kept.length > 0) page.node.set(names.annots, doc.context.obj(kept));
    else page.node.delete(names.annots);
  }
  const acroForm = doc.catalog.get(names.acroForm);
  if (acroForm instanceof PDFRef) removed.add(acroForm);
  doc.catalog.delete(names.acroForm);
  // Unreferenced objects would still be written out: drop them (appearance streams are separate and stay).
  for (const ref of removed) doc.context.delete(ref);
}

function collectFieldRefs(widget: PDFDict, refs: Set<PDFRef>): void {
  const seen = new Set<PDFDict>();
  for (let node: PDFDict | undefined = widget; node && !seen.has(node); ) {
    seen.add(node);
    const parent = node.get(names.parent);
    if (parent instanceof PDFRef) refs.add(parent);
    node = node.lookupMaybe(names.parent, PDFDict);
  }
}

/** ISO 32000-1, 12.5.5: the appearance's BBox, transformed by its Matrix, is mapped onto the widget's Rect. */
function drawAppearance(page: PDFPage, widget: PDFDict): void {
  const appearances = widget.lookupMaybe(names.appearance, PDFDict);
  if (!appearances) return;
  let ref = appearances.get(names.normal);
  const normal = appearances.lookup(names.normal);
  if (normal instanceof PDFDict) {
    const state = widget.lookupMaybe(names.state, PDFName);
    ref = state ? normal.get(state) : undefined;
  }
  if (!(ref instanceof PDFRef)) return;
  const stream = page.doc.context.lookup(ref);
  if (!(stream instanceof PDFStream)) return;
  const rect = numbersOf(widget.lookupMaybe(names.rect, PDFArray), 4);
  const bbox = numbersOf(stream.dict.lookupMaybe(names.bbox, PDFArray), 4);
  if (!rect || !bbox) return;
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] =
    numbersOf(stream.dict.lookupMaybe(names.matrix, PDFArray), 6) ?? [];
  const [left = 0, bottom = 0, right = 0, top = 0] = bbox;
  const corners = [
    [left, bottom],
    [right, bottom],
    [left, top],
    [right, top],
  ] as const;
  const xs = corners.map(([x, y]) => a * x + c * y + e);
  const ys = corners.map(([x, y]) => b * x + d * y + f);
  const [fromX, fromY] = [Math.min(...xs), Math.min(...ys)];
  const [fromWidth, fromHeight] = [Math.max(...xs) - fromX, Math.max(...ys) - fromY];
  const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = rect;
  const [toX, toY] = [Math.min(x1, x2), Math.min(y1, y2)];
  const [toWidth, toHeight] = [Math.abs(x2 - x1), Math.abs(y2 - y1)];
  if (fromWidth <= 0 || fromHeight <= 0 || toWidth <= 0 || toHeight <= 0) return;
  // Some writers leave /Subtype out of appearance streams; drawn with Do, it must say it is a form XObject.
  if (!stream.dict.has(names.subtype)) stream.dict.set(names.subtype, names.form);
  const scaleX = toWidth / fromWidth;
  const scaleY = toHeight / fromHeight;
  const key = page.node.newXObject('Flat', ref);
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(scaleX, 0, 0, scaleY, toX - fromX * scaleX, toY - fromY * scaleY),
    drawObject(key),
    popGraphicsState(),
  );
}

function numbersOf(array: PDFArray | undefined, count: number): number[] | null {
  if (!array || array.size() < count) return null;
  const values: number[] = [];
  for (let i = 0; i < count; i++) {
    const value = array.lookupMaybe(i, PDFNumber)?.asNumber();
    if (value === undefined || !Number.isFinite(value)) return null;
    values.push(value);
  }
  return values;
}
