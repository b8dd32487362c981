import { createHash } from 'node:crypto';
import type { RevocationProvider } from '@libpdf/core';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { crlStatus, ocspStatus, type RevocationStatus } from './revocation-status.ts';

/**
 * Revocation data for a B-LT seal. A certificate that names where its revocation status lives (a CRL distribution
 * point, an OCSP responder) makes the seal B-LT, and @libpdf/core fetches that status and embeds it in a /DSS after
 * signing. Its fetcher answers null for an unreachable server, and the seal would then be B-LT in name only, without
 * the data a relying party needs once the certificate has expired. So a certificate's status that cannot be fetched
 * fails the seal instead: the seal job retries it, as it does a TSA that is down, and shows it to the owner if it
 * keeps failing. An answer counts only once it is checked (revocation-status.ts): signed by the issuer and current.
 * And a certificate it calls revoked (or OCSP calls unknown) fails the seal for good: a seal must not embed the
 * proof that its own certificate was not valid when it was made.
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

export interface UnavailableStatus {
  subject: string;
  urls: string[];
  /** Why each answer did not count: no answer, a signature that does not verify, an out-of-date list. */
  problems?: string[];
}

export class RevocationUnavailableError extends Error {
  /** Worth asking again later: the servers were down or slow, or served what we could not trust, as far as we can tell. */
  readonly isRetryable = true;

  constructor(readonly unreachable: UnavailableStatus[]) {
    super(
      `No revocation data for ${unreachable.map(describeUnavailable).join('; ')}: ` +
        'the seal would be B-LT without its validation data, so it was not made',
    );
    this.name = 'RevocationUnavailableError';
  }
}

const describeUnavailable = (item: UnavailableStatus) =>
  `"${item.subject}" from ${item.urls.join(', ')}${item.problems?.length ? ` (${item.problems.join('; ')})` : ''}`;

export interface RefusedCertificate {
  subject: string;
  /** Hex, as certificate viewers show it. */
  serial: string;
  status: 'revoked' | 'unknown';
  revokedAt: Date | null;
  reason: string | null;
  /** The CRL or OCSP responder that said so. */
  url: string;
}

/**
 * A certificate of the seal (the seal's own, its CA's, the TSA's) is revoked, or its CA's responder does not know
 * it. Asking again will not change that: only a new seal certificate (or TSA) will, so the seal job gives up at
 * once instead of retrying, and the owner sees why.
 */
export class SealCertificateRevokedError extends Error {
  readonly isRetryable = false;

  constructor(readonly refused: RefusedCertificate[]) {
    super(
      `${refused.map(describeRefused).join('; ')}: a seal made with it would carry the proof of its own revocation, ` +
        'so it was not made',
    );
    this.name = 'SealCertificateRevokedError';
  }
}

function describeRefused(item: RefusedCertificate): string {
  const certificate = `The certificate "${item.subject}" (serial ${item.serial})`;
  if (item.status === 'unknown') return `${certificate} is unknown to its CA's OCSP responder at ${item.url}`;
  const since = item.revokedAt ? ` since ${item.revokedAt.toISOString()}` : '';
  const reason = item.reason ? ` (${item.reason})` : '';
  return `${certificate} is revoked${since}${reason} according to ${item.url}`;
}

/**
 * Fetches each certificate's status for @libpdf/core's gatherer, checks it (revocation-status.ts), and remembers
 * the certificates it found none for and those it found revoked. The gatherer asks OCSP first (when it knows the
 * issuer) and then the CRL unless OCSP answered, so a certificate whose CRL comes back null has no status. The
 * gatherer swallows what a provider throws, hence assertComplete after signing. Ours rather than @libpdf/core's
 * DefaultRevocationProvider, which it does not export, answers null alike for "names no server" and "the server is
 * down", and embeds whatever it fetched, a revocation included.
 */
