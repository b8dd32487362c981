import {
  decodePDFRawStream,
  degrees,
  PDFArray,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFStream,
  StandardFonts,
} from '@cantoo/pdf-lib';
import type { PlacedField } from '@signlink/contracts/documents/document-model';
import { describe, expect, it } from 'vitest';
import {
  fixture,
  imageXObjectsOn,
  pdftotext,
  qpdfCheck,
  renderPage,
  type WordBox,
  wordBoxes,
} from './pdf-tools.test-helpers.ts';
import type { InkSignature, SignedSlot, StampRequest, StampTexts } from './seal-input.ts';
import { stampDocument } from './stamp-document.ts';

const texts: StampTexts = {
  signedWithBankId: 'Signerat med BankID',
  signedElectronically: 'Signerat elektroniskt',
  personalNumber: 'Personnummer',
  signedWithIdLive: 'Signerat med ID och livekontroll',
};

let fieldId = 0;
function field(
  type: PlacedField['type'],
  signatureIndex: number,
  at: Partial<PlacedField> & { name: string },
): PlacedField {
  return {
    id: `f${++fieldId}`,
    type,
    signatureIndex,
    page: 1,
    x: 60,
    y: 100,
    width: 200,
    height: 60,
    required: true,
    ...at,
  };
}

/** A looping scribble as signature_pad records it: CSS pixels, y down. */
const ink: InkSignature = {
  width: 500,
  height: 200,
  strokes: [
    {
      penColor: 'rgb(0, 0, 128)',
      points: Array.from({ length: 80 }, (_, i) => ({ x: 30 + i * 5, y: 100 + Math.sin(i / 5) * 60 })),
    },
    {
      points: [
        { x: 120, y: 170 },
        { x: 380, y: 165 },
      ],
    },
    { points: [{ x: 450, y: 40 }] },
  ],
};

const signers: SignedSlot[] = [
  {
    signatureIndex: 0,
    method: 'ink',
    signerName: 'Åsa Öberg',
    clarifiedName: 'Åsa M. Öberg',
    signedAt: '2024-05-01T12:34:56.789Z',
    ink,
  },
  {
    signatureIndex: 1,
    method: 'bankid',
    signerName: 'Anna Andersson',
    personalNumber: '199001011234',
    signedAt: '2024-05-01T13:05:00Z',
  },
  { signatureIndex: 2, method: 'bankid', signerName: 'José Núñez', signedAt: '2024-05-02T08:00:00Z' },
];

