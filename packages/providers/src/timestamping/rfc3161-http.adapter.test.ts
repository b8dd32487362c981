import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { sharedTestPki } from '@signlink/pdf/sealing/local-pki';
import { type RunningTsaSimulator, startTsaSimulator } from '@signlink/simulators/tsa/tsa-simulator';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTimestampingProvider } from './create-timestamping-provider.ts';
import { createRfc3161HttpTimestamping, type Rfc3161HttpConfig } from './rfc3161-http.adapter.ts';
import { TimestampingError } from './timestamping-error.ts';

async function timestampingErrorOf(promise: Promise<unknown>): Promise<TimestampingError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(TimestampingError);
  return error as TimestampingError;
}

function imprintOf(token: Uint8Array): Uint8Array {
  const signedData = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(token).content });
  const eContent = signedData.encapContentInfo.eContent;
  if (!eContent) throw new Error('no TSTInfo');
  return new Uint8Array(pkijs.TSTInfo.fromBER(eContent.getValue()).messageImprint.hashedMessage.getValue());
}

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('RFC 3161 HTTP time-stamping against the TSA simulator (real HTTP)', () => {
  const pki = sharedTestPki();
  const sha256 = (data: string) => new Uint8Array(createHash('sha256').update(data).digest());
  let sim: RunningTsaSimulator;
  let config: Rfc3161HttpConfig;

  beforeAll(async () => {
    sim = await startTsaSimulator({
      ...pki.tsa,
      chainPems: [pki.ca.certPem],
      basicAuth: { username: 'signlink', password: 'tsa-secret' },
    });
    config = { url: sim.url, username: 'signlink', password: 'tsa-secret', timeoutMs: 1_000, retryDelayMs: 10 };
  });
  afterEach(() => sim.controls.reset());
  afterAll(async () => {
    await sim?.close();
  });

  it('gets a token over the digest, with HTTP Basic credentials, for every supported algorithm', async () => {
    const provider = createTimestampingProvider({ driver: 'rfc3161-http', ...config });
    const digest = sha256('the sealed document');
    const token = await provider.timestamp(digest, 'SHA-256');
    expect(Buffer.from(imprintOf(token)).equals(Buffer.from(digest))).toBe(true);

    const sha512 = new Uint8Array(createHash('sha512').update('x').digest());
    expect(Buffer.from(imprintOf(await provider.timestamp(sha512, 'SHA-512'))).equals(Buffer.from(sha512))).toBe(true);
    expect(sim.controls.tokensIssued).toBe(2);
  });

  it('tries again when the TSA is down for the first request, and gets the token from the second', async () => {
    sim.controls.failNext(503);
    const token = await createRfc3161HttpTimestamping(config).timestamp(sha256('a'), 'SHA-256');
    expect(token.byteLength).toBeGreaterThan(0);
    expect(sim.controls.requestsReceived).toBe(2);
    expect(sim.controls.tokensIssued).toBe(1);
  });

  it('gives up after three tries while the TSA stays down, with a retryable error', async () => {
    sim.controls.isDown = true;
    const error = await timestampingErrorOf(createRfc3161HttpTimestamping(config).timestamp(sha256('b'), 'SHA-256'));
    expect(error.isRetryable).toBe(true);
    expect(error.status).toBe(503);
    expect(sim.controls.requestsReceived).toBe(3);
  });

  it('tries again after a timeout', async () => {
    sim.controls.delayNext(400);
    const provider = createRfc3161HttpTimestamping({ ...config, timeoutMs: 150 });
    await expect(provider.timestamp(sha256('c'), 'SHA-256')).resolves.toBeInstanceOf(Uint8Array);
    expect(sim.controls.requestsReceived).toBe(2);
  });

  it('does not repeat a request the TSA refuses, nor one with wrong credentials', async () => {
    // A 20-byte "SHA-256" digest: the TSA rejects it with badDataFormat inside an HTTP 200.
    const rejected = await timestampingErrorOf(
      createRfc3161HttpTimestamping(config).timestamp(randomBytes(20), 'SHA-256'),
    );
    expect(rejected.isRetryable).toBe(false);
    expect(rejected.message).toMatch(/status 2/);

    const unauthorised = await timestampingErrorOf(
      createRfc3161HttpTimestamping({ ...config, password: 'guess' }).timestamp(sha256('d'), 'SHA-256'),
    );
    expect(unauthorised).toMatchObject({ isRetryable: false, status: 401 });
    expect(sim.controls.requestsReceived).toBe(2);
  });

  it('reports an unreachable TSA as retryable after its tries', async () => {
    const port = await closedPort();
    const error = await timestampingErrorOf(
      createRfc3161HttpTimestamping({ url: `http://127.0.0.1:${port}/`, retryDelayMs: 1 }).timestamp(
        sha256('e'),
        'SHA-256',
      ),
    );
    expect(error.isRetryable).toBe(true);
    expect(error.message).toMatch(/ECONNREFUSED/);
  });

  describe('a TSA that replays an old token', () => {
    let replay: Server;
    let replayUrl: string;

    beforeAll(async () => {
      // A real reply from the simulator for another digest, served to every request as it was.
      const request = await fetch(sim.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/timestamp-query',
          authorization: `Basic ${Buffer.from('signlink:tsa-secret').toString('base64')}`,
        },
        body: new pkijs.TimeStampReq({
          version: 1,
          messageImprint: new pkijs.MessageImprint({
            hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: '2.16.840.1.101.3.4.2.1' }),
            hashedMessage: new asn1js.OctetString({ valueHex: sha256('someone else') }),
          }),
        })
          .toSchema()
          .toBER(false),
      });
      const oldReply = Buffer.from(await request.arrayBuffer());
      replay = createServer((req, res) => {
        req.resume();
        req.on('end', () => res.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(oldReply));
      });
      await new Promise<void>((resolve) => replay.listen(0, '127.0.0.1', resolve));
      replayUrl = `http://127.0.0.1:${(replay.address() as AddressInfo).port}/`;
    });
    afterAll(async () => {
      await new Promise<void>((resolve) => replay?.close(() => resolve()));
    });

    it('refuses a token for another digest', async () => {
      const error = await timestampingErrorOf(
        createRfc3161HttpTimestamping({ url: replayUrl }).timestamp(sha256('mine'), 'SHA-256'),
      );
      expect(error.isRetryable).toBe(false);
      expect(error.message).toMatch(/another digest/);
    });
  });
});
