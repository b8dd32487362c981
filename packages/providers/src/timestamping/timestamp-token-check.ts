import * as pkijs from 'pkijs';
import type { TimestampDigestAlgorithm } from './timestamping.port.ts';
import { TimestampingError } from './timestamping-error.ts';

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
    const signedData = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(input.token).content });
    if (signedData.encapContentInfo.eContentType !== ID_CT_TSTINFO) throw new Error('not a TSTInfo');
    const eContent = signedData.encapContentInfo.eContent;
    if (!eContent) throw new Error('no content');
    // A constructed (BER) OCTET STRING keeps its bytes in its pieces; getValue() joins them either way.
    tstInfo = pkijs.TSTInfo.fromBER(eContent.getValue());
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
