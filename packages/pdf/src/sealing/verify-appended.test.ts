import { PDFDict, PDFDocument, PDFHexString, PDFName, PDFRef } from '@cantoo/pdf-lib';
import { HttpTimestampAuthority, PDF } from '@libpdf/core';
import { type RunningTsaSimulator, startTsaSimulator } from '@signlink/simulators/tsa/tsa-simulator';
import * as asn1js from 'asn1js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDss,
  appendUpdate,
  appendXrefRedirect,
  firstContentStreamOf,
  latin1,
  resourcesOf,
  rootOf,
  signedRevisionOf,
} from './appended-update.test-helpers.ts';
import { createLocalCa, issueSealCertificate, sharedTestPki } from './local-pki.ts';
import { fixture, pdfsig } from './pdf-tools.test-helpers.ts';
import { sealPdf } from './seal-pdf.ts';
import { verifyPdf } from './verify-pdf.ts';

/**
 * What may follow the seal and leave it "valid": long-term validation data and document timestamps, nothing else.
 * Each change is appended to a file our seal code sealed, most with a /DSS beside it, since an update mentioning
 * /DSS used to pass as validation data whatever else it held.
 */
const pki = sharedTestPki();
const trust = { trustAnchorsPem: [pki.ca.certPem] };
const validationCertificates = [pki.seal.certPem, pki.ca.certPem, pki.tsa.certPem];
let tsa: RunningTsaSimulator;
let sealed: Uint8Array;
let sealedForm: Uint8Array;

beforeAll(async () => {
  tsa = await startTsaSimulator({ ...pki.tsa, chainPems: [pki.ca.certPem] });
  sealed = await seal(fixture('pdflatex-4-pages.pdf'));
  sealedForm = await seal(fixture('libreoffice-form.pdf'));
}, 60_000);
afterAll(() => tsa?.close());

const timestampAuthority = () => new HttpTimestampAuthority(tsa.url);

async function seal(pdf: Uint8Array, key = pki.seal) {
  const options = { key: { p12: key.p12, password: key.password }, timestampAuthority: timestampAuthority() };
  return (await sealPdf(pdf, { ...options, reason: 'Sealed by Signlink' })).bytes;
}

const verdictOf = async (bytes: Uint8Array) => (await verifyPdf(bytes, trust)).verdict;

describe('after the seal, still valid', () => {
  it('whitespace only', async () => {
    expect(await verdictOf(new Uint8Array([...sealed, 0x0a, 0x20, 0x0d, 0x0a]))).toBe('valid');
  });

  it('a DSS with the seal’s certificates, and a second DSS update after it', async () => {
    const once = await appendUpdate(sealed, (doc) => addDss(doc, validationCertificates));
    expect(await verdictOf(once)).toBe('valid');
    const twice = await appendUpdate(once, (doc) => addDss(doc, [pki.ca.certPem]));
    expect(await verdictOf(twice)).toBe('valid');
    expect(pdfsig(twice).signatureValid).toBe(true);
  });

  it('a DSS whose catalog also declares the ETSI extension it uses', async () => {
    const bytes = await appendUpdate(sealed, (doc) => {
      const esic = doc.context.obj({ BaseVersion: PDFName.of('1.7'), ExtensionLevel: 1 });
      doc.catalog.set(PDFName.of('Extensions'), doc.context.obj({ ESIC: esic }));
      return addDss(doc, validationCertificates);
    });
    expect(await verdictOf(bytes)).toBe('valid');
  });

  it('a document timestamp (PAdES B-LTA) after the seal', async () => {
    const { bytes } = await (await PDF.load(sealed)).addTimestamp({ timestampAuthority: timestampAuthority() });
    const result = await verifyPdf(bytes, trust);
    expect(result.verdict).toBe('valid');
    expect(result.signatures.map((signature) => signature.kind)).toEqual(['signature', 'document-timestamp']);
  });
});

