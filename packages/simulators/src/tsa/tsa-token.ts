import { createPrivateKey, webcrypto, X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/*
 * RFC 3161 time-stamp tokens made with pkijs and signed with Node's WebCrypto: a TSTInfo in a CMS SignedData
 * (RFC 5652) whose signed attributes carry the content type, the message digest and ESS signing-certificate-v2
 * (RFC 5816), which PAdES B-T validators look for.
 */

/** The simulator's policy OID, under a private enterprise arc that nobody is assigned. */
export const TSA_SIMULATOR_POLICY = '1.3.6.1.4.1.99999.1.1';

const ID_CT_TSTINFO = '1.2.840.113549.1.9.16.1.4';
const ID_SIGNED_DATA = '1.2.840.113549.1.7.2';
const ATTR_CONTENT_TYPE = '1.2.840.113549.1.9.3';
const ATTR_MESSAGE_DIGEST = '1.2.840.113549.1.9.4';
const ATTR_SIGNING_TIME = '1.2.840.113549.1.9.5';
const ATTR_SIGNING_CERTIFICATE_V2 = '1.2.840.113549.1.9.16.2.47';

const HASHES: Record<string, { name: string; length: number }> = {
  '2.16.840.1.101.3.4.2.1': { name: 'SHA-256', length: 32 },
  '2.16.840.1.101.3.4.2.2': { name: 'SHA-384', length: 48 },
  '2.16.840.1.101.3.4.2.3': { name: 'SHA-512', length: 64 },
};

/** PKIFailureInfo's named bits (RFC 3161 section 2.4.2). */
const FAILURE_BITS = {
  badAlg: 0,
  badRequest: 2,
  badDataFormat: 5,
  unacceptedPolicy: 15,
  unacceptedExtension: 16,
  systemFailure: 25,
} as const;

export type TsaFailure = keyof typeof FAILURE_BITS;

export interface TsaKeys {
  certPem: string;
  /** PKCS#8 or PKCS#1 PEM, RSA or EC. */
  keyPem: string;
  /** Issuers to send along with the TSA certificate when a request asks for certificates. */
  chainPems?: string[];
}

export interface TsaSigner {
  certificate: pkijs.Certificate;
  chain: pkijs.Certificate[];
  privateKey: webcrypto.CryptoKey;
  /** SHA-256 of the TSA certificate's DER, for the ESSCertIDv2. */
  certificateHash: ArrayBuffer;
  policy: string;
}

export type ReadRequest = { request: pkijs.TimeStampReq } | { failure: TsaFailure; text: string };

const engine = new pkijs.CryptoEngine({
  name: 'node',
  crypto: webcrypto as unknown as pkijs.CryptoEngineParameters['crypto'],
});

function certificateOf(pem: string): pkijs.Certificate {
  return pkijs.Certificate.fromBER(new X509Certificate(pem).raw);
}

const CURVES: Record<string, string> = { prime256v1: 'P-256', secp384r1: 'P-384', secp521r1: 'P-521' };

async function importSigningKey(keyPem: string): Promise<webcrypto.CryptoKey> {
  const key = createPrivateKey(keyPem);
  const pkcs8 = key.export({ type: 'pkcs8', format: 'der' });
  const namedCurve = CURVES[key.asymmetricKeyDetails?.namedCurve ?? ''];
  const algorithm =
    key.asymmetricKeyType === 'ec' && namedCurve
      ? { name: 'ECDSA', namedCurve }
      : { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
  return webcrypto.subtle.importKey('pkcs8', pkcs8, algorithm, false, ['sign']);
}

export async function createTsaSigner(keys: TsaKeys, policy = TSA_SIMULATOR_POLICY): Promise<TsaSigner> {
  const der = new X509Certificate(keys.certPem).raw;
  return {
    certificate: certificateOf(keys.certPem),
    chain: (keys.chainPems ?? []).map(certificateOf),
    privateKey: await importSigningKey(keys.keyPem),
    certificateHash: await webcrypto.subtle.digest('SHA-256', der),
    policy,
  };
}

/** A TimeStampReq, or why it is refused: what a TSA must check before it signs anything. */
export function readTimeStampReq(body: Uint8Array | undefined, policy = TSA_SIMULATOR_POLICY): ReadRequest {
  if (!body?.byteLength) return { failure: 'badDataFormat', text: 'Empty request' };
  const asn1 = asn1js.fromBER(body);
  if (asn1.offset === -1 || asn1.offset !== body.byteLength) {
    return { failure: 'badDataFormat', text: 'The request is not one DER value' };
  }
  let request: pkijs.TimeStampReq;
  try {
    request = new pkijs.TimeStampReq({ schema: asn1.result });
  } catch {
    return { failure: 'badDataFormat', text: 'The request is not a TimeStampReq' };
  }
  if (request.version !== 1) return { failure: 'badRequest', text: `Unsupported version ${request.version}` };
  const hash = HASHES[request.messageImprint.hashAlgorithm.algorithmId];
  if (!hash) return { failure: 'badAlg', text: 'Unsupported hash algorithm' };
  if (request.messageImprint.hashedMessage.valueBlock.valueHexView.byteLength !== hash.length) {
    return { failure: 'badDataFormat', text: `The imprint is not a ${hash.name} digest` };
  }
  if (request.reqPolicy && request.reqPolicy !== policy) {
    return { failure: 'unacceptedPolicy', text: 'Unknown policy' };
  }
  if (request.extensions?.length) return { failure: 'unacceptedExtension', text: 'No extensions are supported' };
  return { request };
}

/** A TimeStampResp with status rejection and one failure bit. */
export function rejectionResponse(failure: TsaFailure, text: string): ArrayBuffer {
  const bit = FAILURE_BITS[failure];
  const bits = new Uint8Array(Math.floor(bit / 8) + 1);
  bits[bits.length - 1] = 0x80 >> (bit % 8);
  const status = new pkijs.PKIStatusInfo({
    status: pkijs.PKIStatus.rejection,
    statusStrings: [new asn1js.Utf8String({ value: text })],
    // DER's named bit string: trailing zero bits dropped, so the last set bit ends the string.
    failInfo: new asn1js.BitString({ valueHex: bits, unusedBits: 7 - (bit % 8) }),
  });
  return new pkijs.TimeStampResp({ status }).toSchema().toBER(false);
}

function signingCertificateV2(signer: TsaSigner): asn1js.Sequence {
  const { certificate } = signer;
  // ESSCertIDv2 without hashAlgorithm: SHA-256 is its DEFAULT, and DER omits defaults.
  const essCertId = new asn1js.Sequence({
    value: [
      new asn1js.OctetString({ valueHex: signer.certificateHash }),
      new asn1js.Sequence({
        value: [
          new pkijs.GeneralNames({ names: [new pkijs.GeneralName({ type: 4, value: certificate.issuer })] }).toSchema(),
          new asn1js.Integer({ valueHex: certificate.serialNumber.valueBlock.valueHexView }),
        ],
      }),
    ],
  });
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertId] })] });
}

