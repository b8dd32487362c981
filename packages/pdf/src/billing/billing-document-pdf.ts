import { PDFDocument, type PDFFont, rgb, StandardFonts } from '@cantoo/pdf-lib';
import { textWidth, toPlainText, toWinAnsi } from '../sealing/pdf-text.ts';
import { addUnicodeFallbacks } from '../sealing/unicode-font.ts';

/**
 * The one page a receipt and an invoice share (SPEC sections 3 and 9): the seller, a title, label/value details, the
 * amounts with the total in bold, and small print. The texts come translated and the amounts formatted, so this
 * draws only. One A4 page in the standard fonts, a Unicode fallback when a name needs one.
 */
export interface BillingDocumentPdfInput {
  /** The seller, as the brand names itself. */
  seller: string;
  /** Under the seller's name: the legal entity and how to reach it. */
  sellerLines?: string[];
  title: string;
  /** Whom the document is addressed to, as on an envelope (an invoice's buyer). */
  recipient?: { label: string; lines: string[] };
  details: Row[];
  /** Right-aligned; the last is the total, printed in bold. */
  amounts: Row[];
  /** After the amounts: how to pay (an invoice's bankgiro, reference and due date). */
  payment?: { heading: string; rows: Row[] };
  /** Small print, one line each. */
  footer: string[];
}

interface Row {
  label: string;
  value: string;
}

const a4 = { width: 595.28, height: 841.89 };
const margin = 56;
const ink = rgb(0.1, 0.1, 0.1);
const gray = rgb(0.4, 0.4, 0.4);

export async function renderBillingDocumentPdf(input: BillingDocumentPdfInput): Promise<Uint8Array> {
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
  const drawRows = (rows: Row[]) => {
    for (const { label, value } of rows) {
      draw(label, margin, regular, 10, gray);
      draw(value, margin + 150, regular, 11);
      y -= 20;
    }
  };
  const rule = () =>
    page.drawLine({ start: { x: margin, y: y + 10 }, end: { x: right, y: y + 10 }, thickness: 0.5, color: gray });

  draw(input.seller, margin, bold, 12, gray);
  for (const line of input.sellerLines ?? []) {
    y -= 14;
    draw(line, margin, regular, 9, gray);
  }
  y -= 36;
  draw(input.title, margin, bold, 24);
  y -= 40;
  if (input.recipient) {
    draw(input.recipient.label, margin, regular, 10, gray);
    for (const line of input.recipient.lines) {
      draw(line, margin + 150, regular, 11);
      y -= 16;
    }
    y -= 12;
  }
  drawRows(input.details);
  y -= 16;
  rule();
  y -= 12;
  input.amounts.forEach(({ label, value }, index) => {
    const isTotal = index === input.amounts.length - 1;
    const font = isTotal ? bold : regular;
    draw(label, margin, font, isTotal ? 12 : 11);
    drawRight(value, font, isTotal ? 12 : 11);
    y -= isTotal ? 24 : 20;
  });
  if (input.payment) {
    y -= 8;
    rule();
    y -= 12;
    draw(input.payment.heading, margin, bold, 12);
    y -= 24;
    drawRows(input.payment.rows);
  }
  y -= 24;
  for (const line of input.footer) {
    draw(line, margin, regular, 9, gray);
    y -= 14;
  }
  return doc.save();
}
