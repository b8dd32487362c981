import { type Color, type PDFFont, type PDFName, PDFOperator, PDFOperatorNames, type PDFPage } from '@cantoo/pdf-lib';
import { drawableText, fontForText } from './pdf-text.ts';

const fontKeys = new WeakMap<PDFPage, Map<PDFFont, PDFName>>();

/**
 * The page's resource name for a font, added once. pdf-lib's `drawText({ font })` adds a fresh /Font entry to
 * the page on every call: an audit page with a few hundred texts would carry a few hundred copies.
 */
function fontKeyOn(page: PDFPage, font: PDFFont): PDFName {
  let keys = fontKeys.get(page);
  if (!keys) {
    keys = new Map();
    fontKeys.set(page, keys);
  }
  let key = keys.get(font);
  if (!key) {
    key = page.node.newFontDictionary(font.name, font.ref);
    keys.set(font, key);
  }
  return key;
}

const number = (value: number) => String(Math.round(value * 1000) / 1000);

function fillColor(color: Color | undefined): string {
  if (!color) return '0 g';
  if ('red' in color) return `${number(color.red)} ${number(color.green)} ${number(color.blue)} rg`;
  if ('gray' in color) return `${number(color.gray)} g`;
  return `${number(color.cyan)} ${number(color.magenta)} ${number(color.yellow)} ${number(color.key)} k`;
}

/**
 * One line of text with its baseline at (x, y) in the current frame, written as one text object: in `font`, or in its
 * Unicode fallback when the line needs one, and made drawable in that font here too, the last guard against a
 * throw mid-seal. It goes out as a single operator whose argument is the text object's body (pdf-lib writes string
 * arguments verbatim): the audit trail draws hundreds of lines, and pdf-lib's drawText (a dozen operator
 * objects, line splitting and checks per call) was most of its time.
 */
export function showText(
  page: PDFPage,
  text: string,
  options: { font: PDFFont; size: number; x: number; y: number; color?: Color },
): void {
  if (text === '') return;
  const { size, x, y } = options;
  const font = fontForText(options.font, text);
  const body = `BT\n${fontKeyOn(page, font).toString()} ${number(size)} Tf\n${fillColor(options.color)}\n1 0 0 1 ${number(x)} ${number(y)} Tm\n${font.encodeText(drawableText(text, font)).toString()} Tj\n`;
  page.pushOperators(PDFOperator.of(PDFOperatorNames.EndText, [body]));
}
