import { serialNumber } from '@signlink/pdf/sealing/local-pki';
import forge from 'node-forge';

/*
 * A throwaway PKI for the BankID simulator's mutual TLS: a CA, a server certificate for 127.0.0.1 and localhost,
 * and a relying-party client certificate as PKCS#12, the form BankID hands out (its public test certificate,
 * "FP Testcert", comes as a .p12 with the passphrase "qwerty123"). node-forge builds the certificates because
 * node:crypto can create keys but neither X.509 certificates nor PKCS#12 files.
 */

export interface BankIdTestPki {
  /** The CA both sides trust: the server checks client certificates against it, clients the server's. */
  ca: string;
  serverCert: string;
  serverKey: string;
  client: { pfx: Buffer; passphrase: string; cert: string; key: string };
}

export interface BankIdTestPkiOptions {
  /** The client certificate's common name; BankID's test certificates are named like this default. */
  commonName?: string;
  passphrase?: string;
}

const DEFAULT_COMMON_NAME = 'FP Testcert 5';
const DEFAULT_PASSPHRASE = 'qwerty123';
const KEY_BITS = 2048;
const CA_YEARS = 10;
const LEAF_YEARS = 2;

// Generation takes about a second; every test file in a worker shares one PKI per client name.
const cache = new Map<string, BankIdTestPki>();

type Attributes = forge.pki.CertificateField[];

function newCertificate(input: {
  subject: Attributes;
  issuer: Attributes;
  publicKey: forge.pki.PublicKey;
  years: number;
  extensions: object[];
}): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = input.publicKey;
  cert.serialNumber = serialNumber();
  // Back-dated a minute so that a clock a little behind on the other side does not reject a fresh certificate.
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(cert.validity.notBefore);
  cert.validity.notAfter.setFullYear(cert.validity.notAfter.getFullYear() + input.years);
  cert.setSubject(input.subject);
  cert.setIssuer(input.issuer);
  cert.setExtensions(input.extensions);
  return cert;
}

function generatePki(commonName: string, passphrase: string): BankIdTestPki {
  const caKeys = forge.pki.rsa.generateKeyPair({ bits: KEY_BITS });
  const caSubject: Attributes = [
    { name: 'commonName', value: 'Signlink BankID Simulator Test CA' },
    { name: 'organizationName', value: 'Signlink' },
    { name: 'countryName', value: 'SE' },
  ];
  const ca = newCertificate({
    subject: caSubject,
    issuer: caSubject,
    publicKey: caKeys.publicKey,
    years: CA_YEARS,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
      { name: 'subjectKeyIdentifier' },
    ],
  });
  ca.sign(caKeys.privateKey, forge.md.sha256.create());

  const serverKeys = forge.pki.rsa.generateKeyPair({ bits: KEY_BITS });
  const server = newCertificate({
    subject: [{ name: 'commonName', value: 'localhost' }],
    issuer: caSubject,
    publicKey: serverKeys.publicKey,
    years: LEAF_YEARS,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
      { name: 'authorityKeyIdentifier', keyIdentifier: ca.generateSubjectKeyIdentifier().getBytes() },
    ],
  });
  server.sign(caKeys.privateKey, forge.md.sha256.create());

  const clientKeys = forge.pki.rsa.generateKeyPair({ bits: KEY_BITS });
  const client = newCertificate({
    subject: [
      { name: 'commonName', value: commonName },
      { name: 'organizationName', value: 'Signlink' },
      { name: 'countryName', value: 'SE' },
    ],
    issuer: caSubject,
    publicKey: clientKeys.publicKey,
    years: LEAF_YEARS,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', clientAuth: true },
      { name: 'authorityKeyIdentifier', keyIdentifier: ca.generateSubjectKeyIdentifier().getBytes() },
    ],
  });
  client.sign(caKeys.privateKey, forge.md.sha256.create());

  // AES-256 (PBES2) rather than forge's 3DES: both load in Node 20, but OpenSSL 3 treats 3DES as legacy.
  const p12 = forge.pkcs12.toPkcs12Asn1(clientKeys.privateKey, [client, ca], passphrase, {
    algorithm: 'aes256',
    friendlyName: commonName,
    generateLocalKeyId: true,
  });
  const pfx = Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');

  return {
    ca: forge.pki.certificateToPem(ca),
    serverCert: forge.pki.certificateToPem(server),
    serverKey: forge.pki.privateKeyToPem(serverKeys.privateKey),
    client: {
      pfx,
      passphrase,
      cert: forge.pki.certificateToPem(client),
      key: forge.pki.privateKeyToPem(clientKeys.privateKey),
    },
  };
}

/**
 * The CA, server and client material for a simulator and its clients, made once per process for each client name
 * and passphrase. Different names give different CAs, so one PKI's client is refused by another's server.
 */
export function createBankIdTestPki(options: BankIdTestPkiOptions = {}): BankIdTestPki {
  const commonName = options.commonName ?? DEFAULT_COMMON_NAME;
  const passphrase = options.passphrase ?? DEFAULT_PASSPHRASE;
  const key = `${commonName}\u0000${passphrase}`;
  let pki = cache.get(key);
  if (!pki) {
    pki = generatePki(commonName, passphrase);
    cache.set(key, pki);
  }
  return pki;
}
