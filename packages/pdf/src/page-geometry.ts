import {
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFPage,
  PDFString,
} from '@cantoo/pdf-lib';

/** A page as shown: its crop box (what viewers display), width and height swapped by a quarter turn. */
export interface PageGeometry {
  width: number;
  height: number;
  /** The crop box in default user space, bottom-left origin. */
  box: { x: number; y: number; width: number; height: number };
  rotation: 0 | 90 | 180 | 270;
}

/**
 * One of the PDF's own AcroForm fields, one entry per widget (a radio group has a widget per option), with
 * the widget's rectangle in points from the shown page's top-left corner, as the editor places fields.
 */
export interface PdfFormFieldInfo {
  name: string;
  kind: 'text' | 'checkbox' | 'radio' | 'dropdown' | 'list' | 'signature' | 'button';
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  required: boolean;
}

export function pageGeometryOf(page: PDFPage): PageGeometry {
  const box = page.getCropBox();
  const angle = (((page.getRotation().angle % 360) + 360) % 360) as number;
  const rotation = ([0, 90, 180, 270].includes(angle) ? angle : 0) as PageGeometry['rotation'];
  const quarterTurn = rotation === 90 || rotation === 270;
  return {
    width: quarterTurn ? box.height : box.width,
    height: quarterTurn ? box.width : box.height,
    box,
    rotation,
  };
}

/**
 * A rectangle in default user space as the page is shown (top-left origin, after /Rotate, which turns the page
 * clockwise): the same arithmetic pdf.js's viewport does, so the editor draws it where the viewer shows it.
 */
export function toShownRect(
  geometry: PageGeometry,
  rect: { x: number; y: number; width: number; height: number },
): { x: number; y: number; width: number; height: number } {
  const x = rect.x - geometry.box.x;
  const y = rect.y - geometry.box.y;
  const { width: w, height: h } = rect;
  const { width: boxWidth, height: boxHeight } = geometry.box;
  switch (geometry.rotation) {
    case 90:
      return { x: y, y: x, width: h, height: w };
    case 180:
      return { x: boxWidth - (x + w), y, width: w, height: h };
    case 270:
      return { x: boxHeight - (y + h), y: boxWidth - (x + w), width: h, height: w };
    default:
      return { x, y: boxHeight - (y + h), width: w, height: h };
  }
}

const fieldFlags = { required: 1 << 1, radio: 1 << 15, pushButton: 1 << 16, combo: 1 << 17 };

/** Reads each page's widgets (not `getForm()`, which would add an AcroForm to a document that has none). */
export function readFormFields(doc: PDFDocument): PdfFormFieldInfo[] {
  const fields: PdfFormFieldInfo[] = [];
  doc.getPages().forEach((page, index) => {
    const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
    if (!annots) return;
    const geometry = pageGeometryOf(page);
    for (let i = 0; i < annots.size(); i++) {
      const widget = annots.lookupMaybe(i, PDFDict);
      if (widget?.get(PDFName.of('Subtype')) !== PDFName.of('Widget')) continue;
      const field = describeField(widget);
      const rect = widget.lookupMaybe(PDFName.of('Rect'), PDFArray);
      if (!field || !rect || rect.size() !== 4) continue;
      const [x1, y1, x2, y2] = [0, 1, 2, 3].map((n) => rect.lookupMaybe(n, PDFNumber)?.asNumber() ?? 0) as [
        number,
        number,
        number,
        number,
      ];
      const shown = toShownRect(geometry, {
        x: Math.min(x1, x2),
        y: Math.min(y1, y2),
        width: Math.abs(x2 - x1),
        height: Math.abs(y2 - y1),
      });
      fields.push({ ...field, page: index + 1, ...roundRect(shown) });
    }
  });
  return fields;
}

function roundRect(rect: { x: number; y: number; width: number; height: number }) {
  const round = (value: number) => Math.round(value * 100) / 100;
  return { x: round(rect.x), y: round(rect.y), width: round(rect.width), height: round(rect.height) };
}

/** The field a widget belongs to: its full name (the /T of each ancestor) and its inherited type and flags. */
function describeField(widget: PDFDict): Pick<PdfFormFieldInfo, 'name' | 'kind' | 'required'> | null {
  const parts: string[] = [];
  let fieldType: PDFName | undefined;
  let flags: number | undefined;
  const seen = new Set<PDFDict>();
  for (let node: PDFDict | undefined = widget; node && !seen.has(node); ) {
    seen.add(node);
    const title = node.lookup(PDFName.of('T'));
    if (title instanceof PDFString || title instanceof PDFHexString) parts.unshift(title.decodeText());
    fieldType ??= node.lookupMaybe(PDFName.of('FT'), PDFName);
    flags ??= node.lookupMaybe(PDFName.of('Ff'), PDFNumber)?.asNumber();
    node = node.lookupMaybe(PDFName.of('Parent'), PDFDict);
  }
  if (parts.length === 0 || !fieldType) return null;
  const kind = kindOf(fieldType.asString(), flags ?? 0);
  if (!kind) return null;
  return { name: parts.join('.'), kind, required: ((flags ?? 0) & fieldFlags.required) !== 0 };
}

function kindOf(fieldType: string, flags: number): PdfFormFieldInfo['kind'] | null {
  switch (fieldType) {
    case '/Tx':
      return 'text';
    case '/Sig':
      return 'signature';
    case '/Ch':
      return flags & fieldFlags.combo ? 'dropdown' : 'list';
    case '/Btn':
      if (flags & fieldFlags.pushButton) return 'button';
      return flags & fieldFlags.radio ? 'radio' : 'checkbox';
    default:
      return null;
  }
}
