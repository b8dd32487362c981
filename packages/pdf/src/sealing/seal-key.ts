import { createHash, createPublicKey, KeyObject, type webcrypto, X509Certificate } from 'node:crypto';
import { P12Signer } from '@libpdf/core';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/**
 * The seal's key and certificates, read from the PKCS#12 once per worker thread: @libpdf/core's P12Signer decrypts
 * the file (legacy PBE included), and its WebCrypto key becomes a Node KeyObject for `crypto.sign`.
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
  certificateDer: Uint8Array;
  /** The file's other certificates. */
  chain: pkijs.Certificate[];
  /** The CMS signature algorithm for this key, or null for one our writer does not make (RSA-PSS, EdDSA). */
  signatureAlgorithm: pkijs.AlgorithmIdentifier | null;
  /** The certificate names where its revocation data lives: the seal is then B-LT. */
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
  authorityInfoAccess: '1.3.6.1.5.5.7.1.1',
  crlDistributionPoints: '2.5.29.31',
} as const;

function materialOf(signer: P12Signer): SealKeyMaterial {
  // P12Signer keeps its (extractable) WebCrypto key private; Node's crypto signs with the same key as a KeyObject.
  // KeyObject.from throws a TypeError for anything but a CryptoKey.
  const { privateKey: cryptoKey } = signer as unknown as { privateKey: webcrypto.CryptoKey };
  const privateKey = KeyObject.from(cryptoKey);
  const publicKey = createPublicKey(privateKey);
  const all = [signer.certificate, ...signer.certificateChain];
  // P12Signer takes the file's first certificate as the signer's; a file may list its CA first.
  const certificateDer =
    all.find((der) => new X509Certificate(der).publicKey.equals(publicKey)) ?? (signer.certificate as Uint8Array);
  const certificate = pkijs.Certificate.fromBER(Uint8Array.from(certificateDer));
  const chain = all
    .filter((der) => der !== certificateDer)
    .map((der) => pkijs.Certificate.fromBER(Uint8Array.from(der)));
  return {
    signer,
    privateKey,
    certificate,
    certificateDer: Uint8Array.from(certificateDer),
    chain,
    signatureAlgorithm: signatureAlgorithmOf(privateKey),
    publishesRevocationData: (certificate.extensions ?? []).some(
      (extension) => extension.extnID === oids.authorityInfoAccess || extension.extnID === oids.crlDistributionPoints,
    ),
  };
}

function signatureAlgorithmOf(key: KeyObject): pkijs.AlgorithmIdentifier | null {
  switch (key.asymmetricKeyType) {
    case 'rsa':
      // RFC 4055: sha256WithRSAEncryption's parameters are an explicit NULL.
      return new pkijs.AlgorithmIdentifier({ algorithmId: oids.rsaWithSha256, algorithmParams: new asn1js.Null() });
    case 'ec':
      return new pkijs.AlgorithmIdentifier({ algorithmId: oids.ecdsaWithSha256 });
    default:
      return null;
  }
}
