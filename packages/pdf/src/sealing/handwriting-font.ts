import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit, { type Font } from '@cantoo/fontkit';
import type { PDFDocument, PDFFont } from '@cantoo/pdf-lib';

/**
 * The handwriting-style font of typed signatures: Caveat (SIL Open Font License 1.1, the licence ships in its
 * package), the same face the recipient's page shows while the name is typed, so the stamp looks like the preview.
 * It covers Latin with its extensions and Cyrillic; a name with anything else (Greek, CJK) is stamped in the body
 * font instead (`canWriteByHand`), never with empty boxes.
 */
const fontFile = createRequire(import.meta.url).resolve('@expo-google-fonts/caveat/400Regular/Caveat_400Regular.ttf');

let cached: { bytes: Uint8Array; font: Font } | undefined;
function loadFont(): { bytes: Uint8Array; font: Font } {
  if (!cached) {
    const bytes = new Uint8Array(readFileSync(fontFile));
    const font = fontkit.create(bytes);
    // A .ttf holds one font; a collection (.ttc) would be a packaging mistake worth failing on.
    if (!font || !('hasGlyphForCodePoint' in font)) throw new Error(`not a single font: ${fontFile}`);
    cached = { bytes, font };
  }
  return cached;
}

/** Whether every character of `text` has a glyph in the handwriting font. */
export function canWriteByHand(text: string): boolean {
  const { font } = loadFont();
  return [...text.normalize('NFC')].every((char) => font.hasGlyphForCodePoint(char.codePointAt(0) ?? 0));
}

/**
 * The font embedded in `doc` as a subset: only the glyphs drawn with it are written (a few kilobytes for a name,
 * where the whole font weighs 250 KB), once per document whatever the number of typed signatures.
 */
export async function embedHandwritingFont(doc: PDFDocument): Promise<PDFFont> {
  doc.registerFontkit(fontkit);
  return doc.embedFont(loadFont().bytes, { subset: true });
}
