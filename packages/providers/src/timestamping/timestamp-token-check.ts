import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { TimestampDigestAlgorithm } from './timestamping.port.ts';
import { TimestampingError } from './timestamping-error.ts';

const ID_SIGNED_DATA = '1.2.840.113549.1.7.2';
const ID_CT_TSTINFO = '1.2.840.113549.1.9.16.1.4';
const HASH_OIDS: Record<TimestampDigestAlgorithm, string> = {
  'SHA-256': '2.16.840.1.101.3.4.2.1',
  'SHA-384': '2.16.840.1.101.3.4.2.2',
  'SHA-512': '2.16.840.1.101.3.4.2.3',
};

function mismatch(detail: string, cause?: unknown): TimestampingError {
  return new TimestampingError({
    message: `TSA token does not answer the request: ${detail}`,
    isRetryable: false,
    cause,
  });
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}

/**
 * The TSTInfo's DER inside a TimeStampToken (a ContentInfo holding SignedData), reached by walking the ASN.1
 * rather than building pkijs's whole SignedData: that also decodes every certificate the TSA sent along, which
 * costs milliseconds per token and tells this check nothing.
 */
function tstInfoBytesOf(token: Uint8Array): ArrayBuffer {
  const contentInfo = pkijs.ContentInfo.fromBER(token);
  if (contentInfo.contentType !== ID_SIGNED_DATA) throw new Error('not a SignedData');
  // SignedData ::= SEQUENCE { version, digestAlgorithms, encapContentInfo, ... }
  const encapContentInfo = childrenOf(contentInfo.content)[2];
  const [eContentType, explicitContent] = childrenOf(encapContentInfo);
  if (!(eContentType instanceof asn1js.ObjectIdentifier) || eContentType.getValue() !== ID_CT_TSTINFO) {
    throw new Error('not a TSTInfo');
  }
  const [eContent] = childrenOf(explicitContent);
  if (!(eContent instanceof asn1js.OctetString)) throw new Error('no content');
  // A constructed (BER) OCTET STRING keeps its bytes in its pieces; getValue() joins them either way.
  return eContent.getValue();
}

function childrenOf(value: unknown): unknown[] {
  if (!(value instanceof asn1js.Constructed)) throw new Error('not a constructed value');
  return value.valueBlock.value;
}

/**
 * RFC 3161 section 2.4.2: the requester checks that the token carries its own imprint and nonce, so that a token
 * for someone else's digest, or a replayed one, is never embedded in a seal. The signature itself is the verifier's
 * to check against its trust anchors.
 */
export function checkTokenAnswersRequest(input: {
  token: Uint8Array;
  digest: Uint8Array;
  algorithm: TimestampDigestAlgorithm;
  request: Uint8Array | undefined;
}): void {
  let tstInfo: pkijs.TSTInfo;
  try {
    tstInfo = pkijs.TSTInfo.fromBER(tstInfoBytesOf(input.token));
  } catch (error) {
    throw mismatch('not a TimeStampToken', error);
  }
  const imprint = tstInfo.messageImprint;
  if (imprint.hashAlgorithm.algorithmId !== HASH_OIDS[input.algorithm]) throw mismatch('another hash algorithm');
  if (!sameBytes(imprint.hashedMessage.valueBlock.valueHexView, input.digest)) throw mismatch('another digest');

  const sentNonce = input.request ? pkijs.TimeStampReq.fromBER(input.request).nonce : undefined;
  if (sentNonce && (!tstInfo.nonce || tstInfo.nonce.toBigInt() !== sentNonce.toBigInt())) {
    throw mismatch('another nonce');
  }
}
