import { PDFDocument, type PDFFont, rgb, StandardFonts } from '@cantoo/pdf-lib';
import { textWidth, toPlainText, toWinAnsi } from '../sealing/pdf-text.ts';
import { addUnicodeFallbacks } from '../sealing/unicode-font.ts';

/**
 * A receipt as the buyer downloads it (SPEC section 3, Receipt): the texts come translated and the amounts
 * formatted, so this draws only. One A4 page in the standard fonts, a Unicode fallback when a name needs one.
 */
export interface ReceiptPdfInput {
  /** The seller, as the brand names itself. */
  seller: string;
  title: string;
  /** Label and value, top to bottom: number, date, buyer, method, description. */
  details: { label: string; value: string }[];
  /** Subtotal, VAT and the total, right-aligned; the last is printed in bold. */
  amounts: { label: string; value: string }[];
  footer: string;
}

const a4 = { width: 595.28, height: 841.89 };
const margin = 56;
const ink = rgb(0.1, 0.1, 0.1);
const gray = rgb(0.4, 0.4, 0.4);

export async function renderReceiptPdf(input: ReceiptPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(toPlainText(`${input.title} – ${input.seller}`));
  doc.setProducer(toPlainText(input.seller));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  await addUnicodeFallbacks(doc, { regular, bold }, input);
  const page = doc.addPage([a4.width, a4.height]);
  const right = a4.width - margin;
  let y = a4.height - margin;

  const draw = (text: string, x: number, font: PDFFont, size: number, color = ink) =>
    page.drawText(toWinAnsi(text), { x, y, size, font, color });
  const drawRight = (text: string, font: PDFFont, size: number) =>
    draw(text, right - textWidth(toWinAnsi(text), font, size), font, size);

  draw(input.seller, margin, bold, 12, gray);
  y -= 36;
  draw(input.title, margin, bold, 24);
  y -= 40;
  for (const { label, value } of input.details) {
    draw(label, margin, regular, 10, gray);
    draw(value, margin + 150, regular, 11);
    y -= 20;
  }
  y -= 16;
  page.drawLine({ start: { x: margin, y: y + 10 }, end: { x: right, y: y + 10 }, thickness: 0.5, color: gray });
  y -= 12;
  input.amounts.forEach(({ label, value }, index) => {
    const isTotal = index === input.amounts.length - 1;
    const font = isTotal ? bold : regular;
    draw(label, margin, font, isTotal ? 12 : 11);
    drawRight(value, font, isTotal ? 12 : 11);
    y -= isTotal ? 24 : 20;
  });
  y -= 24;
  draw(input.footer, margin, regular, 9, gray);
  return doc.save();
}
