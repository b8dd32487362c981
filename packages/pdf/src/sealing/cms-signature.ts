import { createHash, sign } from 'node:crypto';
import type { TimestampAuthority } from '@libpdf/core';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { SealKeyMaterial } from './seal-key.ts';

/**
 * The seal's CMS (RFC 5652) as PAdES baseline B-T has it (ETSI EN 319 142-1): detached SignedData over the PDF's
 * byte range with SHA-256, signed attributes content-type, message-digest and ESS signing-certificate-v2 (no
 * signing-time: B-B forbids it, /M says the claimed time), signed with Node's crypto, and the RFC 3161 token
 * over the signature value as the unsigned attribute signature-time-stamp. Built with pkijs's structures only:
 * none of its crypto engine calls, whose global engine @libpdf/core replaces.
 */

const oids = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  sha256: '2.16.840.1.101.3.4.2.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
} as const;

const attribute = (type: string, value: asn1js.AsnType) => new pkijs.Attribute({ type, values: [value] });

/** Hands the signature value to the TSA and answers its token: apart so the seal can time it or test it. */
export async function buildSealCms(input: {
  /** SHA-256 of the PDF's byte range. */
  digest: Uint8Array;
  key: SealKeyMaterial;
  timestampAuthority: TimestampAuthority;
}): Promise<Uint8Array> {
  const { key } = input;
  if (!key.signatureAlgorithm) throw new Error('The seal key is neither RSA nor EC');
  const signedAttributes = sortedForDer([
    attribute(oids.contentType, new asn1js.ObjectIdentifier({ value: oids.data })),
    attribute(oids.messageDigest, new asn1js.OctetString({ valueHex: input.digest })),
    attribute(oids.signingCertificateV2, signingCertificateV2(key)),
  ]);
  // The signature is over the attributes' DER as a SET OF (tag 0x31), not as the [0] they are written with.
  const signedAttributesDer = new asn1js.Set({ value: signedAttributes.map((item) => item.toSchema()) }).toBER(false);
  const signatureValue = sign('sha256', new Uint8Array(signedAttributesDer), key.privateKey);
  const imprint = createHash('sha256').update(signatureValue).digest();
  const token = await input.timestampAuthority.timestamp(new Uint8Array(imprint), 'SHA-256');
  const tokenAsn1 = asn1js.fromBER(Uint8Array.from(token));
  if (tokenAsn1.offset === -1) throw new Error('The TSA token is not DER');

  const signerInfo = new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({
      issuer: key.certificate.issuer,
      serialNumber: key.certificate.serialNumber,
    }),
    digestAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: oids.sha256 }),
    signedAttrs: new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes: signedAttributes }),
    signatureAlgorithm: key.signatureAlgorithm,
    signature: new asn1js.OctetString({ valueHex: signatureValue }),
    unsignedAttrs: new pkijs.SignedAndUnsignedAttributes({
      type: 1,
      attributes: [attribute(oids.signatureTimeStampToken, tokenAsn1.result)],
    }),
  });
  const signedData = new pkijs.SignedData({
    version: 1,
    digestAlgorithms: [new pkijs.AlgorithmIdentifier({ algorithmId: oids.sha256 })],
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: oids.data }),
    certificates: [key.certificate, ...key.chain],
    signerInfos: [signerInfo],
  });
  const contentInfo = new pkijs.ContentInfo({ contentType: oids.signedData, content: signedData.toSchema(true) });
  return new Uint8Array(contentInfo.toSchema().toBER(false));
}

/** ESS signing-certificate-v2 (RFC 5035): the seal certificate's SHA-256 (the default algorithm, so omitted). */
function signingCertificateV2(key: SealKeyMaterial): asn1js.Sequence {
  const essCertId = new asn1js.Sequence({
    value: [
      new asn1js.OctetString({ valueHex: createHash('sha256').update(key.certificateDer).digest() }),
      new asn1js.Sequence({
        value: [
          new pkijs.GeneralNames({
            names: [new pkijs.GeneralName({ type: 4, value: key.certificate.issuer })],
          }).toSchema(),
          new asn1js.Integer({ valueHex: key.certificate.serialNumber.valueBlock.valueHexView }),
        ],
      }),
    ],
  });
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertId] })] });
}

/** DER writes a SET OF in the order of its members' encodings. */
function sortedForDer(attributes: pkijs.Attribute[]): pkijs.Attribute[] {
  const encoded = attributes.map((item) => ({ item, der: Buffer.from(item.toSchema().toBER(false)) }));
  return encoded.sort((a, b) => Buffer.compare(a.der, b.der)).map(({ item }) => item);
}
