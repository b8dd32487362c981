import type { PDFFont } from '@cantoo/pdf-lib';
import { Encodings } from '@cantoo/pdf-lib/standard-fonts';

/**
 * Stamps and the audit trail use the standard 14 fonts: nothing to embed, so sealing stays fast and the files
 * small. Those fonts speak WinAnsi (Latin-1 and a few more), which covers Swedish and Spanish (å ä ö ñ é ü ¿ ¡);
 * a text with more (Łukasz, Петар, Ελένη) is drawn in the font's Unicode fallback where the revision has one
 * (unicode-font.ts). pdf-lib throws on what a font cannot encode, and one letter in a name must not fail a seal, so
 * every text we draw passes through here first and what the font lacks shows as '?'.
 */
export function toWinAnsi(text: string): string {
  return toDrawable(text, canWinAnsiEncode);
}

const canWinAnsiEncode = (codePoint: number) => Encodings.WinAnsi.canEncodeUnicodeCodePoint(codePoint);

/** `text` cleaned as `toWinAnsi` cleans it, every letter kept: for metadata, which PDF stores as UTF-16. */
export function toPlainText(text: string): string {
  return toDrawable(text, () => true);
}

function toDrawable(text: string, canShow: (codePoint: number) => boolean): string {
  let result = '';
  // NFC first: a name typed as "A" + combining ring is still "Å", which WinAnsi has.
  for (const char of text.normalize('NFC')) {
    const codePoint = char.codePointAt(0) ?? 0;
    if (codePoint === 0x09 || codePoint === 0x0a || codePoint === 0x0d) result += ' ';
    else if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0) || isInvisible(codePoint)) continue;
    else result += canShow(codePoint) ? char : '?';
  }
  return result;
}

/** Zero-width and direction marks, and combining marks NFC could not fold into a letter: nothing to show. */
function isInvisible(codePoint: number): boolean {
  return (
    (codePoint >= 0x200b && codePoint <= 0x200f) ||
    (codePoint >= 0x202a && codePoint <= 0x202e) ||
    (codePoint >= 0x2066 && codePoint <= 0x2069) ||
    codePoint === 0xfeff ||
    (codePoint >= 0x0300 && codePoint <= 0x036f)
  );
}

/** Whether `text` has a visible character WinAnsi cannot encode. */
export function needsMoreThanWinAnsi(text: string): boolean {
  // Printable Latin-1 alone, most texts, is all drawable in WinAnsi.
  if (/^[ -\u00ff]*$/.test(text)) return false;
  for (const char of text.normalize('NFC')) {
    const codePoint = char.codePointAt(0) ?? 0;
    if (codePoint > 0xff && !isInvisible(codePoint) && !canWinAnsiEncode(codePoint)) return true;
  }
  return false;
}

interface UnicodeFallback {
  font: PDFFont;
  hasGlyph: (codePoint: number) => boolean;
}

/** Per standard font of a revision, the Unicode font that draws what WinAnsi cannot; per Unicode font, its glyphs. */
const fallbacks = new WeakMap<PDFFont, UnicodeFallback>();
const coverage = new WeakMap<PDFFont, (codePoint: number) => boolean>();

export function setUnicodeFallback(font: PDFFont, fallback: PDFFont, hasGlyph: (codePoint: number) => boolean): void {
  fallbacks.set(font, { font: fallback, hasGlyph });
  coverage.set(fallback, hasGlyph);
}

/** The font `text` is drawn and measured in: `font`, or its Unicode fallback when WinAnsi cannot hold the text. */
export function fontForText(font: PDFFont, text: string): PDFFont {
  const fallback = fallbacks.get(font);
  return fallback && needsMoreThanWinAnsi(text) ? fallback.font : font;
}

/** `text` as `font` can encode it: WinAnsi for a standard font, the font's own glyphs for a Unicode one. */
export function drawableText(text: string, font: PDFFont): string {
  const hasGlyph = coverage.get(font);
  return hasGlyph ? toDrawable(text, hasGlyph) : toWinAnsi(text);
}

/** The width of `text` drawn with `font` (or its fallback, as `showText` picks it), in points. */
export function textWidth(text: string, font: PDFFont, size: number): number {
  const used = fontForText(font, text);
  return used.widthOfTextAtSize(drawableText(text, used), size);
}

