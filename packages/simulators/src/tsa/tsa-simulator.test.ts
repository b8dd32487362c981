import { createHash, randomBytes, webcrypto, X509Certificate } from 'node:crypto';
import { HttpTimestampAuthority } from '@libpdf/core';
import { sharedTestPki } from '@signlink/pdf/sealing/local-pki';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RunningTsaSimulator, startTsaSimulator } from './tsa-simulator.ts';
import { TSA_SIMULATOR_POLICY } from './tsa-token.ts';

const engine = new pkijs.CryptoEngine({
  name: 'node',
  crypto: webcrypto as unknown as pkijs.CryptoEngineParameters['crypto'],
});
const ATTR_SIGNING_CERTIFICATE_V2 = '1.2.840.113549.1.9.16.2.47';

interface ParsedToken {
  signedData: pkijs.SignedData;
  tstInfo: pkijs.TSTInfo;
}

function parseToken(token: Uint8Array): ParsedToken {
  const contentInfo = pkijs.ContentInfo.fromBER(token);
  const signedData = new pkijs.SignedData({ schema: contentInfo.content });
  const eContent = signedData.encapContentInfo.eContent as asn1js.OctetString;
  return { signedData, tstInfo: pkijs.TSTInfo.fromBER(eContent.getValue()) };
}

/** A TimeStampReq as a client would send it. */
function timeStampReq(input: { digest: Uint8Array; hashOid?: string; nonce?: number; certReq?: boolean }): Buffer {
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: input.hashOid ?? '2.16.840.1.101.3.4.2.1' }),
      hashedMessage: new asn1js.OctetString({ valueHex: input.digest }),
    }),
    // pkijs takes a key that is present but undefined as a value to encode, so absent fields stay out.
    ...(input.nonce === undefined ? {} : { nonce: new asn1js.Integer({ value: input.nonce }) }),
    ...(input.certReq === undefined ? {} : { certReq: input.certReq }),
  });
  return Buffer.from(request.toSchema().toBER(false));
}

async function post(
  url: string,
  body: Uint8Array,
): Promise<{ status: number; type: string | null; resp?: pkijs.TimeStampResp }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/timestamp-query' },
    body,
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    resp: bytes.byteLength ? pkijs.TimeStampResp.fromBER(bytes) : undefined,
  };
}

function failBits(resp: pkijs.TimeStampResp | undefined): number[] {
  const bits = resp?.status.failInfo?.valueBlock.valueHexView ?? new Uint8Array();
  return [...bits].flatMap((byte, i) =>
    [0, 1, 2, 3, 4, 5, 6, 7].filter((b) => byte & (0x80 >> b)).map((b) => i * 8 + b),
  );
}

