import { X509Certificate } from 'node:crypto';
import { P12Signer } from '@libpdf/core';

export interface SealP12Certificates {
  /** The seal certificate, PEM. */
  certificatePem: string;
  /** The other certificates in the file, PEM, as the file orders them. */
  chainPems: string[];
  /** The chain's self-signed root, else its last certificate; absent when the file holds the seal certificate alone. */
  rootPem: string | undefined;
}

/**
 * Opens a seal PKCS#12 the way sealing will (@libpdf/core's P12Signer), so that a wrong password or a file without
 * a key stops start-up instead of the first seal, and names the certificates inside.
 */
export async function readSealP12(p12: Uint8Array, password: string): Promise<SealP12Certificates> {
  const signer = await P12Signer.create(p12, password);
  const leaf = new X509Certificate(signer.certificate);
  const chain = signer.certificateChain
    .map((der) => new X509Certificate(der))
    .filter((cert) => cert.fingerprint256 !== leaf.fingerprint256);
  const root = chain.find((cert) => cert.checkIssued(cert) && cert.verify(cert.publicKey)) ?? chain.at(-1);
  return {
    certificatePem: leaf.toString(),
    chainPems: chain.map((cert) => cert.toString()),
    rootPem: root?.toString(),
  };
}
