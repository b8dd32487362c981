import { PDFOperator, PDFOperatorNames } from '@cantoo/pdf-lib';
import QRCode from 'qrcode';

/** The quiet zone the QR specification asks for around the symbol, in modules. */
const quietZone = 4;

const number = (value: number) => String(Math.round(value * 1000) / 1000);

/**
 * A QR code as vector squares (no image: nothing to decode or embed, sharp at any zoom), `size` points wide
 * including its quiet zone, bottom-left corner at (x, y). Each row's dark run is one rectangle, so a typical
 * URL makes a few hundred rectangles and one fill. Level M survives a crease or a smudge on paper. Written as
 * one operator whose argument is the rectangles' text (pdf-lib writes string arguments verbatim), as showText
 * does: a PDFNumber and an operator object per rectangle cost more than drawing the code.
 */
export function qrCodeOperators(text: string, x: number, y: number, size: number): PDFOperator[] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = modules.size;
  const cell = size / (count + 2 * quietZone);
  let body = '0 0 0 rg\n';
  for (let row = 0; row < count; row++) {
    // Rows run top to bottom in the symbol, bottom to top in PDF space.
    const top = y + size - (quietZone + row) * cell;
    let column = 0;
    while (column < count) {
      if (!modules.get(row, column)) {
        column++;
        continue;
      }
      const start = column;
      while (column < count && modules.get(row, column)) column++;
      // A hair of overlap keeps renderers from showing seams between neighbouring rows.
      const left = x + (quietZone + start) * cell;
      body += `${number(left)} ${number(top - cell - 0.05)} ${number((column - start) * cell)} ${number(cell + 0.05)} re\n`;
    }
  }
  return [PDFOperator.of(PDFOperatorNames.FillNonZero, [body])];
}