describe('TSA simulator (RFC 3161 over HTTP)', () => {
  const pki = sharedTestPki();
  let sim: RunningTsaSimulator;

  beforeAll(async () => {
    sim = await startTsaSimulator({ ...pki.tsa, chainPems: [pki.ca.certPem] });
  });
  afterEach(() => sim.controls.reset());
  afterAll(async () => {
    await sim.close();
  });

  it("grants @libpdf/core's client a token over the digest, signed by the TSA and chained to the CA", async () => {
    const data = randomBytes(1000);
    const digest = new Uint8Array(createHash('sha256').update(data).digest());
    let sentRequest: pkijs.TimeStampReq | undefined;
    const recordingFetch: typeof fetch = (input, init) => {
      sentRequest = pkijs.TimeStampReq.fromBER(init?.body as Uint8Array);
      return fetch(input, init);
    };
    const token = await new HttpTimestampAuthority(sim.url, { fetch: recordingFetch }).timestamp(digest, 'SHA-256');
    const { signedData, tstInfo } = parseToken(token);

    expect(Buffer.from(tstInfo.messageImprint.hashedMessage.getValue()).equals(Buffer.from(digest))).toBe(true);
    expect(tstInfo.messageImprint.hashAlgorithm.algorithmId).toBe('2.16.840.1.101.3.4.2.1');
    expect(tstInfo.policy).toBe(TSA_SIMULATOR_POLICY);
    expect(Math.abs(tstInfo.genTime.getTime() - Date.now())).toBeLessThan(5_000);
    expect(sentRequest?.nonce).toBeDefined();
    expect(tstInfo.nonce?.toBigInt()).toBe(sentRequest?.nonce?.toBigInt());
    // The client asks for certificates: the TSA's and the chain we gave it.
    expect(signedData.certificates).toHaveLength(2);

    const ca = pkijs.Certificate.fromBER(new X509Certificate(pki.ca.certPem).raw);
    const result = await signedData.verify(
      { signer: 0, data: new Uint8Array(data).buffer, trustedCerts: [ca], checkChain: true, extendedMode: true },
      engine,
    );
    expect(result.signatureVerified).toBe(true);
    expect(result.signerCertificateVerified).toBe(true);
    const signerCert = new X509Certificate(
      Buffer.from(result.signerCertificate?.toSchema().toBER(false) ?? new ArrayBuffer(0)),
    );
    expect(signerCert.fingerprint256).toBe(new X509Certificate(pki.tsa.certPem).fingerprint256);

    const attributes = signedData.signerInfos[0]?.signedAttrs?.attributes.map((attribute) => attribute.type);
    expect(attributes).toContain(ATTR_SIGNING_CERTIFICATE_V2);
    expect(sim.controls.tokensIssued).toBe(1);
  });

  it('echoes the nonce, gives each token its own serial, and sends certificates only when asked', async () => {
    const digest = randomBytes(48);
    const sha384 = '2.16.840.1.101.3.4.2.2';
    const first = await post(sim.url, timeStampReq({ digest, hashOid: sha384, nonce: 123456789, certReq: false }));
    const second = await post(sim.url, timeStampReq({ digest, hashOid: sha384 }));
    expect(first.status).toBe(200);
    expect(first.type).toBe('application/timestamp-reply');
    expect(first.resp?.status.status).toBe(pkijs.PKIStatus.granted);

    const one = parseToken(new Uint8Array(first.resp?.timeStampToken?.toSchema().toBER(false) ?? []));
    const two = parseToken(new Uint8Array(second.resp?.timeStampToken?.toSchema().toBER(false) ?? []));
    expect(one.tstInfo.nonce?.toBigInt()).toBe(123456789n);
    expect(two.tstInfo.nonce).toBeUndefined();
    expect(one.tstInfo.serialNumber.toBigInt()).not.toBe(two.tstInfo.serialNumber.toBigInt());
    expect(one.signedData.certificates).toBeUndefined();
  });

  it('rejects a malformed request with badDataFormat and an unknown hash with badAlg, over HTTP 200', async () => {
    const garbage = await post(sim.url, Buffer.from('not a timestamp request'));
    expect(garbage.status).toBe(200);
    expect(garbage.resp?.status.status).toBe(pkijs.PKIStatus.rejection);
    expect(failBits(garbage.resp)).toEqual([5]);
    expect(garbage.resp?.timeStampToken).toBeUndefined();

    const empty = await post(sim.url, new Uint8Array());
    expect(failBits(empty.resp)).toEqual([5]);

    const md5 = await post(sim.url, timeStampReq({ digest: randomBytes(16), hashOid: '1.2.840.113549.2.5' }));
    expect(md5.resp?.status.status).toBe(pkijs.PKIStatus.rejection);
    expect(failBits(md5.resp)).toEqual([0]);

    const short = await post(sim.url, timeStampReq({ digest: randomBytes(20) }));
    expect(failBits(short.resp)).toEqual([5]);

    await expect(new HttpTimestampAuthority(sim.url).timestamp(randomBytes(16), 'SHA-256')).rejects.toThrow(
      /rejected request with status 2/,
    );
    expect(sim.controls.requestsServed).toBe(5);
    expect(sim.controls.tokensIssued).toBe(0);
  });

  it('asks for HTTP Basic credentials when configured with them', async () => {
    const guarded = await startTsaSimulator({ ...pki.tsa, basicAuth: { username: 'signlink', password: 's3cret' } });
    try {
      const digest = randomBytes(32);
      await expect(new HttpTimestampAuthority(guarded.url).timestamp(digest, 'SHA-256')).rejects.toThrow(/HTTP 401/);
      const authorization = `Basic ${Buffer.from('signlink:s3cret').toString('base64')}`;
      const token = await new HttpTimestampAuthority(guarded.url, { headers: { authorization } }).timestamp(
        digest,
        'SHA-256',
      );
      expect(parseToken(token).tstInfo.policy).toBe(TSA_SIMULATOR_POLICY);
    } finally {
      await guarded.close();
    }
  });

  it('answers 503 while down and for queued failures, and counts every request', async () => {
    const digest = randomBytes(32);
    sim.controls.isDown = true;
    expect((await post(sim.url, timeStampReq({ digest }))).status).toBe(503);
    await expect(new HttpTimestampAuthority(sim.url).timestamp(digest, 'SHA-256')).rejects.toThrow(/HTTP 503/);
    sim.controls.isDown = false;
    sim.controls.failNext(502);
    expect((await post(sim.url, timeStampReq({ digest }))).status).toBe(502);
    expect((await post(sim.url, timeStampReq({ digest }))).status).toBe(200);
    expect(sim.controls.requestsReceived).toBe(4);
    expect(sim.controls.requestsServed).toBe(1);
  });
});
