import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';

/** A plain 10-page A4 document, as a typical contract. */
export async function tenPagePdf() {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let page = 1; page <= 10; page += 1) {
    const added = pdf.addPage([595, 842]);
    added.drawText(`Agreement, page ${page}`, { x: 60, y: 770, size: 18, font });
    for (let line = 0; line < 40; line += 1) {
      added.drawText(`Clause ${page}.${line + 1}: the parties agree to what this line says.`, {
        x: 60,
        y: 730 - line * 16,
        size: 10,
        font,
      });
    }
  }
  return { bytes: await pdf.save(), pageSizes: Array.from({ length: 10 }, () => ({ width: 595, height: 842 })) };
}
