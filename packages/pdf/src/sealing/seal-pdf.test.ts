import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { createTimestampingProvider } from '@signlink/providers/timestamping/create-timestamping-provider';
import { type RunningTsaSimulator, startTsaSimulator } from '@signlink/simulators/tsa/tsa-simulator';
import type * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSignatures } from './find-signatures.ts';
import { sharedTestPki } from './local-pki.ts';
import { fixture, pdfsig, qpdfCheck, writeTemp } from './pdf-tools.test-helpers.ts';
import { sealPdf } from './seal-pdf.ts';
import { verifyPdf } from './verify-pdf.ts';

/** Our own B-T writer's choices that the seal-and-verify checks do not see: the form it joins, the CMS's attributes. */
const pki = sharedTestPki();
let tsa: RunningTsaSimulator;

beforeAll(async () => {
  tsa = await startTsaSimulator({ ...pki.tsa, chainPems: [pki.ca.certPem] });
});
afterAll(() => tsa?.close());

const seal = (bytes: Uint8Array, reason = 'Sealed by Signlink: signed by all parties') =>
  sealPdf(bytes, {
    key: { p12: pki.seal.p12, password: pki.seal.password },
    timestampAuthority: createTimestampingProvider({ driver: 'rfc3161-http', url: tsa.url }),
    reason,
  });

function fieldNames(bytes: Uint8Array): string[] {
  const json = execFileSync('qpdf', ['--json', '--json-key=acroform', writeTemp('fields.pdf', bytes)], {
    encoding: 'utf8',
  });
  return (JSON.parse(json) as { acroform: { fields: { fullname: string }[] } }).acroform.fields.map(
    (field) => field.fullname,
  );
}

describe('the B-T seal written as our own incremental update', () => {
  it.each(['libreoffice-form.pdf', 'pdflatex-forms.pdf'])(
    'joins the existing form of %s, whose fields stay',
    async (name) => {
      const original = fixture(name);
      const sealed = await seal(original);
      expect(sealed.level).toBe('B-T');
      expect(Buffer.from(sealed.bytes.subarray(0, original.byteLength)).equals(Buffer.from(original))).toBe(true);
      expect(fieldNames(sealed.bytes)).toEqual([...fieldNames(original), 'Signlink seal']);
      const check = pdfsig(sealed.bytes);
      expect(check.signatureValid, check.output).toBe(true);
      expect(check.wholeDocument, check.output).toBe(true);
      expect(qpdfCheck(sealed.bytes)).toMatchObject({ ok: true });
      expect((await verifyPdf(sealed.bytes, { trustAnchorsPem: [pki.ca.certPem] })).verdict).toBe('valid');
    },
  );

  it('signs content type, digest and signing-certificate-v2 but no signing time, and keeps a translated reason', async () => {
    const sealed = await seal(fixture('minimal-document.pdf'), 'Förseglad av Signlink');
    const [found] = findSignatures(sealed.bytes);
    const contentInfo = pkijs.ContentInfo.fromBER(found?.contents ?? new Uint8Array());
    const signerInfo = new pkijs.SignedData({ schema: contentInfo.content }).signerInfos[0];
    expect(signerInfo?.signedAttrs?.attributes.map((attribute) => attribute.type).sort()).toEqual([
      '1.2.840.113549.1.9.16.2.47',
      '1.2.840.113549.1.9.3',
      '1.2.840.113549.1.9.4',
    ]);
    expect(signerInfo?.unsignedAttrs?.attributes.map((attribute) => attribute.type)).toEqual([
      '1.2.840.113549.1.9.16.2.14',
    ]);
    // SigningCertificateV2 { certs: [ ESSCertIDv2 { certHash, issuerSerial } ] }, the hash over the seal's DER.
    const signingCertificate = signerInfo?.signedAttrs?.attributes.find(
      (attribute) => attribute.type === '1.2.840.113549.1.9.16.2.47',
    )?.values[0] as asn1js.Sequence;
    const essCertId = (signingCertificate.valueBlock.value[0] as asn1js.Sequence).valueBlock
      .value[0] as asn1js.Sequence;
    const certHash = (essCertId.valueBlock.value[0] as asn1js.OctetString).valueBlock.valueHexView;
    expect(Buffer.from(certHash).toString('hex')).toBe(
      new X509Certificate(pki.seal.certPem).fingerprint256.replaceAll(':', '').toLowerCase(),
    );
    expect(pdfsig(sealed.bytes).output).toContain('Signature is Valid');
    const text = Buffer.from(sealed.bytes).toString('latin1');
    expect(text).toContain(
      `/Reason <${Buffer.from('\ufeffFörseglad av Signlink', 'utf16le').swap16().toString('hex').toUpperCase()}>`,
    );
  });
});