describe('after the seal, modified', () => {
  it('a page content stream redefined, with a /DSS added to the catalog', async () => {
    const bytes = await appendUpdate(sealed, (doc) => {
      const contents = firstContentStreamOf(doc);
      doc.context.assign(contents, doc.context.flateStream('BT /F1 24 Tf 100 100 Td (PAID IN FULL) Tj ET'));
      return [contents, ...addDss(doc, validationCertificates)];
    });
    expect(await verdictOf(bytes)).toBe('modified');
  });

  it("a page's /Contents changed to draw one more stream", async () => {
    const bytes = await appendUpdate(sealed, (doc) => {
      const page = doc.getPage(0);
      page.node.addContentStream(doc.context.register(doc.context.flateStream('0 0 m 500 500 l S')));
      return [page.ref, ...addDss(doc, validationCertificates)];
    });
    expect(await verdictOf(bytes)).toBe('modified');
  });

  it('an annotation added to a page', async () => {
    const bytes = await appendUpdate(sealed, (doc) => {
      const page = doc.getPage(0);
      const note = doc.context.obj({ Type: 'Annot', Subtype: 'Text', Rect: [50, 50, 80, 80], Contents: 'Void' });
      page.node.addAnnot(doc.context.register(note));
      return [page.ref, ...addDss(doc, validationCertificates)];
    });
    expect(await verdictOf(bytes)).toBe('modified');
  });

  it('a font added to the page resources', async () => {
    const bytes = await appendUpdate(sealed, (doc) => {
      const { resources, holder } = resourcesOf(doc);
      const font = doc.context.register(doc.context.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Helvetica' }));
      const fonts = resources.lookupMaybe(PDFName.of('Font'), PDFDict);
      if (!fonts) throw new Error('the page has no fonts');
      fonts.set(PDFName.of('FSneaky'), font);
      return [holder, ...addDss(doc, validationCertificates)];
    });
    expect(await verdictOf(bytes)).toBe('modified');
  });

  it('an image XObject added to the page resources (its /Type is optional)', async () => {
    const bytes = await appendUpdate(sealed, (doc) => {
      const { resources, holder } = resourcesOf(doc);
      const pixel = { Subtype: 'Image', Width: 1, Height: 1, ColorSpace: 'DeviceGray', BitsPerComponent: 8 };
      const image = doc.context.register(doc.context.flateStream(new Uint8Array([0]), pixel));
      resources.set(PDFName.of('XObject'), doc.context.obj({ ISneaky: image }));
      return [holder, ...addDss(doc, validationCertificates)];
    });
    expect(await verdictOf(bytes)).toBe('modified');
  });

  it("a form field's value changed", async () => {
    const bytes = await appendUpdate(sealedForm, (doc) => {
      const field = doc.getForm().getTextField('First Name');
      field.acroField.dict.set(PDFName.of('V'), PDFHexString.fromText('Mallory'));
      return [field.ref, ...addDss(doc, validationCertificates)];
    });
    expect(await verdictOf(bytes)).toBe('modified');
  });

  it('a DSS update whose catalog also gains an /OpenAction', async () => {
    const bytes = await appendUpdate(sealed, (doc) => {
      doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj([doc.getPage(1).ref, 'Fit']));
      return addDss(doc, validationCertificates);
    });
    expect(await verdictOf(bytes)).toBe('modified');
  });

  it('a DSS update with one more object that is no validation data', async () => {
    const bytes = await appendUpdate(sealed, (doc) => {
      doc.context.register(doc.context.flateStream('BT (hidden) Tj ET'));
      return addDss(doc, validationCertificates);
    });
    expect(await verdictOf(bytes)).toBe('modified');
  });

  it('a DSS whose "certificate" is not one', async () => {
    const bytes = await appendUpdate(sealed, (doc) => {
      const fake = doc.context.register(doc.context.flateStream('q 1 0 0 1 0 0 cm Q'));
      doc.catalog.set(PDFName.of('DSS'), doc.context.register(doc.context.obj({ Type: 'DSS', Certs: [fake] })));
      return [rootOf(doc)];
    });
    expect(await verdictOf(bytes)).toBe('modified');
  });

  it('a "certificate" that defines an object the signed page already pointed at', async () => {
    const prepared = await PDFDocument.load(fixture('pdflatex-4-pages.pdf'));
    const later = PDFRef.of(prepared.context.largestObjectNumber + 100);
    prepared.getPage(0).node.addContentStream(later);
    const dangling = await seal(await prepared.save());
    // Valid DER, and to a lenient content-stream parser a number, some junk and then text.
    const text = Buffer.from(' BT /F1 24 Tf 100 100 Td (PAID IN FULL) Tj ET ', 'latin1');
    const der = new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: text })] }).toBER();
    const bytes = await appendUpdate(dangling, (doc) => {
      doc.context.assign(later, doc.context.flateStream(new Uint8Array(der)));
      doc.catalog.set(PDFName.of('DSS'), doc.context.register(doc.context.obj({ Type: 'DSS', Certs: [later] })));
      return [later, rootOf(doc)];
    });
    expect(await verdictOf(bytes)).toBe('modified');
  });

  it('a cross-reference section that points a content stream at other signed bytes, after a DSS update', async () => {
    const withDss = await appendUpdate(sealed, (doc) => addDss(doc, validationCertificates));
    const contents = firstContentStreamOf(await PDFDocument.load(sealed, { updateMetadata: false }));
    const otherObject = [...latin1(sealed).matchAll(/\n(\d+) 0 obj/g)].find(
      (match) => match[1] !== String(contents.objectNumber),
    );
    const redirected = await appendXrefRedirect(withDss, contents, (otherObject?.index ?? 0) + 1);
    expect(latin1(redirected.subarray(signedRevisionOf(sealed).end))).toContain('/DSS');
    expect(await verdictOf(redirected)).toBe('modified');
  });

  it('changed, then stamped with a document timestamp that covers the change', async () => {
    const changed = await appendUpdate(sealed, (doc) => {
      const contents = firstContentStreamOf(doc);
      doc.context.assign(contents, doc.context.flateStream('BT /F1 24 Tf 100 100 Td (PAID IN FULL) Tj ET'));
      return [contents];
    });
    const { bytes } = await (await PDF.load(changed)).addTimestamp({ timestampAuthority: timestampAuthority() });
    expect(await verdictOf(bytes)).toBe('modified');
  });

  it('signed again by someone else after the seal', async () => {
    const stranger = issueSealCertificate(createLocalCa({ commonName: 'Someone else' }));
    const countersigned = await seal(sealed, stranger);
    const result = await verifyPdf(countersigned, trust);
    expect(result.signatures.map((signature) => signature.intact)).toEqual([true, true]);
    expect(result.verdict).toBe('modified');
  });
});
