import { createPrivateKey, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { P12Signer } from '@libpdf/core';
import forge from 'node-forge';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createLocalCa,
  issueSealCertificate,
  issueTsaCertificate,
  loadOrCreateLocalPki,
  serialNumber,
  sharedTestPki,
} from './local-pki';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'local-pki-'));
  dirs.push(dir);
  return dir;
}

function extension(cert: X509Certificate, oid: string): boolean {
  // node:crypto exposes no extension list; the DER holds the OID's encoding, enough to tell presence.
  return cert.raw.includes(oidDer(oid));
}

function oidDer(oid: string): Buffer {
  const [first, second, ...rest] = oid.split('.').map(Number) as [number, number, ...number[]];
  const bytes = [first * 40 + second];
  for (const arc of rest) {
    const chunk = [arc & 0x7f];
    for (let value = arc >> 7; value > 0; value >>= 7) chunk.unshift((value & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return Buffer.from([0x06, bytes.length, ...bytes]);
}

describe('local PKI', () => {
  it('makes a self-signed CA that may sign certificates', () => {
    const ca = new X509Certificate(createLocalCa({ commonName: 'Test Root' }).certPem);
    expect(ca.ca).toBe(true);
    expect(ca.subject).toContain('CN=Test Root');
    expect(ca.checkIssued(ca)).toBe(true);
    expect(ca.verify(ca.publicKey)).toBe(true);
    const years = (Date.parse(ca.validTo) - Date.parse(ca.validFrom)) / (365.25 * 86_400_000);
    expect(Math.round(years)).toBe(10);
  });

  it('issues a seal certificate whose PKCS#12 loads in @libpdf/core with its chain', async () => {
    const pki = sharedTestPki();
    const signer = await P12Signer.create(pki.seal.p12, pki.seal.password);
    const leaf = new X509Certificate(signer.certificate);
    const ca = new X509Certificate(pki.ca.certPem);
    expect(leaf.toString()).toBe(new X509Certificate(pki.seal.certPem).toString());
    expect(leaf.checkIssued(ca)).toBe(true);
    expect(leaf.verify(ca.publicKey)).toBe(true);
    expect(leaf.ca).toBe(false);
    expect(extension(leaf, '1.3.6.1.5.5.7.3.36')).toBe(true);
    expect(signer.certificateChain.map((der) => new X509Certificate(der).fingerprint256)).toContain(ca.fingerprint256);
    await expect(P12Signer.create(pki.seal.p12, 'wrong password')).rejects.toThrow();
  });

  it('names the seal as asked', () => {
    const seal = issueSealCertificate(sharedTestPki().ca, { commonName: 'Acme Seal', organization: 'Acme AB' });
    const subject = new X509Certificate(seal.certPem).subject;
    expect(subject).toContain('CN=Acme Seal');
    expect(subject).toContain('O=Acme AB');
  });

  it('issues a TSA certificate with the critical timeStamping usage', () => {
    const pki = sharedTestPki();
    const tsa = new X509Certificate(pki.tsa.certPem);
    expect(tsa.checkIssued(new X509Certificate(pki.ca.certPem))).toBe(true);
    expect(tsa.verify(new X509Certificate(pki.ca.certPem).publicKey)).toBe(true);
    expect(tsa.checkPrivateKey(createPrivateKey(pki.tsa.keyPem))).toBe(true);
    expect(tsa.keyUsage).toEqual(['1.3.6.1.5.5.7.3.8']);
    // extKeyUsage (2.5.29.37), then BOOLEAN TRUE: the critical flag.
    const eku = Buffer.concat([oidDer('2.5.29.37'), Buffer.from([0x01, 0x01, 0xff])]);
    expect(tsa.raw.includes(eku)).toBe(true);
    expect(issueTsaCertificate(pki.ca, { commonName: 'Other TSA' }).certPem).not.toBe(pki.tsa.certPem);
  });

  it('creates its files on the first call and reads the same ones later', async () => {
    const dir = freshDir();
    const first = loadOrCreateLocalPki(dir);
    for (const name of ['ca-key.pem', 'seal.p12', 'seal-password.txt', 'tsa-key.pem']) {
      expect(statSync(join(dir, name)).mode & 0o777).toBe(0o600);
    }
    expect(readFileSync(join(dir, 'ca.pem'), 'utf8')).toBe(first.ca.certPem);

    const second = loadOrCreateLocalPki(dir);
    expect(second.ca).toEqual(first.ca);
    expect(second.tsa).toEqual(first.tsa);
    expect(second.seal.password).toBe(first.seal.password);
    expect(Buffer.from(second.seal.p12).equals(Buffer.from(first.seal.p12))).toBe(true);
    expect(new X509Certificate(second.seal.certPem).fingerprint256).toBe(
      new X509Certificate(first.seal.certPem).fingerprint256,
    );
    await expect(P12Signer.create(second.seal.p12, second.seal.password)).resolves.toBeDefined();
  });

  it('reissues a missing TSA certificate from the CA that is there', () => {
    const dir = freshDir();
    const first = loadOrCreateLocalPki(dir);
    rmSync(join(dir, 'tsa.pem'));
    const second = loadOrCreateLocalPki(dir);
    expect(second.ca).toEqual(first.ca);
    expect(second.tsa.certPem).not.toBe(first.tsa.certPem);
    expect(new X509Certificate(second.tsa.certPem).checkIssued(new X509Certificate(first.ca.certPem))).toBe(true);
  });
  it('gives certificates serials that node:crypto reads, whatever the random bytes', () => {
    // forge drops one leading zero byte of an INTEGER at most; OpenSSL refuses a serial left with another zero
    // ("illegal padding"), so a serial that began 00 00 made a certificate nothing could load.
    const keys = forge.pki.rsa.generateKeyPair({ bits: 512 });
    for (const random of [Buffer.alloc(16), Buffer.alloc(16, 0xff), Buffer.from(`0000${'ff'.repeat(14)}`, 'hex')]) {
      const serial = serialNumber(random);
      const cert = forge.pki.createCertificate();
      cert.publicKey = keys.publicKey;
      cert.serialNumber = serial;
      cert.setSubject([{ name: 'commonName', value: 'Serial' }]);
      cert.setIssuer([{ name: 'commonName', value: 'Serial' }]);
      cert.sign(keys.privateKey, forge.md.sha256.create());
      const read = new X509Certificate(forge.pki.certificateToPem(cert));
      expect(read.serialNumber.toLowerCase()).toBe(serial);
      expect(serial).toHaveLength(32);
    }
  });
});
