import { X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { serialNumber } from './bankid-test-pki.ts';

describe('BankID test PKI', () => {
  it('gives certificates serials that node:crypto reads, whatever the random bytes', () => {
    // forge drops one leading zero byte of an INTEGER at most; OpenSSL refuses a serial left with another zero
    // ("illegal padding"), so a serial that began 00 00 failed the simulator's start.
    const keys = forge.pki.rsa.generateKeyPair({ bits: 512 });
    for (const random of [Buffer.alloc(16), Buffer.alloc(16, 0xff), Buffer.from(`0000${'ff'.repeat(14)}`, 'hex')]) {
      const serial = serialNumber(random);
      const cert = forge.pki.createCertificate();
      cert.publicKey = keys.publicKey;
      cert.serialNumber = serial;
      cert.setSubject([{ name: 'commonName', value: 'Serial' }]);
      cert.setIssuer([{ name: 'commonName', value: 'Serial' }]);
      cert.sign(keys.privateKey, forge.md.sha256.create());
      expect(new X509Certificate(forge.pki.certificateToPem(cert)).serialNumber.toLowerCase()).toBe(serial);
    }
  });
});
