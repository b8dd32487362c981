import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { createTimestampingProvider } from '@signlink/providers/timestamping/create-timestamping-provider';
import { type RunningTsaSimulator, startTsaSimulator } from '@signlink/simulators/tsa/tsa-simulator';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findSignatures } from './find-signatures.ts';
import { issueSealCertificate, type RevocationLocations, sharedTestPki } from './local-pki.ts';
import { fixture, pdfsig, qpdfCheck, writeTemp } from './pdf-tools.test-helpers.ts';
import { RevocationUnavailableError, SealCertificateRevokedError } from './revocation.ts';
import { type RunningRevocationServer, serialOf, startRevocationServer } from './revocation-server.test-helpers.ts';
import { sealPdf } from './seal-pdf.ts';
import { verifyPdf } from './verify-pdf.ts';

/**
 * The B-LT seal, for a seal certificate that names where its revocation status lives: the CA's CRL and OCSP
 * services run on loopback, and each test looks for the very bytes they answered inside the sealed file's /DSS.
 */
const pki = sharedTestPki();
const trust = { trustAnchorsPem: [pki.ca.certPem] };
let tsa: RunningTsaSimulator;
let revocation: RunningRevocationServer;

beforeAll(async () => {
  tsa = await startTsaSimulator({ ...pki.tsa, chainPems: [pki.ca.certPem] });
  revocation = await startRevocationServer(pki.ca);
});
afterAll(async () => {
  await tsa?.close();
  await revocation?.close();
});
afterEach(() => revocation.reset());

function sealWith(
  locations: RevocationLocations,
  certificate = issueSealCertificate(pki.ca, { revocation: locations }),
) {
  const sealing = sealPdf(fixture('pdflatex-4-pages.pdf'), {
    key: { p12: certificate.p12, password: certificate.password },
    timestampAuthority: createTimestampingProvider({ driver: 'rfc3161-http', url: tsa.url }),
    reason: 'Sealed by Signlink: signed by all parties',
  });
  return { certificate, sealing };
}

