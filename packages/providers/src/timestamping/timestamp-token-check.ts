import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { type DerElement, derChildren, derTags, readDer } from './der-reader.ts';
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
 * The TSTInfo's DER inside a TimeStampToken (a ContentInfo holding SignedData), reached by walking the DER
 * rather than building pkijs's whole SignedData: that also decodes every certificate the TSA sent along, which
 * costs milliseconds per token and tells this check nothing. A BER token goes through asn1js instead.
 */
function tstInfoBytesOf(token: Uint8Array): ArrayBuffer | Uint8Array {
  try {
    return tstInfoByDer(token);
  } catch {
    return tstInfoByAsn1js(token);
  }
}

const oidDer = (value: string) => Buffer.from(new asn1js.ObjectIdentifier({ value }).toBER(false));
const SIGNED_DATA_DER = oidDer(ID_SIGNED_DATA);
const TSTINFO_DER = oidDer(ID_CT_TSTINFO);
const HASH_OID_DER = Object.fromEntries(Object.entries(HASH_OIDS).map(([name, oid]) => [name, oidDer(oid)])) as Record<
  TimestampDigestAlgorithm,
  Buffer
>;

function tstInfoByDer(token: Uint8Array): Uint8Array {
  const bytesOf = (element: DerElement | undefined) => {
    if (!element) throw new Error('missing');
    return Buffer.from(token.buffer, token.byteOffset + element.start, element.end - element.start);
  };
  const contentInfo = readDer(token);
  const [contentType, explicitContent] = derChildren(token, contentInfo);
  if (!bytesOf(contentType).equals(SIGNED_DATA_DER) || !explicitContent) throw new Error('not a SignedData');
  const [signedData] = derChildren(token, explicitContent);
  // SignedData ::= SEQUENCE { version, digestAlgorithms, encapContentInfo, ... }
  const encapContentInfo = signedData && derChildren(token, signedData)[2];
  const [eContentType, eContentExplicit] = encapContentInfo ? derChildren(token, encapContentInfo) : [];
  if (!bytesOf(eContentType).equals(TSTINFO_DER) || !eContentExplicit) throw new Error('not a TSTInfo');
  const [eContent] = derChildren(token, eContentExplicit);
  // A constructed (BER) OCTET STRING is asn1js's to join.
  if (eContent?.tag !== derTags.octetString) throw new Error('no primitive content');
  return token.subarray(eContent.contentStart, eContent.end);
}

function tstInfoByAsn1js(token: Uint8Array): ArrayBuffer {
  const contentInfo = pkijs.ContentInfo.fromBER(token);
  if (contentInfo.contentType !== ID_SIGNED_DATA) throw new Error('not a SignedData');
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
  let answer: Answer;
  try {
    answer = answerOf(input.token);
  } catch (error) {
    throw mismatch('not a TimeStampToken', error);
  }
  if (!answer.hashAlgorithm.equals(HASH_OID_DER[input.algorithm])) throw mismatch('another hash algorithm');
  if (!sameBytes(answer.hashedMessage, input.digest)) throw mismatch('another digest');

  const sentNonce = input.request ? nonceOfRequest(input.request) : undefined;
  if (sentNonce !== undefined && answer.nonce !== sentNonce) throw mismatch('another nonce');
}

/** What the check compares: the imprint's algorithm (its OID's DER), the imprint, the nonce. */
interface Answer {
  hashAlgorithm: Buffer;
  hashedMessage: Uint8Array;
  nonce: bigint | undefined;
}

/** TSTInfo's fields read from its DER; pkijs's schema matching (most of a millisecond per TSTInfo) for BER. */
function answerOf(token: Uint8Array): Answer {
  const tstInfo = tstInfoBytesOf(token);
  try {
    const bytes = tstInfo instanceof Uint8Array ? tstInfo : new Uint8Array(tstInfo);
    // TSTInfo ::= SEQUENCE { version, policy, messageImprint, serialNumber, genTime, accuracy OPTIONAL,
    //   ordering DEFAULT FALSE, nonce INTEGER OPTIONAL, ... }
    const fields = derChildren(bytes, readDer(bytes));
    const imprint = fields[2];
    if (imprint?.tag !== derTags.sequence) throw new Error('no MessageImprint');
    const [algorithm, hashed] = derChildren(bytes, imprint);
    const [algorithmOid] = algorithm?.tag === derTags.sequence ? derChildren(bytes, algorithm) : [];
    if (algorithmOid?.tag !== derTags.oid || hashed?.tag !== derTags.octetString) throw new Error('no imprint');
    const nonce = fields.slice(5).find((field) => field.tag === derTags.integer);
    return {
      hashAlgorithm: Buffer.from(bytes.subarray(algorithmOid.start, algorithmOid.end)),
      hashedMessage: bytes.subarray(hashed.contentStart, hashed.end),
      nonce: nonce && integerOf(bytes.subarray(nonce.contentStart, nonce.end)),
    };
  } catch {
    const parsed = pkijs.TSTInfo.fromBER(tstInfo);
    return {
      hashAlgorithm: oidDer(parsed.messageImprint.hashAlgorithm.algorithmId),
      hashedMessage: parsed.messageImprint.hashedMessage.valueBlock.valueHexView,
      nonce: parsed.nonce?.toBigInt(),
    };
  }
}

/** TimeStampReq ::= SEQUENCE { version, messageImprint, reqPolicy OPTIONAL, nonce INTEGER OPTIONAL, ... } */
function nonceOfRequest(request: Uint8Array): bigint | undefined {
  try {
    const nonce = derChildren(request, readDer(request))
      .slice(2)
      .find((field) => field.tag === derTags.integer);
    return nonce && integerOf(request.subarray(nonce.contentStart, nonce.end));
  } catch {
    return pkijs.TimeStampReq.fromBER(request).nonce?.toBigInt();
  }
}

/** A DER INTEGER's value (two's complement, big-endian). */
function integerOf(content: Uint8Array): bigint {
  const value = BigInt(`0x${Buffer.from(content).toString('hex') || '0'}`);
  return (content[0] ?? 0) & 0x80 ? value - (1n << BigInt(content.byteLength * 8)) : value;
}
