import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit, { type Font } from '@cantoo/fontkit';
import type { PDFDocument, PDFFont } from '@cantoo/pdf-lib';
import { needsMoreThanWinAnsi, setUnicodeFallback } from './pdf-text.ts';

/**
 * The standard 14 fonts speak WinAnsi only, so a party named Łukasz, Петар or Ελένη printed as '?'. A text WinAnsi
 * cannot hold is drawn in Liberation Sans instead, a Unicode font metric-compatible with Helvetica (Arial's widths),
 * so a line that switches font keeps the width the layout measured. It is embedded only into a revision that has
 * such a text, once, as a subset of the glyphs drawn: a document of Latin-1 names costs nothing more.
 */

const faces = {
  regular: { file: 'LiberationSans-Regular.ttf', postscriptName: 'LiberationSans' },
  bold: { file: 'LiberationSans-Bold.ttf', postscriptName: 'LiberationSans-Bold' },
} as const;
type Face = keyof typeof faces;

// Resolved through the package (its "./fonts/*" export), not from this file: the server's build bundles this
// module into apps/server/dist, while the fonts stay in packages/pdf/fonts.
const resolveFromHere = createRequire(import.meta.url).resolve;
const loaded = new Map<Face, { bytes: Uint8Array; font: Font }>();

/**
 * A face read and parsed once per thread (a PDF worker seals one document after another), its glyphs found by the
 * character map alone: pdf-lib measures and encodes through fontkit's `layout`, whose OpenType shaping (parsing
 * GSUB and GPOS on first use) cost several times the rest of a seal and adds nothing to Latin, Greek or Cyrillic
 * names once NFC has composed their accents; pdf-lib uses the glyphs' advance widths only.
 */
function loadFace(face: Face) {
  let entry = loaded.get(face);
  if (!entry) {
    const bytes = new Uint8Array(
      readFileSync(resolveFromHere(`@signlink/pdf/fonts/liberation-sans/${faces[face].file}`)),
    );
    const font = fontkit.create(bytes);
    if ('fonts' in font) throw new Error(`${faces[face].file} is a font collection, not one face`);
    font.layout = (text: string) => ({ glyphs: glyphsOf(font, text) }) as unknown as ReturnType<Font['layout']>;
    // fontkit copies the hinting programs into every subset, decoding and encoding them number by number: most of
    // a subset's cost, for instructions PDF viewers' anti-aliased rendering does without.
    for (const table of ['fpgm', 'prep', 'cvt ']) Object.defineProperty(font, table, { value: undefined });
    entry = { bytes, font };
    loaded.set(face, entry);
  }
  return entry;
}

/**
 * A glyph per character, from the character map. fontkit caches glyphs per font, and one first met as a part of
 * another (the S in Ş, taken by a subset) is cached without its character: the ToUnicode map pdf-lib writes from
 * it would lose that letter, so it gets it here.
 */
function glyphsOf(font: Font, text: string) {
  return Array.from(text, (char) => {
    const codePoint = char.codePointAt(0) ?? 0;
    const glyph = font.glyphForCodePoint(codePoint);
    // Never null for a TrueType face (an unmapped character is glyph 0); drawableText leaves none unmapped.
    if (!glyph) throw new Error(`No glyph for U+${codePoint.toString(16)}`);
    if (glyph.codePoints.length === 0) glyph.codePoints = [codePoint];
    return glyph;
  });
}

/** Standard fonts of one revision; `mono` (hashes, ids, links) falls back to the regular face. */
export interface FallbackTargets {
  regular: PDFFont;
  bold: PDFFont;
  mono?: PDFFont;
}

/**
 * Gives `fonts` their Unicode fallbacks in `doc` when any string in `content` (a stamp or audit trail request, say)
 * has a letter WinAnsi lacks. Call it before drawing: embedding is asynchronous, drawing is not.
 */
export async function addUnicodeFallbacks(doc: PDFDocument, fonts: FallbackTargets, content: unknown): Promise<void> {
  if (!hasTextOutsideWinAnsi(content)) return;
  const embed = async (face: Face) => {
    const { bytes, font: parsed } = loadFace(face);
    // pdf-lib parses the bytes it is given through the registered fontkit: hand it the face parsed already.
    doc.registerFontkit({ create: () => parsed } as unknown as typeof fontkit);
    const font = await doc.embedFont(bytes, { subset: true, customName: subsetName(faces[face].postscriptName) });
    // The face's coverage decides what prints and what stays '?' (a Chinese name, say).
    return { font, hasGlyph: (codePoint: number) => parsed.hasGlyphForCodePoint(codePoint) };
  };
  const regular = await embed('regular');
  const bold = await embed('bold');
  setUnicodeFallback(fonts.regular, regular.font, regular.hasGlyph);
  setUnicodeFallback(fonts.bold, bold.font, bold.hasGlyph);
  if (fonts.mono) setUnicodeFallback(fonts.mono, regular.font, regular.hasGlyph);
}

/** ISO 32000-1, 9.6.4: a subset's name starts with six capital letters and '+', which readers show as a subset. */
function subsetName(postscriptName: string): string {
  const tag = Array.from(randomBytes(6), (byte) => String.fromCharCode(65 + (byte % 26))).join('');
  return `${tag}+${postscriptName}`;
}

/** Whether any string in `value` (walked through arrays and plain objects; bytes skipped) needs more than WinAnsi. */
export function hasTextOutsideWinAnsi(value: unknown): boolean {
  if (typeof value === 'string') return needsMoreThanWinAnsi(value);
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return false;
  const items = Array.isArray(value) ? value : Object.values(value);
  return items.some(hasTextOutsideWinAnsi);
}
