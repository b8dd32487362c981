import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import { HttpTimestampAuthority, PDF } from '@libpdf/core';
import { type RunningTsaSimulator, startTsaSimulator } from '@signlink/simulators/tsa/tsa-simulator';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSignatures } from './find-signatures.ts';
import { createLocalCa, issueSealCertificate, issueTsaCertificate, sharedTestPki } from './local-pki.ts';
import { pdfsig, qpdfCheck } from './pdf-tools.test-helpers.ts';
import { sealPdf } from './seal-pdf.ts';
import { verifyPdf } from './verify-pdf.ts';

/**
 * The seal as others read it: poppler's pdfsig and qpdf on every sealed file, and our verifier's verdict on the
 * sealed file and on each kind of tampering the issue names.
 */
const fixtures = join(import.meta.dirname, '../../../../../shared/fixtures/pdfs');
const pki = sharedTestPki();
const trust = { trustAnchorsPem: [pki.ca.certPem] };
let tsa: RunningTsaSimulator;
let sealed: Uint8Array;

beforeAll(async () => {
  tsa = await startTsaSimulator({ ...pki.tsa, chainPems: [pki.ca.certPem] });
  const original = new Uint8Array(readFileSync(join(fixtures, 'pdflatex-4-pages.pdf')));
  sealed = (await sealPdf(original, sealOptions())).bytes;
}, 60_000);
afterAll(() => tsa?.close());

const timestampAuthority = () => new HttpTimestampAuthority(tsa.url);

function sealOptions(key = pki.seal) {
  return {
    key: { p12: key.p12, password: key.password },
    timestampAuthority: timestampAuthority(),
    reason: 'Sealed by Signlink: signed by all parties',
  };
}

describe('the seal', () => {
  it('is a PAdES B-T signature that pdfsig and qpdf accept and that covers the whole file', async () => {
    const check = pdfsig(sealed);
    expect(check.output).toContain('ETSI.CAdES.detached');
    expect(check.signatureValid).toBe(true);
    expect(check.wholeDocument).toBe(true);
    expect(qpdfCheck(sealed)).toMatchObject({ ok: true });
  });

  it('is valid to our verifier, with a timestamp from the TSA that stamps this signature', async () => {
    const result = await verifyPdf(sealed, trust);
    expect(result.verdict).toBe('valid');
    expect(result.signatures).toHaveLength(1);
    const [signature] = result.signatures;
    expect(signature?.coversWholeFile).toBe(true);
    expect(signature?.trusted).toBe(true);
    expect(signature?.timestamp).toMatchObject({ valid: true, trusted: true });
    expect(Math.abs((signature?.timestamp?.time?.getTime() ?? 0) - Date.now())).toBeLessThan(120_000);
    expect(result.signedRevisionSha256).toBe(result.sha256);
  });

  it('is not ours when the verifier does not trust its CA', async () => {
    const stranger = createLocalCa({ commonName: 'Someone else' });
    const result = await verifyPdf(sealed, { trustAnchorsPem: [stranger.certPem] });
    expect(result.verdict).toBe('not-sealed-by-us');
  });

  it('is not ours when sealed by another CA with a timestamp', async () => {
    const otherCa = createLocalCa({ commonName: 'Other CA' });
    const otherSeal = issueSealCertificate(otherCa);
    const original = new Uint8Array(readFileSync(join(fixtures, 'minimal-document.pdf')));
    const foreign = (await sealPdf(original, sealOptions(otherSeal))).bytes;
    expect(pdfsig(foreign).signatureValid).toBe(true);
    expect((await verifyPdf(foreign, trust)).verdict).toBe('not-sealed-by-us');
  });

  it('refuses to call a timestamp trusted when the TSA is not', async () => {
    const rogueCa = createLocalCa({ commonName: 'Rogue TSA CA' });
    const rogueTsa = await startTsaSimulator({ ...issueTsaCertificate(rogueCa), chainPems: [rogueCa.certPem] });
    try {
      const original = new Uint8Array(readFileSync(join(fixtures, 'minimal-document.pdf')));
      const bytes = (
        await sealPdf(original, { ...sealOptions(), timestampAuthority: new HttpTimestampAuthority(rogueTsa.url) })
      ).bytes;
      const result = await verifyPdf(bytes, trust);
      expect(result.signatures[0]?.timestamp).toMatchObject({ valid: true, trusted: false });
    } finally {
      await rogueTsa.close();
    }
  });
});

