import { PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { qpdfCheck, wordBoxes } from './pdf-tools.test-helpers.ts';
import { stampDocument } from './stamp-document.ts';

/** A page with an unsigned /Sig field named as ours, the way a template made for Signlink carries one. */
async function pdfWithSignatureField(name: string, rect: [number, number, number, number]) {
  const doc = await PDFDocument.create();
  const page = doc.addPage([600, 800]);
  const widget = doc.context.register(
    doc.context.obj({
      Type: 'Annot',
      Subtype: 'Widget',
      FT: 'Sig',
      T: PDFString.of(name),
      Rect: rect,
      F: 4,
      P: page.ref,
    }),
  );
  page.node.set(PDFName.of('Annots'), doc.context.obj([widget]));
  doc.catalog.set(PDFName.of('AcroForm'), doc.context.obj({ Fields: [widget], SigFlags: 0 }));
  return doc.save();
}

describe("a PDF's own signature fields", () => {
  it('signs a /Sig field named Signature[i] that the sender did not adopt, then flattens it away', async () => {
    const bytes = await pdfWithSignatureField('Signature[1]', [300, 100, 500, 160]);
    const { bytes: stamped } = await stampDocument({
      files: [{ bytes, fields: [] }],
      values: {},
      signatures: [
        { signatureIndex: 1, method: 'bankid', signerName: 'Anna Andersson', signedAt: '2024-05-01T13:05:00Z' },
      ],
      texts: {
        signedWithBankId: 'Signed with BankID',
        signedElectronically: 'Signed',
        personalNumber: 'Personal number',
        signedWithIdLive: 'Signed with ID and live check',
      },
    });
    expect(qpdfCheck(stamped)).toMatchObject({ ok: true });
    const name = wordBoxes(stamped).find((word) => word.text === 'Andersson');
    // Rect [300 100 500 160] is y 640..700 from the top of an 800 pt page.
    expect(name?.xMin).toBeGreaterThan(300);
    expect(name?.yMin).toBeGreaterThan(640);
    expect(name?.yMax).toBeLessThan(700);
    const doc = await PDFDocument.load(stamped);
    expect(doc.getForm().getFields()).toEqual([]);
    expect(doc.getPage(0).node.Annots()?.size() ?? 0).toBe(0);
  });
});