describe('stampDocument', () => {
  it('merges the files and draws values, ink and BankID blocks that poppler reads, and qpdf accepts', async () => {
    const request: StampRequest = {
      files: [
        {
          bytes: fixture('pdflatex-4-pages.pdf'),
          fields: [
            field('signature', 0, { name: 'Signature[0]', page: 4, x: 60, y: 560, width: 220, height: 80 }),
            field('signature', 0, { name: 'Signature[0].2', page: 1, x: 60, y: 700, width: 160, height: 50 }),
            field('signature', 1, { name: 'Signature[1]', page: 4, x: 320, y: 560, width: 220, height: 80 }),
            field('text', 0, { name: 'Text[0]', page: 4, x: 60, y: 660, width: 240, height: 20 }),
            field('date', 0, { name: 'Date[0]', page: 4, x: 320, y: 660, width: 120, height: 20 }),
            field('checkbox', 0, { name: 'Checkbox[0]', page: 4, x: 460, y: 660, width: 14, height: 14 }),
            field('checkbox', 0, { name: 'Checkbox[0].2', page: 4, x: 480, y: 660, width: 14, height: 14 }),
            field('name-clarification', 0, {
              name: 'NameClarification[0]',
              page: 4,
              x: 60,
              y: 690,
              width: 220,
              height: 20,
            }),
          ],
        },
        {
          bytes: fixture('minimal-document.pdf'),
          fields: [field('signature', 2, { name: 'Signature[2]', page: 1, x: 300, y: 600 })],
        },
      ],
      values: {
        'Text[0]': 'Señor ñandú åäö ÅÄÖ éü 名前 Ω',
        'Date[0]': '2024-05-01',
        'Checkbox[0]': true,
        'Checkbox[0].2': 'false',
      },
      signatures: signers,
      texts,
    };
    const { bytes, pageCount } = await stampDocument(request);

    expect(pageCount).toBe(5);
    expect(qpdfCheck(bytes)).toMatchObject({ ok: true });
    const lastOfFirstFile = pdftotext(bytes, { first: 4, last: 4 });
    expect(lastOfFirstFile).toContain('Señor ñandú åäö ÅÄÖ éü ?? Ω');
    expect(lastOfFirstFile).toContain('2024-05-01');
    expect(lastOfFirstFile).toContain('Åsa M. Öberg · 2024-05-01 12:34 UTC');
    expect(lastOfFirstFile).toContain('Signerat med BankID');
    expect(lastOfFirstFile).toContain('Anna Andersson');
    expect(lastOfFirstFile).toContain('Personnummer: 19900101-1234');
    expect(lastOfFirstFile).toContain('2024-05-01 13:05 UTC');
    expect(pdftotext(bytes, { first: 1, last: 1 })).toContain('Åsa M. Öberg · 2024-05-01 12:34 UTC');
    // The second file's page, signed without a personal number (the document hides them).
    const secondFile = pdftotext(bytes, { first: 5, last: 5 });
    expect(secondFile).toContain('José Núñez');
    expect(secondFile).not.toContain('Personnummer');

    const doc = await PDFDocument.load(bytes);
    expect(imageXObjectsOn(doc, 3)).toBe(0);
    const content = pageContent(doc, 3);
    // Vector ink: curves, stroked with round caps; and the check mark of the one checked box.
    expect(content).toMatch(/ c\n/);
    expect(content).toContain('1 J');
    renderPage(bytes, 4, 'stamped-signature-page', 100);
  });

  it('leaves the page content streams as they were, only appending', async () => {
    const original = await PDFDocument.load(fixture('pdflatex-4-pages.pdf'));
    const before = contentStreamsOf(original, 0);
    const { bytes } = await stampDocument({
      files: [{ bytes: fixture('pdflatex-4-pages.pdf'), fields: [field('signature', 1, { name: 'Signature[1]' })] }],
      values: {},
      signatures: signers,
      texts,
    });
    const after = contentStreamsOf(await PDFDocument.load(bytes), 0);
    for (const stream of before) expect(after).toContainEqual(stream);
    expect(after.length).toBeGreaterThan(before.length);
  });

  it('fills and flattens the PDF’s own form: text, checkbox, radio, dropdown; no fields remain', async () => {
    const form = fixture('libreoffice-form.pdf');
    const source = (await PDFDocument.load(form)).getForm();
    const nationality = source.getDropdown('Nationality').getOptions();
    const radio = source.getRadioGroup('female').getOptions();
    const { bytes } = await stampDocument({
      files: [
        {
          bytes: form,
          fields: [
            field('text', 0, { name: 'Text[0]', pdfFieldName: 'First Name', x: 0, y: 0, width: 100, height: 20 }),
          ],
        },
      ],
      values: {
        'Text[0]': 'Åsa',
        'Last Name': 'Öberg-Núñez',
        Birthday: '1990-01-01',
        gdpr: true,
        female: radio[0] ?? '',
        Nationality: nationality[1] ?? '',
      },
      signatures: [],
      texts,
    });

    expect(qpdfCheck(bytes)).toMatchObject({ ok: true });
    const doc = await PDFDocument.load(bytes);
    expect(doc.catalog.has(PDFName.of('AcroForm'))).toBe(false);
    expect(doc.getForm().getFields()).toEqual([]);
    const annots = doc.getPage(0).node.lookupMaybe(PDFName.of('Annots'), PDFArray);
    expect(annots?.size() ?? 0).toBe(0);
    const text = pdftotext(bytes);
    for (const value of ['Åsa', 'Öberg-Núñez', '1990-01-01', nationality[1]]) expect(text).toContain(value);
    renderPage(bytes, 1, 'stamped-form', 60);
  });

  it('keeps annotations that are not form widgets', async () => {
    const { bytes } = await stampDocument({
      files: [{ bytes: fixture('annotated_pdf.pdf'), fields: [] }],
      values: {},
      signatures: [],
      texts,
    });
    const before = (await PDFDocument.load(fixture('annotated_pdf.pdf'))).getPage(0).node.Annots()?.size();
    expect((await PDFDocument.load(bytes)).getPage(0).node.Annots()?.size()).toBe(before);
  });

  it.each([0, 90, 180, 270])('puts fields where the editor showed them on a page with /Rotate %i', async (angle) => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([600, 400]);
    page.setRotation(degrees(angle));
    page.drawText('x', { x: 10, y: 10, size: 4, font: await doc.embedFont(StandardFonts.Helvetica) });
    const shown = angle % 180 === 0 ? { width: 600, height: 400 } : { width: 400, height: 600 };
    const { bytes } = await stampDocument({
      files: [
        {
          bytes: await doc.save(),
          fields: [
            field('text', 0, { name: 'Text[0]', x: 20, y: 20, width: 150, height: 24 }),
            field('text', 0, { name: 'Text[0].2', x: shown.width - 170, y: shown.height - 44, width: 150, height: 24 }),
            field('signature', 1, {
              name: 'Signature[1]',
              x: shown.width / 2 - 80,
              y: shown.height / 2 - 30,
              width: 160,
              height: 60,
            }),
          ],
        },
      ],
      values: { 'Text[0]': 'TOPLEFT', 'Text[0].2': 'BOTTOMRIGHT' },
      signatures: signers,
      texts,
    });
    const words = wordBoxes(bytes);
    const topLeft = wordNamed(words, 'TOPLEFT');
    const bottomRight = wordNamed(words, 'BOTTOMRIGHT');
    // poppler's word boxes are on the page as shown (its page width attribute is not: it stays unrotated).
    expect(topLeft.xMin).toBeCloseTo(22, 0);
    expect(topLeft.xMax).toBeLessThan(shown.width / 2);
    expect(topLeft.yMax).toBeLessThan(shown.height / 2);
    expect(bottomRight.xMin).toBeGreaterThan(shown.width / 2);
    expect(bottomRight.yMin).toBeGreaterThan(shown.height / 2);
    // Upright as shown: a horizontal word is wider than it is tall.
    expect(topLeft.xMax - topLeft.xMin).toBeGreaterThan(topLeft.yMax - topLeft.yMin);
    const bankId = wordNamed(words, 'BankID');
    expect(Math.abs((bankId.yMin + bankId.yMax) / 2 - shown.height / 2)).toBeLessThan(30);
    if (angle === 90) renderPage(bytes, 1, 'stamped-rotated-90', 50);
  });
});

function wordNamed(words: WordBox[], text: string): WordBox {
  const word = words.find((candidate) => candidate.text === text);
  if (!word) throw new Error(`no word ${text} on the page`);
  return word;
}

function pageContent(doc: PDFDocument, pageIndex: number): string {
  return contentStreamsOf(doc, pageIndex).join('\n');
}

function contentStreamsOf(doc: PDFDocument, pageIndex: number): string[] {
  const contents = doc.getPage(pageIndex).node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
  return streams
    .filter((stream): stream is PDFStream => stream instanceof PDFStream)
    .map((stream) =>
      Buffer.from(stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents()).toString(
        'latin1',
      ),
    );
}
