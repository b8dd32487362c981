import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sharedTestPki } from './local-pki';
import { readSealP12 } from './seal-p12';

describe('readSealP12', () => {
  it('names the seal certificate and the root it chains to', async () => {
    const pki = sharedTestPki();
    const read = await readSealP12(pki.seal.p12, pki.seal.password);
    const fingerprint = (pem: string | undefined) => new X509Certificate(pem ?? '').fingerprint256;
    expect(fingerprint(read.certificatePem)).toBe(fingerprint(pki.seal.certPem));
    expect(read.chainPems.map(fingerprint)).toEqual([fingerprint(pki.ca.certPem)]);
    expect(fingerprint(read.rootPem)).toBe(fingerprint(pki.ca.certPem));
  });

  it('refuses a wrong password', async () => {
    const pki = sharedTestPki();
    await expect(readSealP12(pki.seal.p12, `${pki.seal.password}x`)).rejects.toThrow();
  });
});