/** A granted TimeStampResp for `request`, signed now. */
export async function grantedResponse(
  signer: TsaSigner,
  request: pkijs.TimeStampReq,
  serial: bigint,
): Promise<ArrayBuffer> {
  // Whole seconds with a one-second accuracy: asn1js writes milliseconds with trailing zeros, which DER forbids.
  const genTime = new Date(Math.floor(Date.now() / 1000) * 1000);
  const tstInfo = new pkijs.TSTInfo({
    version: 1,
    policy: signer.policy,
    messageImprint: request.messageImprint,
    serialNumber: asn1js.Integer.fromBigInt(serial),
    genTime,
    accuracy: new pkijs.Accuracy({ seconds: 1 }),
    // Spread, not `nonce: undefined`: pkijs reads a present key as a value and would write an empty INTEGER.
    ...(request.nonce ? { nonce: request.nonce } : {}),
    tsa: new pkijs.GeneralName({ type: 4, value: signer.certificate.subject }),
  });
  const eContent = tstInfo.toSchema().toBER(false);
  const attribute = (type: string, value: asn1js.AsnType) => new pkijs.Attribute({ type, values: [value] });

  const encapContentInfo = new pkijs.EncapsulatedContentInfo({ eContentType: ID_CT_TSTINFO });
  // Set after construction: pkijs's constructor turns eContent into a constructed (BER) OCTET STRING, which DER
  // forbids and which pkijs itself then reads back as empty when it verifies the token.
  encapContentInfo.eContent = new asn1js.OctetString({ valueHex: eContent });

  const signedData = new pkijs.SignedData({
    version: 3,
    encapContentInfo,
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({
          issuer: signer.certificate.issuer,
          serialNumber: signer.certificate.serialNumber,
        }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            attribute(ATTR_CONTENT_TYPE, new asn1js.ObjectIdentifier({ value: ID_CT_TSTINFO })),
            attribute(ATTR_SIGNING_TIME, new asn1js.UTCTime({ valueDate: genTime })),
            attribute(
              ATTR_MESSAGE_DIGEST,
              new asn1js.OctetString({ valueHex: await webcrypto.subtle.digest('SHA-256', eContent) }),
            ),
            attribute(ATTR_SIGNING_CERTIFICATE_V2, signingCertificateV2(signer)),
          ],
        }),
      }),
    ],
    // RFC 3161 section 2.4.1: certificates only when certReq asks for them.
    ...(request.certReq ? { certificates: [signer.certificate, ...signer.chain] } : {}),
  });
  await signedData.sign(signer.privateKey, 0, 'SHA-256', undefined, engine);

  const token = new pkijs.ContentInfo({ contentType: ID_SIGNED_DATA, content: signedData.toSchema(true) });
  return new pkijs.TimeStampResp({
    status: new pkijs.PKIStatusInfo({ status: pkijs.PKIStatus.granted }),
    timeStampToken: token,
  })
    .toSchema()
    .toBER(false);
}
