import type { PDFFont, PDFPage } from '@cantoo/pdf-lib';
import { inkBlack } from './value-stamps.ts';

/** Caveat's ascender and descender, in ems (its hhea table: 960 and -300 of 1000 units). */
const ascent = 0.96;
const descent = 0.3;
/** As large as a hand would write in a generous slot, and no smaller than stays legible. */
const maxSize = 28;
const minSize = 5;

/**
 * A typed signature in the handwriting font, in `box` of the field's frame: as large as the box allows up to
 * `maxSize`, centred horizontally and resting its descenders on the box's bottom (the signature line). A name too
 * long for the box at `minSize` is clipped by the field's frame rather than shrunk into a line of dots.
 */
export function drawHandwrittenName(
  page: PDFPage,
  box: { x: number; y: number; width: number; height: number },
  text: string,
  font: PDFFont,
): void {
  const name = text.normalize('NFC');
  const widthAtOne = Math.max(font.widthOfTextAtSize(name, 1), 0.001);
  const size = Math.max(minSize, Math.min(maxSize, box.height / (ascent + descent), box.width / widthAtOne));
  const width = widthAtOne * size;
  page.drawText(name, {
    font,
    size,
    x: box.x + Math.max(0, (box.width - width) / 2),
    y: box.y + descent * size,
    color: inkBlack,
  });
}
