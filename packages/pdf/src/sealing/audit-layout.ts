import {
  type Color,
  PageSizes,
  type PDFDocument,
  type PDFFont,
  type PDFPage,
  rgb,
  StandardFonts,
} from '@cantoo/pdf-lib';
import { lineHeightFactor, textWidth, wrapText } from './pdf-text.ts';
import { showText } from './text-operators.ts';

export interface AuditFonts {
  regular: PDFFont;
  bold: PDFFont;
  mono: PDFFont;
}

export const gray = rgb(0.38, 0.38, 0.42);
const black = rgb(0.08, 0.08, 0.1);

const [pageWidth, pageHeight] = PageSizes.A4 as [number, number];
const margin = 50;
const footerSpace = 28;

export interface TextStyle {
  font?: PDFFont;
  size?: number;
  color?: Color;
  /** From the left margin. */
  indent?: number;
  /** Space under the text. */
  after?: number;
}

/**
 * Writes the audit trail top to bottom onto as many A4 pages as it takes: every text is wrapped to the column
 * it is given, and a line that would run into the footer goes to a fresh page, so a long user agent, name or
 * history never leaves the page.
 */
export class AuditPageFlow {
  readonly pages: PDFPage[] = [];
  readonly fonts: AuditFonts;
  readonly contentWidth = pageWidth - 2 * margin;
  private page!: PDFPage;
  private y = 0;

  constructor(
    private readonly doc: PDFDocument,
    private readonly runningHeader: string,
  ) {
    this.fonts = {
      regular: doc.embedStandardFont(StandardFonts.Helvetica),
      bold: doc.embedStandardFont(StandardFonts.HelveticaBold),
      mono: doc.embedStandardFont(StandardFonts.Courier),
    };
    this.newPage();
  }

  newPage(): void {
    this.page = this.doc.addPage(PageSizes.A4);
    this.pages.push(this.page);
    this.y = pageHeight - margin;
    if (this.pages.length > 1) {
      this.text(this.runningHeader, { size: 7.5, color: gray, after: 10 });
    }
  }

  /** Moves down, or to a new page when `height` more would not fit. */
  ensure(height: number): void {
    if (this.y - height < margin + footerSpace) this.newPage();
  }

  gap(height: number): void {
    this.y -= height;
  }

  /** Wrapped text in the column from `indent` to the right margin. */
  text(text: string, style: TextStyle = {}): void {
    const font = style.font ?? this.fonts.regular;
    const size = style.size ?? 9;
    const indent = style.indent ?? 0;
    this.lines(wrapText(text, font, size, this.contentWidth - indent), { ...style, font, size, indent });
    this.y -= style.after ?? 0;
  }

  /** A label in its own column and the wrapped value beside it, starting on a page where the label fits. */
  row(
    label: string,
    value: string,
    options: { labelWidth: number; indent?: number; valueFont?: PDFFont; size?: number },
  ) {
    const indent = options.indent ?? 0;
    const size = options.size ?? 9;
    const valueFont = options.valueFont ?? this.fonts.regular;
    const valueX = indent + options.labelWidth;
    const labelLines = wrapText(label, this.fonts.bold, size, options.labelWidth - 6);
    const valueLines = wrapText(value, valueFont, size, this.contentWidth - valueX);
    const lineHeight = size * lineHeightFactor;
    this.ensure(labelLines.length * lineHeight);
    const { page, y: top } = this;
    this.drawLines(page, labelLines, this.fonts.bold, size, indent, top, gray);
    this.lines(valueLines, { font: valueFont, size, indent: valueX });
    if (this.page === page) this.y = Math.min(this.y, top - labelLines.length * lineHeight);
    this.y -= 2;
  }

  /**
   * A block drawn by the caller, `height` high, kept whole on one page: `draw` gets the page, the left margin
   * and the block's top in PDF space.
   */
  block(height: number, draw: (page: PDFPage, left: number, top: number) => void): void {
    this.ensure(height);
    draw(this.page, margin, this.y);
    this.y -= height;
  }

  private lines(lines: string[], style: Required<Pick<TextStyle, 'font' | 'size' | 'indent'>> & TextStyle): void {
    const lineHeight = style.size * lineHeightFactor;
    for (const line of lines) {
      this.ensure(lineHeight);
      this.drawLines(this.page, [line], style.font, style.size, style.indent, this.y, style.color ?? black);
      this.y -= lineHeight;
    }
  }

  private drawLines(
    page: PDFPage,
    lines: string[],
    font: PDFFont,
    size: number,
    indent: number,
    top: number,
    color: Color,
  ) {
    lines.forEach((line, index) => {
      if (line === '') return;
      const y = top - size * 0.8 - index * size * lineHeightFactor;
      showText(page, line, { font, size, x: margin + indent, y, color });
    });
  }

  /** "Page 2 of 5" under every audit page, counting the audit pages only, once the last page is known. */
  drawFooters(pageOf: string, left: string): void {
    const { regular } = this.fonts;
    const size = 7.5;
    this.pages.forEach((page, index) => {
      const label = pageOf.replaceAll('{{page}}', String(index + 1)).replaceAll('{{pages}}', String(this.pages.length));
      const width = textWidth(label, regular, size);
      showText(page, label, { font: regular, size, x: pageWidth - margin - width, y: margin, color: gray });
      const room = this.contentWidth - width - 20;
      const leftLine = wrapText(left, regular, size, room)[0] ?? '';
      showText(page, leftLine, { font: regular, size, x: margin, y: margin, color: gray });
    });
  }
}
