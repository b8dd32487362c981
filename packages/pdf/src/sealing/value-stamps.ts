import {
  type Color,
  LineCapStyle,
  LineJoinStyle,
  lineTo,
  moveTo,
  type PDFFont,
  type PDFPage,
  rgb,
  setLineCap,
  setLineJoin,
  setLineWidth,
  setStrokingRgbColor,
  stroke,
} from '@cantoo/pdf-lib';
import { fitText } from './pdf-text.ts';
import { showText } from './text-operators.ts';

export interface StampFonts {
  regular: PDFFont;
  bold: PDFFont;
}

export const inkBlack = rgb(0.05, 0.05, 0.1);

/** Helvetica's cap height, in ems: what looks vertically centred for a single line. */
const capHeight = 0.72;

/** Lines of text (each drawn in `font` or its Unicode fallback) in the current frame, the first one's cap height at `top`. */
export function drawTextLines(
  page: PDFPage,
  lines: string[],
  options: { font: PDFFont; size: number; lineHeight: number; x: number; top: number; color?: Color },
): void {
  const { font, size, lineHeight, x, top } = options;
  lines.forEach((line, index) => {
    if (line === '') return;
    showText(page, line, {
      font,
      size,
      x,
      y: top - size * capHeight - index * lineHeight,
      color: options.color ?? inkBlack,
    });
  });
}

/**
 * A placed text, date or name-clarification value, in the field's frame: as large as fits up to 11 pt, wrapped
 * when the field is tall enough, one line centred vertically, several from the top; the frame clips the rest.
 */
export function drawTextValue(page: PDFPage, size: { width: number; height: number }, value: string, font: PDFFont) {
  const padding = Math.min(2, size.width * 0.05, size.height * 0.1);
  const box = { width: size.width - 2 * padding, height: size.height - 2 * padding };
  const fitted = fitText(value, font, box, { maxSize: 11, minSize: 4 });
  const blockHeight = fitted.lines.length === 1 ? fitted.size * capHeight : fitted.lines.length * fitted.lineHeight;
  const top =
    fitted.lines.length === 1
      ? (size.height + fitted.size * capHeight) / 2
      : Math.min(size.height - padding, (size.height + blockHeight) / 2);
  drawTextLines(page, fitted.lines, { font, size: fitted.size, lineHeight: fitted.lineHeight, x: padding, top });
}

/** A check mark drawn as a path, centred in the field's frame and sized to its shorter side. */
export function drawCheckMark(page: PDFPage, size: { width: number; height: number }) {
  const side = Math.min(size.width, size.height) * 0.8;
  const left = (size.width - side) / 2;
  const bottom = (size.height - side) / 2;
  const at = (x: number, y: number) => [left + x * side, bottom + y * side] as const;
  page.pushOperators(
    setStrokingRgbColor(0.05, 0.05, 0.1),
    setLineWidth(Math.max(0.6, side * 0.12)),
    setLineCap(LineCapStyle.Round),
    setLineJoin(LineJoinStyle.Round),
    moveTo(...at(0.12, 0.5)),
    lineTo(...at(0.4, 0.18)),
    lineTo(...at(0.9, 0.85)),
    stroke(),
  );
}

/** What a checkbox value means: form data arrives as booleans or as the strings HTML forms use. */
export function isChecked(value: string | boolean | undefined): boolean {
  if (typeof value === 'boolean') return value;
  return value !== undefined && /^(true|on|yes|1|x|checked)$/i.test(value.trim());
}