/** Each line of a multi-line value, made drawable in `font`. */
function drawableLines(text: string, font: PDFFont): string[] {
  return text.split(/\r\n|\r|\n/).map((line) => drawableText(line, font));
}

/**
 * Breaks text into lines no wider than `maxWidth`, drawable in `textFont` or its fallback: at spaces, and inside a word only when the word
 * alone is too wide (a user agent, a hash, an e-mail address). A line's width grows by what each word adds to its
 * last character (widths and kerning are per glyph and per pair), not by measuring the whole line again per word.
 */
export function wrapText(text: string, textFont: PDFFont, size: number, maxWidth: number): string[] {
  const font = fontForText(textFont, text);
  // Widths in font units, which are whole numbers for the standard fonts: sums of them stay exact, and a line is
  // compared at `size` as pdf-lib would measure it whole.
  const scale = size / 1000;
  const units = (value: string) => font.widthOfTextAtSize(value, 1000);
  const fits = (value: number) => value * scale <= maxWidth;
  /** The width of `line + added`, given `line`'s. */
  const grown = (line: string, lineWidth: number, added: string) => {
    const last = line.slice(-1);
    return last === '' ? units(added) : lineWidth + units(last + added) - units(last);
  };
  const lines: string[] = [];
  for (const paragraph of drawableLines(text, font)) {
    let line = '';
    let lineWidth = 0;
    for (const word of paragraph.split(' ')) {
      const added = line === '' ? word : ` ${word}`;
      const candidateWidth = grown(line, lineWidth, added);
      if (fits(candidateWidth)) {
        line += added;
        lineWidth = candidateWidth;
        continue;
      }
      if (line !== '') lines.push(line);
      line = '';
      for (const piece of breakWord(word, units, fits, grown)) {
        if (line !== '') lines.push(line);
        line = piece;
      }
      lineWidth = units(line);
    }
    lines.push(line);
  }
  return lines;
}

function breakWord(
  word: string,
  units: (value: string) => number,
  fits: (units: number) => boolean,
  grown: (line: string, lineWidth: number, added: string) => number,
): string[] {
  if (fits(units(word))) return [word];
  const pieces: string[] = [];
  let piece = '';
  let pieceWidth = 0;
  for (const char of word) {
    const candidateWidth = grown(piece, pieceWidth, char);
    if (piece !== '' && !fits(candidateWidth)) {
      pieces.push(piece);
      piece = char;
      pieceWidth = units(char);
      continue;
    }
    piece += char;
    pieceWidth = candidateWidth;
  }
  if (piece !== '') pieces.push(piece);
  return pieces;
}

export const lineHeightFactor = 1.18;

export interface FittedText {
  size: number;
  lines: string[];
  lineHeight: number;
}

/**
 * The largest size (from `maxSize` down to `minSize`) at which the text fits the box, wrapped when that lets
 * it stay larger; at `minSize` the lines that do not fit are dropped (the caller clips to the box as well).
 */
export function fitText(
  text: string,
  font: PDFFont,
  box: { width: number; height: number },
  options: { maxSize: number; minSize: number },
): FittedText {
  const maxSize = Math.max(options.minSize, Math.min(options.maxSize, box.height / lineHeightFactor));
  for (let size = maxSize; size > options.minSize; size *= 0.92) {
    const lines = wrapText(text, font, size, box.width);
    if (lines.length * size * lineHeightFactor <= box.height) {
      return { size, lines, lineHeight: size * lineHeightFactor };
    }
  }
  const size = options.minSize;
  const lineHeight = size * lineHeightFactor;
  const lines = wrapText(text, font, size, box.width);
  return { size, lines: lines.slice(0, Math.max(1, Math.floor(box.height / lineHeight))), lineHeight };
}

/** The one size at which every line fits the width and all of them the height, for a block of short lines. */
export function sizeToFitLines(
  lines: { text: string; font: PDFFont }[],
  box: { width: number; height: number },
  options: { maxSize: number; minSize: number },
): number {
  let size = Math.min(options.maxSize, box.height / (lines.length * lineHeightFactor));
  for (const { text, font } of lines) {
    const widthAtOne = textWidth(text, font, 1);
    if (widthAtOne > 0) size = Math.min(size, box.width / widthAtOne);
  }
  return Math.max(options.minSize, size);
}
