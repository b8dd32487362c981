import { createHash, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLocalCa, sharedTestPki } from '@signlink/pdf/sealing/local-pki';
import { type RunningTsaSimulator, startTsaSimulator } from '@signlink/simulators/tsa/tsa-simulator';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config.ts';
import { type RunningSealing, startSealing } from './start-sealing.ts';

const fingerprint = (pem: string | undefined) => new X509Certificate(pem ?? '').fingerprint256;
const digest = new Uint8Array(createHash('sha256').update('document').digest());

describe('startSealing', () => {
  const pki = sharedTestPki();
  let dir: string;
  let tsa: RunningTsaSimulator;
  const running: RunningSealing[] = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'signlink-start-sealing-'));
    tsa = await startTsaSimulator({ ...pki.tsa, basicAuth: { username: 'signlink', password: 'tsa-secret' } });
  });
  afterEach(async () => {
    for (const sealing of running.splice(0)) await sealing.stop();
  });
  afterAll(async () => {
    await tsa.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function start(env: Record<string, string>): Promise<RunningSealing> {
    const sealing = await startSealing(loadConfig(env));
    running.push(sealing);
    return sealing;
  }

  it('outside production makes a local PKI under DATA_DIR/keys on first start, and reads it on the next', async () => {
    const dataDir = path.join(dir, 'development');
    const first = await start({ NODE_ENV: 'development', DATA_DIR: dataDir });
    expect(fs.readdirSync(path.join(dataDir, 'keys')).sort()).toEqual(
      ['ca-key.pem', 'ca.pem', 'seal-password.txt', 'seal.p12', 'tsa-key.pem', 'tsa.pem'].sort(),
    );
    expect(fs.readFileSync(path.join(dataDir, 'keys', 'ca.pem'), 'utf8')).toBe(first.caPem);
    expect(first.trustAnchorsPem).toEqual([first.caPem]);
    expect(first.timestamping).toEqual({ driver: 'rfc3161-http', url: first.tsaSimulator?.url });
    expect((await first.timestampingProvider.timestamp(digest, 'SHA-256')).byteLength).toBeGreaterThan(0);

    const second = await start({ NODE_ENV: 'development', DATA_DIR: dataDir });
    expect(second.caPem).toBe(first.caPem);
    expect(Buffer.from(second.key.p12).equals(Buffer.from(first.key.p12))).toBe(true);
  });

  it('in production seals with SEAL_P12_FILE, trusts SEAL_TRUST_FILE and stamps with TSA_URL', async () => {
    const p12File = path.join(dir, 'seal.p12');
    const trustFile = path.join(dir, 'trust.pem');
    fs.writeFileSync(p12File, pki.seal.p12);
    const partner = createLocalCa({ commonName: 'Partner Root' });
    fs.writeFileSync(trustFile, `${partner.certPem}\n${pki.ca.certPem}`);

    const sealing = await start({
      NODE_ENV: 'production',
      SESSION_SECRET: 'a-real-secret-that-is-long-enough-0123456789',
      PUBLIC_URL: 'https://signlink.app',
      SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
      DATA_DIR: path.join(dir, 'production'),
      SEAL_P12_FILE: p12File,
      SEAL_P12_PASSWORD: pki.seal.password,
      SEAL_TRUST_FILE: trustFile,
      TSA_URL: tsa.url,
      TSA_USERNAME: 'signlink',
      TSA_PASSWORD: 'tsa-secret',
      STRIPE_SECRET_KEY: 'sk_live_0123456789abcdef',
      STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
    });
    expect(Buffer.from(sealing.key.p12).equals(Buffer.from(pki.seal.p12))).toBe(true);
    expect(fingerprint(sealing.caPem)).toBe(fingerprint(pki.ca.certPem));
    // The seal's root and the trust list's two, the root only once.
    expect(sealing.trustAnchorsPem.map(fingerprint)).toEqual([
      fingerprint(pki.ca.certPem),
      fingerprint(partner.certPem),
    ]);
    expect(sealing.tsaSimulator).toBeUndefined();
    expect(sealing.timestamping).toEqual({
      driver: 'rfc3161-http',
      url: tsa.url,
      username: 'signlink',
      password: 'tsa-secret',
    });
    expect((await sealing.timestampingProvider.timestamp(digest, 'SHA-256')).byteLength).toBeGreaterThan(0);
    // Nothing was made on disk: the local PKI is for development.
    expect(fs.existsSync(path.join(dir, 'production', 'keys'))).toBe(false);
  });

  it('stops start-up naming the variable when the seal file, its password or the trust list is wrong', async () => {
    const p12File = path.join(dir, 'seal-for-errors.p12');
    fs.writeFileSync(p12File, pki.seal.p12);
    const brokenTrust = path.join(dir, 'broken.pem');
    fs.writeFileSync(brokenTrust, '-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n');
    const base = { NODE_ENV: 'test', DATA_DIR: path.join(dir, 'errors') };

    await expect(start({ ...base, SEAL_P12_FILE: p12File, SEAL_P12_PASSWORD: 'wrong' })).rejects.toThrow(
      /SEAL_P12_FILE .* cannot be opened with SEAL_P12_PASSWORD/,
    );
    await expect(start({ ...base, SEAL_P12_FILE: path.join(dir, 'missing.p12') })).rejects.toThrow(
      /SEAL_P12_FILE .* cannot be read/,
    );
    await expect(start({ ...base, SEAL_TRUST_FILE: brokenTrust })).rejects.toThrow(/SEAL_TRUST_FILE .* certificate 1/);
    await expect(start({ ...base, SEAL_TRUST_FILE: p12File })).rejects.toThrow(/holds no PEM certificate/);
  });
});