describe('tampering', () => {
  it('one byte changed inside the signed range: broken, and pdfsig agrees', async () => {
    const tampered = new Uint8Array(sealed);
    const [signature] = (await verifyPdf(sealed, trust)).signatures;
    const inside = Math.floor((signature?.byteRange[1] ?? 0) / 2);
    tampered[inside] = (tampered[inside] ?? 0) ^ 0x01;
    expect((await verifyPdf(tampered, trust)).verdict).toBe('broken');
    expect(pdfsig(tampered).signatureValid).toBe(false);
  });

  it('an incremental update that changes a page: modified after signing', async () => {
    const document = await PDF.load(sealed);
    document.getPages()[0]?.drawText('PAID IN FULL', { x: 100, y: 100, size: 24 });
    const appended = await document.save({ incremental: true });
    expect(Buffer.from(appended.subarray(0, sealed.length)).equals(Buffer.from(sealed))).toBe(true);
    const result = await verifyPdf(appended, trust);
    expect(result.verdict).toBe('modified');
    expect(result.signedRevisionSha256).toBe((await verifyPdf(sealed, trust)).sha256);
    expect(pdfsig(appended).wholeDocument).toBe(false);
  });

  it('the signature stripped: not sealed by us', async () => {
    const text = Buffer.from(sealed).toString('latin1').replaceAll('/ByteRange', '/ByteRangX');
    const stripped = new Uint8Array(Buffer.from(text, 'latin1'));
    expect((await verifyPdf(stripped, trust)).verdict).toBe('not-sealed-by-us');
  });

  it('re-saved by a PDF library: broken', async () => {
    const resaved = await (await PDFDocument.load(sealed)).save();
    const result = await verifyPdf(resaved, trust);
    expect(['broken', 'not-sealed-by-us']).toContain(result.verdict);
    expect(result.verdict).not.toBe('valid');
  });

  it('a document timestamp whose token holds no TSTInfo: broken, not an error', async () => {
    const { bytes } = await (await PDF.load(sealed)).addTimestamp({ timestampAuthority: timestampAuthority() });
    const stamp = findSignatures(bytes)[1];
    const [, gapStart = 0, gapEnd = 0] = stamp?.byteRange ?? [];
    const token = new pkijs.ContentInfo({ schema: asn1js.fromBER(stamp?.contents ?? new Uint8Array()).result });
    const signedData = new pkijs.SignedData({ schema: token.content });
    signedData.encapContentInfo.eContent = new asn1js.OctetString({ valueHex: new Uint8Array([1, 2, 3]) });
    const der = new pkijs.ContentInfo({ contentType: token.contentType, content: signedData.toSchema(true) })
      .toSchema()
      .toBER();
    const tampered = new Uint8Array(bytes);
    tampered.set(
      Buffer.from(
        `<${Buffer.from(der)
          .toString('hex')
          .padEnd(gapEnd - gapStart - 2, '0')}>`,
      ),
      gapStart,
    );
    const result = await verifyPdf(tampered, trust);
    expect(result.verdict).toBe('broken');
    expect(result.signatures.map((signature) => signature.intact)).toEqual([true, false]);
  });

  it('throws on a file that is not a PDF (the route answers it with the catalogue)', async () => {
    await expect(verifyPdf(new TextEncoder().encode('hello'), trust)).rejects.toThrow(/not a PDF/);
  });
});
