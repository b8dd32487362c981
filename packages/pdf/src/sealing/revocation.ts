import { createHash } from 'node:crypto';
import type { RevocationProvider } from '@libpdf/core';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/**
 * Revocation data for a B-LT seal. A certificate that names where its revocation status lives (a CRL distribution
 * point, an OCSP responder) makes the seal B-LT, and @libpdf/core fetches that status and embeds it in a /DSS after
 * signing. Its fetcher answers null for an unreachable server, and the seal would then be B-LT in name only, without
 * the data a relying party needs once the certificate has expired. So a certificate's status that cannot be fetched
 * fails the seal instead: the seal job retries it, as it does a TSA that is down, and shows it to the owner if it
 * keeps failing.
 */

const oids = {
  authorityInfoAccess: '1.3.6.1.5.5.7.1.1',
  crlDistributionPoints: '2.5.29.31',
  ocsp: '1.3.6.1.5.5.7.48.1',
  sha1: '1.3.14.3.2.26',
} as const;

const uri = 6;

/** The HTTP(S) CRL distribution points and OCSP responders a certificate names; caIssuers is not revocation data. */
export const revocationUrlsOf = (certificate: pkijs.Certificate) => [
  ...ocspUrlsOf(certificate),
  ...crlUrlsOf(certificate),
];

function crlUrlsOf(certificate: pkijs.Certificate): string[] {
  return extensionValues(certificate, oids.crlDistributionPoints).flatMap((value) =>
    new pkijs.CRLDistributionPoints({ schema: value }).distributionPoints.flatMap((point) =>
      Array.isArray(point.distributionPoint) ? httpUrisOf(point.distributionPoint) : [],
    ),
  );
}

function ocspUrlsOf(certificate: pkijs.Certificate): string[] {
  return extensionValues(certificate, oids.authorityInfoAccess).flatMap((value) =>
    httpUrisOf(
      new pkijs.InfoAccess({ schema: value }).accessDescriptions
        .filter((description) => description.accessMethod === oids.ocsp)
        .map((description) => description.accessLocation),
    ),
  );
}

const extensionValues = (certificate: pkijs.Certificate, id: string) =>
  (certificate.extensions ?? [])
    .filter((extension) => extension.extnID === id)
    .map((extension) => asn1js.fromBER(extension.extnValue.valueBlock.valueHexView).result);

// Fetched over HTTP: an ldap:// distribution point is not one we can use.
const httpUrisOf = (names: pkijs.GeneralName[]) =>
  names
    .filter((name) => name.type === uri && typeof name.value === 'string' && /^https?:\/\//i.test(name.value))
    .map((name) => name.value as string);

export class RevocationUnavailableError extends Error {
  /** Worth asking again later: the servers were down or slow, as far as we can tell. */
  readonly isRetryable = true;

  constructor(readonly unreachable: { subject: string; urls: string[] }[]) {
    super(
      `No revocation data for ${unreachable.map((item) => `"${item.subject}" from ${item.urls.join(', ')}`).join('; ')}: ` +
        'the seal would be B-LT without its validation data, so it was not made',
    );
    this.name = 'RevocationUnavailableError';
  }
}

/**
 * Fetches each certificate's status for @libpdf/core's gatherer and remembers the certificates it found none for.
 * The gatherer asks OCSP first (when it knows the issuer) and then the CRL unless OCSP answered, so a certificate
 * whose CRL comes back null has no status. Ours rather than @libpdf/core's DefaultRevocationProvider, which it does
 * not export and which answers null alike for "names no server" and "the server is down".
 */
export class RequiredRevocationData implements RevocationProvider {
  private readonly answered = new Set<string>();
  private readonly missing = new Map<string, { subject: string; urls: string[] }>();

  async getOCSP(cert: Uint8Array, issuer: Uint8Array): Promise<Uint8Array | null> {
    const urls = ocspUrlsOf(pkijs.Certificate.fromBER(cert));
    for (const url of urls) {
      const answer = await fetchOrNull(url, {
        method: 'POST',
        headers: { 'content-type': 'application/ocsp-request', accept: 'application/ocsp-response' },
        body: ocspRequest(pkijs.Certificate.fromBER(cert), pkijs.Certificate.fromBER(issuer)),
      });
      if (answer && isSuccessfulOcspResponse(answer)) {
        this.answered.add(idOf(cert));
        return answer;
      }
    }
    return null;
  }

  async getCRL(cert: Uint8Array): Promise<Uint8Array | null> {
    const id = idOf(cert);
    const certificate = pkijs.Certificate.fromBER(cert);
    for (const url of crlUrlsOf(certificate)) {
      const answer = await fetchOrNull(url, { headers: { accept: 'application/pkix-crl' } });
      if (answer && isCrl(answer)) {
        this.answered.add(id);
        return answer;
      }
    }
    const urls = revocationUrlsOf(certificate);
    if (!this.answered.has(id) && urls.length > 0) this.missing.set(id, { subject: subjectOf(certificate), urls });
    return null;
  }

  /** Throws when a certificate named where its status lives and none was found there. */
  assertComplete(): void {
    if (this.missing.size > 0) throw new RevocationUnavailableError([...this.missing.values()]);
  }
}

// Per request: a seal that waits on a slow CA is retried by the job rather than held open.
const fetchTimeoutMs = 10_000;

async function fetchOrNull(url: string, init: RequestInit): Promise<Uint8Array | null> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(fetchTimeoutMs) });
    return response.ok ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

/** OCSPRequest { tbsRequest { requestList [ Request { CertID } ] } }, the CertID's hashes SHA-1 as responders expect. */
function ocspRequest(certificate: pkijs.Certificate, issuer: pkijs.Certificate): Uint8Array {
  const sha1 = (bytes: ArrayBuffer | Uint8Array) => createHash('sha1').update(new Uint8Array(bytes)).digest();
  const certId = new pkijs.CertID({
    hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: oids.sha1, algorithmParams: new asn1js.Null() }),
    issuerNameHash: new asn1js.OctetString({ valueHex: sha1(issuer.subject.toSchema().toBER(false)) }),
    issuerKeyHash: new asn1js.OctetString({
      valueHex: sha1(issuer.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView),
    }),
    serialNumber: certificate.serialNumber,
  });
  const request = new pkijs.OCSPRequest({
    tbsRequest: new pkijs.TBSRequest({ requestList: [new pkijs.Request({ reqCert: certId })] }),
  });
  return new Uint8Array(request.toSchema(true).toBER(false));
}

function isSuccessfulOcspResponse(bytes: Uint8Array): boolean {
  try {
    const response = pkijs.OCSPResponse.fromBER(bytes);
    return response.responseStatus.valueBlock.valueDec === 0 && Boolean(response.responseBytes);
  } catch {
    return false;
  }
}

function isCrl(bytes: Uint8Array): boolean {
  try {
    pkijs.CertificateRevocationList.fromBER(bytes);
    return true;
  } catch {
    return false;
  }
}

const idOf = (der: Uint8Array) => createHash('sha256').update(der).digest('hex');

function subjectOf(certificate: pkijs.Certificate): string {
  const commonName = certificate.subject.typesAndValues.find((item) => item.type === '2.5.4.3');
  return String(commonName?.value.valueBlock.value ?? 'certificate');
}
