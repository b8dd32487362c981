import { createHash, webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/**
 * Checks one CMS signature of a PDF with pkijs: that its signature matches the signed bytes, that its signer
 * chains to a trust anchor, and that its RFC 3161 timestamp token stamps this very signature and chains too.
 */
// Our own engine, passed to every call: @libpdf/core installs a global pkijs engine of its own whose digest()
// takes only algorithm objects, while pkijs's verify passes names.
const engine = new pkijs.CryptoEngine({
  name: 'signlink-verify',
  crypto: webcrypto as unknown as pkijs.ICryptoEngine['crypto'],
});

const oids = {
  signedData: '1.2.840.113549.1.7.2',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
  signingTime: '1.2.840.113549.1.9.5',
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
} as const;

const hashNames: Record<string, string> = { [oids.sha256]: 'sha256', [oids.sha384]: 'sha384', [oids.sha512]: 'sha512' };

export interface TimestampCheck {
  /** The TSA's signature verifies and its imprint is this signature's value. */
  valid: boolean;
  /** The TSA certificate chains to a trust anchor. */
  trusted: boolean;
  time: Date | null;
  authority: string | null;
}

export interface CmsCheck {
  /** The CMS parsed and its signature matches the signed bytes. */
  intact: boolean;
  /** The signer's certificate chains to a trust anchor (at the timestamp's time when there is one). */
  trusted: boolean;
  signer: { commonName: string | null; organization: string | null } | null;
  /** The signed attribute's claim, not proof: the timestamp is the proof. */
  claimedSigningTime: Date | null;
  timestamp: TimestampCheck | null;
  /** Why the signature is not intact, for logs; never shown raw to users. */
  problem?: string;
}

const broken = (problem: string): CmsCheck => ({
  intact: false,
  trusted: false,
  signer: null,
  claimedSigningTime: null,
  timestamp: null,
  problem,
});

function parseSignedData(der: Uint8Array): pkijs.SignedData {
  const asn1 = asn1js.fromBER(toArrayBuffer(der));
  if (asn1.offset === -1) throw new Error('not DER');
  const contentInfo = new pkijs.ContentInfo({ schema: asn1.result });
  if (contentInfo.contentType !== oids.signedData) throw new Error('not SignedData');
  return new pkijs.SignedData({ schema: contentInfo.content });
}

export async function checkCms(
  der: Uint8Array,
  signedBytes: Uint8Array,
  trustAnchors: readonly pkijs.Certificate[],
): Promise<CmsCheck> {
  let signedData: pkijs.SignedData;
  try {
    signedData = parseSignedData(der);
  } catch (error) {
    return broken(`CMS does not parse: ${(error as Error).message}`);
  }
  let verified: pkijs.SignedDataVerifyResult;
  try {
    verified = await signedData.verify({ signer: 0, data: toArrayBuffer(signedBytes), extendedMode: true }, engine);
  } catch (error) {
    return broken(`CMS signature fails: ${(error as Error).message}`);
  }
  if (!verified.signatureVerified || !verified.signerCertificate) return broken(verified.message || 'digest mismatch');
  const signerInfo = signedData.signerInfos[0] as pkijs.SignerInfo;
  const certificates = certificatesOf(signedData);
  const timestamp = await checkTimestampToken(signerInfo, trustAnchors);
  const trusted = await chainsToAnchor(
    verified.signerCertificate,
    certificates,
    trustAnchors,
    timestamp?.valid ? (timestamp.time ?? undefined) : undefined,
  );
  return {
    intact: true,
    trusted,
    signer: namesOf(verified.signerCertificate),
    claimedSigningTime: signingTimeOf(signerInfo),
    timestamp,
  };
}

/** A document timestamp (/SubFilter ETSI.RFC3161): the CMS is a timestamp token over the signed bytes. */
export async function checkDocumentTimestamp(
  der: Uint8Array,
  signedBytes: Uint8Array,
  trustAnchors: readonly pkijs.Certificate[],
): Promise<CmsCheck> {
  let token: pkijs.SignedData;
  try {
    token = parseSignedData(der);
  } catch (error) {
    return broken(`timestamp token does not parse: ${(error as Error).message}`);
  }
  const timestamp = await checkToken(token, signedBytes, trustAnchors);
  if (!timestamp.valid) return broken('document timestamp does not match');
  return { intact: true, trusted: timestamp.trusted, signer: null, claimedSigningTime: null, timestamp };
}

async function checkTimestampToken(
  signerInfo: pkijs.SignerInfo,
  trustAnchors: readonly pkijs.Certificate[],
): Promise<TimestampCheck | null> {
  const attribute = signerInfo.unsignedAttrs?.attributes.find((item) => item.type === oids.signatureTimeStampToken);
  const value = attribute?.values[0];
  if (!value) return null;
  try {
    const contentInfo = new pkijs.ContentInfo({ schema: value });
    const token = new pkijs.SignedData({ schema: contentInfo.content });
    return await checkToken(token, signerInfo.signature.valueBlock.valueHexView, trustAnchors);
  } catch {
    return { valid: false, trusted: false, time: null, authority: null };
  }
}

/** A timestamp token over `stamped`: the signature value it proves the time of, or a document's signed bytes. */
async function checkToken(
  token: pkijs.SignedData,
  stamped: Uint8Array,
  trustAnchors: readonly pkijs.Certificate[],
): Promise<TimestampCheck> {
  const invalid = { valid: false, trusted: false, time: null, authority: null };
  const eContent = token.encapContentInfo;
  if (eContent.eContentType !== oids.tstInfo || !eContent.eContent) return invalid;
  let tstInfo: pkijs.TSTInfo;
  try {
    tstInfo = new pkijs.TSTInfo({ schema: asn1js.fromBER(eContent.eContent.getValue()).result });
  } catch {
    return invalid;
  }
  const expected = digest(tstInfo.messageImprint.hashAlgorithm.algorithmId, stamped);
  const actual = tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView;
  if (!expected || Buffer.compare(Buffer.from(expected), Buffer.from(actual)) !== 0) return invalid;
  let verified: pkijs.SignedDataVerifyResult;
  try {
    // For a TSTInfo, pkijs's `data` is what was stamped: it checks the imprint against it too.
    verified = await token.verify({ signer: 0, data: toArrayBuffer(stamped), extendedMode: true }, engine);
  } catch {
    return invalid;
  }
  if (!verified.signatureVerified || !verified.signerCertificate) return invalid;
  const time = tstInfo.genTime;
  const trusted = await chainsToAnchor(verified.signerCertificate, certificatesOf(token), trustAnchors, time);
  return { valid: true, trusted, time, authority: namesOf(verified.signerCertificate).commonName };
}

async function chainsToAnchor(
  leaf: pkijs.Certificate,
  certificates: pkijs.Certificate[],
  trustAnchors: readonly pkijs.Certificate[],
  checkDate?: Date,
): Promise<boolean> {
  if (trustAnchors.length === 0) return false;
  const validation = new pkijs.CertificateChainValidationEngine({
    trustedCerts: [...trustAnchors],
    certs: [...certificates.filter((certificate) => certificate !== leaf), leaf],
    checkDate: checkDate ?? new Date(),
  });
  try {
    const result = await validation.verify(undefined, engine);
    return result.result;
  } catch {
    return false;
  }
}

function certificatesOf(signedData: pkijs.SignedData): pkijs.Certificate[] {
  return (signedData.certificates ?? []).filter((item): item is pkijs.Certificate => item instanceof pkijs.Certificate);
}

function namesOf(certificate: pkijs.Certificate) {
  const subjectValue = (oid: string) =>
    certificate.subject.typesAndValues.find((item) => item.type === oid)?.value.valueBlock.value ?? null;
  return { commonName: subjectValue(oids.commonName), organization: subjectValue(oids.organization) };
}

function signingTimeOf(signerInfo: pkijs.SignerInfo): Date | null {
  const attribute = signerInfo.signedAttrs?.attributes.find((item) => item.type === oids.signingTime);
  const value = attribute?.values[0] as asn1js.UTCTime | asn1js.GeneralizedTime | undefined;
  return value && 'toDate' in value ? value.toDate() : null;
}

function digest(hashAlgorithmOid: string, bytes: Uint8Array): Uint8Array | null {
  const name = hashNames[hashAlgorithmOid];
  return name ? createHash(name).update(bytes).digest() : null;
}

export function parseCertificatePem(pem: string): pkijs.Certificate[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  return blocks.map((block) => {
    const der = Buffer.from(block.replace(/-----[A-Z ]+-----|\s+/g, ''), 'base64');
    return pkijs.Certificate.fromBER(toArrayBuffer(der));
  });
}

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}
