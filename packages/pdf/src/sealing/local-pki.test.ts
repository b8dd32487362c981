import { createPrivateKey, X509Certificate } from 'node:crypto';
import { P12Signer } from '@libpdf/core';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { createLocalCa, issueSealCertificate, issueTsaCertificate, serialNumber, sharedTestPki } from './local-pki';

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
