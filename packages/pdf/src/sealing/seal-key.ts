import { createHash, createPublicKey, KeyObject, type webcrypto, X509Certificate } from 'node:crypto';
import { P12Signer } from '@libpdf/core';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { oid, tags, tlv } from './der.ts';
import { revocationUrlsOf } from './revocation.ts';

/**
 * The seal's key and certificates, read from the PKCS#12 once per worker thread: @libpdf/core's P12Signer decrypts
 * the file (legacy PBE included), its WebCrypto key becomes a Node KeyObject for `crypto.sign`, and what every
 * seal's CMS repeats about the signer is encoded here once.
 */
export interface SealKey {
  p12: Uint8Array;
  password: string;
}

export interface SealKeyMaterial {
  /** For @libpdf/core's B-LT path. */
  signer: P12Signer;
  privateKey: KeyObject;
  /** The certificate whose public key is `privateKey`'s. */
  certificate: pkijs.Certificate;
  /** DER of that certificate first, then the file's others, as the file has them. */
  certificatesDer: Uint8Array[];
  /** DER of the signer's IssuerAndSerialNumber. */
  signerIdentifierDer: Uint8Array;
  /** DER of the ESS signing-certificate-v2 attribute. */
  signingCertificateV2Der: Uint8Array;
  /** DER of the CMS signature algorithm, or null for a key our writer does not sign with (RSA-PSS, EdDSA). */
  signatureAlgorithmDer: Uint8Array | null;
  /** A certificate of the file names where its revocation data lives (CRL or OCSP): the seal is then B-LT. */
  publishesRevocationData: boolean;
}

const materials = new Map<string, Promise<SealKeyMaterial>>();

export function sealKeyMaterial(key: SealKey): Promise<SealKeyMaterial> {
  const id = createHash('sha256').update(key.p12).update(key.password).digest('hex');
  let material = materials.get(id);
  if (!material) {
    material = P12Signer.create(key.p12, key.password).then(materialOf);
    material.catch(() => materials.delete(id));
    materials.set(id, material);
  }
  return material;
}

const oids = {
  rsaWithSha256: '1.2.840.113549.1.1.11',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
} as const;

function materialOf(signer: P12Signer): SealKeyMaterial {
  // P12Signer keeps its (extractable) WebCrypto key private; Node's crypto signs with the same key as a KeyObject.
  // KeyObject.from throws a TypeError for anything but a CryptoKey.
  const { privateKey: cryptoKey } = signer as unknown as { privateKey: webcrypto.CryptoKey };
  const privateKey = KeyObject.from(cryptoKey);
  const publicKey = createPublicKey(privateKey);
  const all = [signer.certificate, ...signer.certificateChain].map((der) => Uint8Array.from(der));
  // P12Signer takes the file's first certificate as the signer's; a file may list its CA first.
  const certificateDer = all.find((der) => new X509Certificate(der).publicKey.equals(publicKey)) ?? all[0];
  if (!certificateDer) throw new Error('The seal PKCS#12 holds no certificate');
  const certificate = pkijs.Certificate.fromBER(certificateDer);
  const der = (schema: asn1js.AsnType) => new Uint8Array(schema.toBER(false));
  return {
    signer,
    privateKey,
    certificate,
    certificatesDer: [certificateDer, ...all.filter((item) => item !== certificateDer)],
    signerIdentifierDer: der(
      new pkijs.IssuerAndSerialNumber({
        issuer: certificate.issuer,
        serialNumber: certificate.serialNumber,
      }).toSchema(),
    ),
    signingCertificateV2Der: signingCertificateV2(certificate, certificateDer),
    signatureAlgorithmDer: signatureAlgorithmOf(privateKey),
    // An authority information access that names only caIssuers (where to fetch the issuer) is no revocation data.
    publishesRevocationData: all.some((der) => revocationUrlsOf(pkijs.Certificate.fromBER(der)).length > 0),
  };
}

/**
 * ESS signing-certificate-v2 (RFC 5035) as a signed attribute: SigningCertificateV2 { certs: [ESSCertIDv2 {
 * certHash, issuerSerial }] }, the hash SHA-256 (the default algorithm, which DER leaves out).
 */
function signingCertificateV2(certificate: pkijs.Certificate, certificateDer: Uint8Array): Uint8Array {
  const issuerSerial = new asn1js.Sequence({
    value: [
      new pkijs.GeneralNames({ names: [new pkijs.GeneralName({ type: 4, value: certificate.issuer })] }).toSchema(),
      new asn1js.Integer({ valueHex: certificate.serialNumber.valueBlock.valueHexView }),
    ],
  });
  const certHash = tlv(tags.octetString, createHash('sha256').update(certificateDer).digest());
  const essCertId = tlv(tags.sequence, certHash, new Uint8Array(issuerSerial.toBER(false)));
  const value = tlv(tags.sequence, tlv(tags.sequence, essCertId));
  return tlv(tags.sequence, oid(oids.signingCertificateV2), tlv(tags.set, value));
}

function signatureAlgorithmOf(key: KeyObject): Uint8Array | null {
  switch (key.asymmetricKeyType) {
    case 'rsa':
      // RFC 4055: sha256WithRSAEncryption's parameters are an explicit NULL.
      return tlv(tags.sequence, oid(oids.rsaWithSha256), Buffer.from([0x05, 0x00]));
    case 'ec':
      return tlv(tags.sequence, oid(oids.ecdsaWithSha256));
    default:
      return null;
  }
}
