import fs from 'node:fs';
import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { fixture, fixtures, pdftotext, qpdfCheck } from './pdf-tools.test-helpers.ts';
import { stampDocument } from './stamp-document.ts';

// Every real-world file upload accepts (README: all but the password-protected one) must stamp cleanly.
const accepted = fs
  .readdirSync(fixtures)
  .filter((name) => name.endsWith('.pdf') && !name.includes('password'))
  .sort();

describe('stamping real-world PDFs', () => {
  it.each(accepted)('%s stamps, keeps its pages and passes qpdf --check', async (name) => {
    const bytes = fixture(name);
    const pageCount = (await PDFDocument.load(bytes)).getPageCount();
    const { bytes: stamped, pageCount: stampedPages } = await stampDocument({
      files: [
        {
          bytes,
          fields: [
            {
              id: 'a',
              type: 'signature',
              signatureIndex: 0,
              page: 1,
              x: 0,
              y: 0,
              width: 150,
              height: 50,
              required: true,
            },
          ],
        },
      ],
      values: {},
      signatures: [{ signatureIndex: 0, method: 'bankid', signerName: 'Åsa Öberg', signedAt: '2024-01-01T00:00:00Z' }],
      texts: {
        signedWithBankId: 'Signerat med BankID',
        signedElectronically: 'Signerat',
        personalNumber: 'Personnummer',
        signedWithIdLive: 'Signerat med ID och livekontroll',
      },
    });
    expect(stampedPages).toBe(pageCount);
    expect(qpdfCheck(stamped)).toMatchObject({ ok: true });
    // The one fixture whose page (3.84 pt square) is smaller than the field shows only the block's corner.
    if (!name.startsWith('imagemagick')) expect(pdftotext(stamped, { first: 1, last: 1 })).toContain('Åsa Öberg');
  });
});