export class RequiredRevocationData implements RevocationProvider {
  private readonly answered = new Set<string>();
  private readonly missing = new Map<string, UnavailableStatus>();
  private readonly refused = new Map<string, RefusedCertificate>();
  private readonly problems = new Map<string, string[]>();
  // getCRL is given no issuer; the gatherer asks getOCSP first for every certificate whose issuer it knows.
  private readonly issuers = new Map<string, pkijs.Certificate>();

  constructor(private readonly now: () => Date = () => new Date()) {}

  async getOCSP(cert: Uint8Array, issuer: Uint8Array): Promise<Uint8Array | null> {
    const id = idOf(cert);
    const certificate = pkijs.Certificate.fromBER(cert);
    const issuerCertificate = pkijs.Certificate.fromBER(issuer);
    this.issuers.set(id, issuerCertificate);
    for (const url of ocspUrlsOf(certificate)) {
      const answer = await fetchOrNull(url, {
        method: 'POST',
        headers: { 'content-type': 'application/ocsp-request', accept: 'application/ocsp-response' },
        body: ocspRequest(certificate, issuerCertificate),
      });
      const status = answer
        ? await ocspStatus(answer, certificate, issuerCertificate, this.now())
        : ({ kind: 'invalid', problem: 'no answer' } as const);
      if (this.isDecisive(id, certificate, url, status)) return answer;
    }
    return null;
  }

  async getCRL(cert: Uint8Array): Promise<Uint8Array | null> {
    const id = idOf(cert);
    const certificate = pkijs.Certificate.fromBER(cert);
    // A self-issued certificate (a root) signs its own CRL.
    const issuer = this.issuers.get(id) ?? (certificate.issuer.isEqual(certificate.subject) ? certificate : undefined);
    for (const url of crlUrlsOf(certificate)) {
      const answer = await fetchOrNull(url, { headers: { accept: 'application/pkix-crl' } });
      const status: RevocationStatus = !answer
        ? { kind: 'invalid', problem: 'no answer' }
        : issuer
          ? await crlStatus(answer, certificate, issuer, this.now())
          : { kind: 'invalid', problem: "the issuer's certificate is not known, so the CRL cannot be checked" };
      if (this.isDecisive(id, certificate, url, status)) return answer;
    }
    const urls = revocationUrlsOf(certificate);
    if (!this.answered.has(id) && !this.refused.has(id) && urls.length > 0) {
      this.missing.set(id, { subject: subjectOf(certificate), urls, problems: this.problems.get(id) ?? [] });
    }
    return null;
  }

  /** Throws when a certificate is revoked, or named where its status lives and none was found there. */
  assertComplete(): void {
    if (this.refused.size > 0) throw new SealCertificateRevokedError([...this.refused.values()]);
    if (this.missing.size > 0) throw new RevocationUnavailableError([...this.missing.values()]);
  }

  /** Good, revoked and unknown settle a certificate's status; an answer we cannot trust is noted and passed over. */
  private isDecisive(id: string, certificate: pkijs.Certificate, url: string, status: RevocationStatus): boolean {
    if (status.kind === 'invalid') {
      this.problems.set(id, [...(this.problems.get(id) ?? []), `${url}: ${status.problem}`]);
      return false;
    }
    if (status.kind === 'good') {
      this.answered.add(id);
    } else {
      this.refused.set(id, {
        subject: subjectOf(certificate),
        serial: Buffer.from(certificate.serialNumber.valueBlock.valueHexView).toString('hex'),
        status: status.kind,
        revokedAt: status.kind === 'revoked' ? status.revokedAt : null,
        reason: status.kind === 'revoked' ? status.reason : null,
        url,
      });
    }
    return true;
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

const idOf = (der: Uint8Array) => createHash('sha256').update(der).digest('hex');

function subjectOf(certificate: pkijs.Certificate): string {
  const commonName = certificate.subject.typesAndValues.find((item) => item.type === '2.5.4.3');
  return String(commonName?.value.valueBlock.value ?? 'certificate');
}
