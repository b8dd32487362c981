import { webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/**
 * What a fetched CRL (RFC 5280) or OCSP response (RFC 6960) says about one certificate, once its signature and
 * its dates check out. An answer that is not signed by the certificate's issuer (or, for OCSP, a responder the
 * issuer delegated to), or that is out of date, says nothing: it is "invalid", and the caller treats the status
 * as not fetched, never as good.
 */
export type RevocationStatus =
  | { kind: 'good' }
  | { kind: 'revoked'; revokedAt: Date | null; reason: string | null }
  | { kind: 'unknown' }
  | { kind: 'invalid'; problem: string };

// Our own engine, passed to every call: @libpdf/core installs a global pkijs engine whose digest() takes only
// algorithm objects (see verify-cms.ts).
const engine = new pkijs.CryptoEngine({
  name: 'signlink-revocation',
  crypto: webcrypto as unknown as pkijs.ICryptoEngine['crypto'],
});

const oids = { reasonCode: '2.5.29.21', ocspBasic: '1.3.6.1.5.5.7.48.1.1' } as const;

// A CA stamps thisUpdate with its own clock: ours running a little behind must not make a fresh answer "not yet".
const clockSkewMs = 5 * 60_000;

// RFC 5280 section 5.3.1; 7 is unused.
const reasonNames = [
  'unspecified',
  'keyCompromise',
  'cACompromise',
  'affiliationChanged',
  'superseded',
  'cessationOfOperation',
  'certificateHold',
  undefined,
  'removeFromCRL',
  'privilegeWithdrawn',
  'aACompromise',
];
const removeFromCrl = 8;

const reasonName = (code: number | null) => (code === null ? null : (reasonNames[code] ?? `reason ${code}`));

function currency(thisUpdate: Date, nextUpdate: Date | undefined, now: Date): string | null {
  if (thisUpdate.getTime() > now.getTime() + clockSkewMs) return `issued in the future (${thisUpdate.toISOString()})`;
  if (nextUpdate && nextUpdate.getTime() < now.getTime()) return `out of date since ${nextUpdate.toISOString()}`;
  return null;
}

export async function crlStatus(
  bytes: Uint8Array,
  certificate: pkijs.Certificate,
  issuer: pkijs.Certificate,
  now = new Date(),
): Promise<RevocationStatus> {
  let crl: pkijs.CertificateRevocationList;
  try {
    crl = pkijs.CertificateRevocationList.fromBER(bytes);
  } catch {
    return { kind: 'invalid', problem: 'the CRL does not parse' };
  }
  if (!crl.issuer.isEqual(certificate.issuer)) return { kind: 'invalid', problem: 'the CRL is not for this issuer' };
  // pkijs also refuses an unknown critical extension (a delta CRL's, say) here, as RFC 5280 section 5.2 asks.
  const signed = await crl.verify({ issuerCertificate: issuer }, engine).catch(() => false);
  if (!signed) return { kind: 'invalid', problem: "the CRL's signature does not verify with the issuer's key" };
  const stale = currency(crl.thisUpdate.value, crl.nextUpdate?.value, now);
  if (stale) return { kind: 'invalid', problem: `the CRL is ${stale}` };
  const entry = crl.revokedCertificates?.find((item) => item.userCertificate.isEqual(certificate.serialNumber));
  if (!entry) return { kind: 'good' };
  const reason = crlEntryReason(entry);
  if (reason === removeFromCrl) return { kind: 'good' };
  return { kind: 'revoked', revokedAt: entry.revocationDate.value, reason: reasonName(reason) };
}

function crlEntryReason(entry: pkijs.RevokedCertificate): number | null {
  const extension = entry.crlEntryExtensions?.extensions.find((item) => item.extnID === oids.reasonCode);
  if (!extension) return null;
  const value = asn1js.fromBER(extension.extnValue.valueBlock.valueHexView).result;
  return value instanceof asn1js.Enumerated ? value.valueBlock.valueDec : null;
}

export async function ocspStatus(
  bytes: Uint8Array,
  certificate: pkijs.Certificate,
  issuer: pkijs.Certificate,
  now = new Date(),
): Promise<RevocationStatus> {
  let basic: pkijs.BasicOCSPResponse;
  try {
    const response = pkijs.OCSPResponse.fromBER(bytes);
    if (response.responseStatus.valueBlock.valueDec !== 0 || !response.responseBytes) {
      return {
        kind: 'invalid',
        problem: `the OCSP responder refused (${response.responseStatus.valueBlock.valueDec})`,
      };
    }
    if (response.responseBytes.responseType !== oids.ocspBasic) {
      return { kind: 'invalid', problem: 'the OCSP response is not a basic one' };
    }
    basic = pkijs.BasicOCSPResponse.fromBER(response.responseBytes.response.valueBlock.valueHexView);
  } catch {
    return { kind: 'invalid', problem: 'the OCSP response does not parse' };
  }
  const problem = await responderProblem(basic, issuer);
  if (problem) return { kind: 'invalid', problem };
  const single = await singleResponseFor(basic, certificate, issuer);
  if (!single) return { kind: 'invalid', problem: 'the OCSP response does not answer for this certificate' };
  const stale = currency(single.thisUpdate, single.nextUpdate, now);
  if (stale) return { kind: 'invalid', problem: `the OCSP response is ${stale}` };
  return certStatusOf(single.certStatus);
}

/**
 * pkijs checks the signature, that the signer chains to the issuer, and that it is the issuer itself or a responder
 * the issuer certified for OCSP signing (RFC 6960 section 4.2.2.2). A response signed by the issuer may leave its
 * certificate out; it is added to the candidates, which the signature does not cover.
 */
async function responderProblem(basic: pkijs.BasicOCSPResponse, issuer: pkijs.Certificate): Promise<string | null> {
  basic.certs = [...(basic.certs ?? []), issuer];
  try {
    const verified = await basic.verify({ trustedCerts: [issuer], issuerCerts: [issuer] }, engine);
    return verified ? null : "the OCSP response's signature does not verify";
  } catch (error) {
    return `the OCSP responder is not trusted: ${(error as Error).message}`;
  }
}

async function singleResponseFor(
  basic: pkijs.BasicOCSPResponse,
  certificate: pkijs.Certificate,
  issuer: pkijs.Certificate,
): Promise<pkijs.SingleResponse | undefined> {
  for (const single of basic.tbsResponseData.responses) {
    const hash = engine.getAlgorithmByOID(single.certID.hashAlgorithm.algorithmId, false);
    if (!('name' in hash)) continue;
    const ours = new pkijs.CertID();
    await ours.createForCertificate(certificate, { hashAlgorithm: hash.name, issuerCertificate: issuer }, engine);
    if (single.certID.isEqual(ours)) return single;
  }
  return undefined;
}

/** CertStatus ::= CHOICE { good [0] NULL, revoked [1] RevokedInfo, unknown [2] NULL } (RFC 6960 section 4.2.1). */
function certStatusOf(status: asn1js.AsnType): RevocationStatus {
  const { idBlock } = status as asn1js.BaseBlock;
  if (idBlock.tagClass !== 3) return { kind: 'invalid', problem: 'the OCSP certStatus is malformed' };
  if (idBlock.tagNumber === 0) return { kind: 'good' };
  if (idBlock.tagNumber === 2) return { kind: 'unknown' };
  if (idBlock.tagNumber !== 1) return { kind: 'invalid', problem: 'the OCSP certStatus is malformed' };
  // RevokedInfo ::= SEQUENCE { revocationTime GeneralizedTime, revocationReason [0] EXPLICIT CRLReason OPTIONAL }
  const [time, reason] = ((status as asn1js.Constructed).valueBlock?.value ?? []) as asn1js.AsnType[];
  const inner = (reason as asn1js.Constructed | undefined)?.valueBlock?.value?.[0];
  return {
    kind: 'revoked',
    revokedAt: time instanceof asn1js.GeneralizedTime ? time.toDate() : null,
    reason: reasonName(inner instanceof asn1js.Enumerated ? inner.valueBlock.valueDec : null),
  };
}
