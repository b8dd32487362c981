import { createHash, sign } from 'node:crypto';
import type { TimestampAuthority } from '@libpdf/core';
import { inSetOrder, oid, tags, tlv } from './der.ts';
import type { SealKeyMaterial } from './seal-key.ts';

/**
 * The seal's CMS (RFC 5652) as PAdES baseline B-T has it (ETSI EN 319 142-1): detached SignedData over the PDF's
 * byte range with SHA-256, signed attributes content-type, message-digest and ESS signing-certificate-v2 (no
 * signing-time: B-B leaves the claimed time to /M), signed with Node's crypto, and the RFC 3161 token over the
 * signature value as the unsigned attribute signature-time-stamp. Assembled from DER parts (der.ts): the
 * certificates, signer and token go in as the bytes they are, never through pkijs's crypto engine, whose global
 * instance @libpdf/core replaces.
 */

const oids = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  sha256: '2.16.840.1.101.3.4.2.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
} as const;

const version1 = tlv(tags.integer, Buffer.from([1]));
const sha256Algorithm = tlv(tags.sequence, oid(oids.sha256));
const attribute = (type: string, value: Uint8Array) => tlv(tags.sequence, oid(type), tlv(tags.set, value));
const contentTypeData = attribute(oids.contentType, oid(oids.data));

export async function buildSealCms(input: {
  /** SHA-256 of the PDF's byte range. */
  digest: Uint8Array;
  key: SealKeyMaterial;
  timestampAuthority: TimestampAuthority;
}): Promise<Uint8Array> {
  const { key } = input;
  if (!key.signatureAlgorithmDer) throw new Error('The seal key is neither RSA nor EC');
  // The signature is over the attributes as a SET OF (tag 0x31), which the SignerInfo then tags [0].
  const signedAttributes = inSetOrder([
    contentTypeData,
    attribute(oids.messageDigest, tlv(tags.octetString, input.digest)),
    key.signingCertificateV2Der,
  ]);
  const signatureValue = sign('sha256', tlv(tags.set, ...signedAttributes), key.privateKey);
  const imprint = createHash('sha256').update(signatureValue).digest();
  const token = await input.timestampAuthority.timestamp(new Uint8Array(imprint), 'SHA-256');
  // A TimeStampToken is a ContentInfo, a SEQUENCE; the provider has checked that it answers this imprint.
  if (token[0] !== tags.sequence) throw new Error('The TSA token is not a ContentInfo');

  const signerInfo = tlv(
    tags.sequence,
    version1,
    key.signerIdentifierDer,
    sha256Algorithm,
    tlv(tags.context0, ...signedAttributes),
    key.signatureAlgorithmDer,
    tlv(tags.octetString, signatureValue),
    tlv(tags.context1, attribute(oids.signatureTimeStampToken, token)),
  );
  const signedData = tlv(
    tags.sequence,
    version1,
    tlv(tags.set, sha256Algorithm),
    tlv(tags.sequence, oid(oids.data)),
    tlv(tags.context0, ...key.certificatesDer),
    tlv(tags.set, signerInfo),
  );
  return new Uint8Array(tlv(tags.sequence, oid(oids.signedData), tlv(tags.context0, signedData)));
}