/** The /DSS as qpdf reads it, its streams decoded: a reader independent of the library that wrote it. */
function dssOf(bytes: Uint8Array) {
  const json = execFileSync(
    'qpdf',
    [
      '--json',
      '--json-key=qpdf',
      '--json-stream-data=inline',
      '--decode-level=generalized',
      writeTemp('dss.pdf', bytes),
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  type Objects = Record<string, { value?: Record<string, unknown>; stream?: { data: string } }>;
  const objects = (JSON.parse(json) as { qpdf: [unknown, Objects] }).qpdf[1];
  const objectAt = (ref: unknown) => objects[`obj:${ref}`]?.value ?? {};
  const dss = objectAt(objectAt(objects.trailer?.value?.['/Root'])['/DSS']);
  const streams = (key: string) =>
    ((dss[key] ?? []) as string[]).map((ref) => Buffer.from(objects[`obj:${ref}`]?.stream?.data ?? '', 'base64'));
  return {
    type: dss['/Type'],
    certs: streams('/Certs'),
    crls: streams('/CRLs'),
    ocsps: streams('/OCSPs'),
    vri: (dss['/VRI'] ?? {}) as Record<string, Record<string, unknown>>,
  };
}

/** ETSI EN 319 142-1, 5.4.2.2: a VRI key is the uppercase hex SHA-1 of the signature's /Contents string. */
function vriKeyOf(bytes: Uint8Array): string {
  const [signature] = findSignatures(bytes);
  const [, contentsStart = 0, contentsEnd = 0] = signature?.byteRange ?? [];
  const hex = Buffer.from(bytes.subarray(contentsStart + 1, contentsEnd - 1)).toString('latin1');
  return createHash('sha1').update(Buffer.from(hex, 'hex')).digest('hex').toUpperCase();
}

const derOf = (pem: string) => Buffer.from(new X509Certificate(pem).raw);

async function expectValidAfterItsDss(bytes: Uint8Array) {
  const check = pdfsig(bytes);
  expect(check.signatureValid, check.output).toBe(true);
  // The DSS is an incremental update after the signature: the signature does not cover it, and must not.
  expect(check.wholeDocument, check.output).toBe(false);
  expect(qpdfCheck(bytes)).toMatchObject({ ok: true });
  const result = await verifyPdf(bytes, trust);
  expect(result.verdict).toBe('valid');
  expect(result.modifiedAfterSigning).toBe(false);
  expect(result.signatures[0]).toMatchObject({ intact: true, trusted: true, timestamp: { valid: true } });
  const signedEnd = (result.signatures[0]?.byteRange[2] ?? 0) + (result.signatures[0]?.byteRange[3] ?? 0);
  expect(Buffer.from(bytes.subarray(signedEnd)).toString('latin1')).toMatch(/\/Type\s*\/DSS/);
}

describe('the B-LT seal', () => {
  it("embeds the CA's CRL, as served, with the seal's and the TSA's certificates in a /DSS after the signature", async () => {
    const before = revocation.servedCrls.length;
    const { certificate, sealing } = sealWith({ crlUrl: revocation.crlUrl });
    const sealed = await sealing;
    expect(sealed.level).toBe('B-LT');
    expect(revocation.servedCrls).toHaveLength(before + 1);
    const dss = dssOf(sealed.bytes);
    expect(dss.type).toBe('/DSS');
    expect(dss.crls).toEqual([Buffer.from(revocation.servedCrls[before] ?? [])]);
    expect(dss.ocsps).toEqual([]);
    for (const pem of [certificate.certPem, pki.ca.certPem, pki.tsa.certPem])
      expect(dss.certs).toContainEqual(derOf(pem));
    expect(dss.vri[`/${vriKeyOf(sealed.bytes)}`]).toMatchObject({
      '/CRL': expect.any(Array),
      '/Cert': expect.any(Array),
    });
    // What a relying party does with it: OpenSSL checks the embedded CRL's signature against our CA.
    const ca = writeTemp('ca.pem', Buffer.from(pki.ca.certPem));
    const crl = writeTemp('dss.crl', dss.crls[0] ?? new Uint8Array());
    const crlCheck = spawnSync('openssl', ['crl', '-inform', 'DER', '-in', crl, '-CAfile', ca, '-noout'], {
      encoding: 'utf8',
    });
    expect(crlCheck.stderr + crlCheck.stdout).toContain('verify OK');
    await expectValidAfterItsDss(sealed.bytes);
  });

  it("embeds the CA's OCSP response for the seal certificate, and fetches no CRL once OCSP has answered", async () => {
    const [crlsBefore, ocspBefore] = [revocation.servedCrls.length, revocation.servedOcspResponses.length];
    const { certificate, sealing } = sealWith({ ocspUrl: revocation.ocspUrl, crlUrl: revocation.crlUrl });
    const sealed = await sealing;
    expect(sealed.level).toBe('B-LT');
    expect(revocation.servedOcspResponses).toHaveLength(ocspBefore + 1);
    expect(revocation.servedCrls).toHaveLength(crlsBefore);
    const dss = dssOf(sealed.bytes);
    expect(dss.ocsps).toEqual([Buffer.from(revocation.servedOcspResponses[ocspBefore] ?? [])]);
    expect(dss.crls).toEqual([]);
    expect(dss.vri[`/${vriKeyOf(sealed.bytes)}`]).toMatchObject({ '/OCSP': expect.any(Array) });
    // OpenSSL reads the embedded response as "good" for this very certificate, signed by the CA.
    const ca = writeTemp('ca.pem', Buffer.from(pki.ca.certPem));
    const seal = writeTemp('seal.pem', Buffer.from(certificate.certPem));
    const response = writeTemp('dss.ocsp', dss.ocsps[0] ?? new Uint8Array());
    const ocspCheck = spawnSync('openssl', ['ocsp', '-respin', response, '-CAfile', ca, '-issuer', ca, '-cert', seal], {
      encoding: 'utf8',
    });
    expect(ocspCheck.stderr).toContain('Response verify OK');
    expect(ocspCheck.stdout).toContain(`${seal}: good`);
    await expectValidAfterItsDss(sealed.bytes);
  });

  it('is not made when the CA does not answer: a retryable error naming the server, never a B-LT seal without its data', async () => {
    revocation.isDown = true;
    try {
      const before = revocation.requestsReceived;
      const { sealing } = sealWith({ crlUrl: revocation.crlUrl });
      const error = await sealing.then(
        () => null,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(RevocationUnavailableError);
      expect((error as RevocationUnavailableError).isRetryable).toBe(true);
      expect((error as Error).message).toContain(revocation.crlUrl);
      expect((error as Error).message).toContain('Signlink Local Seal');
      expect(revocation.requestsReceived).toBeGreaterThan(before);
    } finally {
      revocation.isDown = false;
    }
  });

  it('falls back from an OCSP responder that is down to the CRL the certificate also names', async () => {
    revocation.ocspIsDown = true;
    try {
      const before = revocation.servedCrls.length;
      const sealed = await sealWith({ ocspUrl: revocation.ocspUrl, crlUrl: revocation.crlUrl }).sealing;
      expect(sealed.level).toBe('B-LT');
      expect(dssOf(sealed.bytes).crls).toEqual([Buffer.from(revocation.servedCrls[before] ?? [])]);
    } finally {
      revocation.ocspIsDown = false;
    }
  });

  it('stays B-T, with our own writer and no /DSS, for a certificate whose AIA names only where its issuer is', async () => {
    const requests = revocation.requestsReceived;
    const sealed = await sealWith({ caIssuersUrl: `${revocation.crlUrl}/../ca.cer` }).sealing;
    expect(sealed.level).toBe('B-T');
    expect(Buffer.from(sealed.bytes).toString('latin1')).not.toMatch(/\/DSS\b/);
    expect(revocation.requestsReceived).toBe(requests);
    expect(pdfsig(sealed.bytes)).toMatchObject({ signatureValid: true, wholeDocument: true });
  });
});

const failureOf = (sealing: Promise<unknown>) =>
  sealing.then(
    () => null,
    (failure: unknown) => failure as Error,
  );

describe('the B-LT seal, for a certificate its CA does not vouch for', () => {
  const both = () => ({ ocspUrl: revocation.ocspUrl, crlUrl: revocation.crlUrl });
  const keyCompromise = 1;
  const revokedAt = new Date('2026-01-02T03:04:05Z');

  it('is refused, for good, when the CRL lists the seal certificate: the error names it, when and why', async () => {
    const certificate = issueSealCertificate(pki.ca, { revocation: { crlUrl: revocation.crlUrl } });
    revocation.revoked.set(serialOf(certificate.certPem), { at: revokedAt, reason: keyCompromise });
    const error = await failureOf(sealWith({}, certificate).sealing);
    expect(error).toBeInstanceOf(SealCertificateRevokedError);
    expect((error as SealCertificateRevokedError).isRetryable).toBe(false);
    expect(error?.message).toContain('"Signlink Local Seal"');
    expect(error?.message).toContain(new X509Certificate(certificate.certPem).serialNumber.toLowerCase());
    expect(error?.message).toContain('revoked since 2026-01-02T03:04:05.000Z (keyCompromise)');
    expect(error?.message).toContain(revocation.crlUrl);
  });

  it("is refused when the CA's OCSP responder says revoked, without asking the CRL as well", async () => {
    const certificate = issueSealCertificate(pki.ca, { revocation: both() });
    revocation.revoked.set(serialOf(certificate.certPem), { at: revokedAt });
    const crls = revocation.servedCrls.length;
    const error = await failureOf(sealWith({}, certificate).sealing);
    expect(error).toBeInstanceOf(SealCertificateRevokedError);
    expect(error?.message).toContain(`revoked since 2026-01-02T03:04:05.000Z according to ${revocation.ocspUrl}`);
    expect(revocation.servedCrls).toHaveLength(crls);
  });

  it('is refused when the OCSP responder does not know the seal certificate', async () => {
    revocation.ocspAnswersUnknown = true;
    const error = await failureOf(sealWith(both()).sealing);
    expect(error).toBeInstanceOf(SealCertificateRevokedError);
    expect((error as SealCertificateRevokedError).refused).toMatchObject([
      { status: 'unknown', url: revocation.ocspUrl },
    ]);
    expect(error?.message).toContain(`is unknown to its CA's OCSP responder at ${revocation.ocspUrl}`);
  });

  it('counts a CRL signed by another key as no answer: retryable, never as good', async () => {
    revocation.crlIsForged = true;
    const error = await failureOf(sealWith({ crlUrl: revocation.crlUrl }).sealing);
    expect(error).toBeInstanceOf(RevocationUnavailableError);
    expect((error as RevocationUnavailableError).isRetryable).toBe(true);
    expect(error?.message).toContain("the CRL's signature does not verify with the issuer's key");
  });

  it('counts a CRL whose nextUpdate has passed as no answer', async () => {
    revocation.crlIsOutOfDate = true;
    const error = await failureOf(sealWith({ crlUrl: revocation.crlUrl }).sealing);
    expect(error).toBeInstanceOf(RevocationUnavailableError);
    expect(error?.message).toMatch(/the CRL is out of date since \d{4}-/);
  });

  it('passes over a forged OCSP response to the CRL, and embeds only the CRL', async () => {
    revocation.ocspIsForged = true;
    const before = revocation.servedCrls.length;
    const sealed = await sealWith(both()).sealing;
    const dss = dssOf(sealed.bytes);
    expect(dss.ocsps).toEqual([]);
    expect(dss.crls).toEqual([Buffer.from(revocation.servedCrls[before] ?? [])]);
    await expectValidAfterItsDss(sealed.bytes);
  });

  it('is made, and valid, when the CRL lists other certificates only', async () => {
    const other = issueSealCertificate(pki.ca, { revocation: { crlUrl: revocation.crlUrl } });
    revocation.revoked.set(serialOf(other.certPem), { at: revokedAt, reason: keyCompromise });
    const sealed = await sealWith({ crlUrl: revocation.crlUrl }).sealing;
    expect(sealed.level).toBe('B-LT');
    await expectValidAfterItsDss(sealed.bytes);
  });
});
