import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

/*
 * A local certificate authority for development and tests (issue 7, part 3): outside production the service seals
 * with a certificate it issued itself and publishes the CA at /v2/linktinker/verify/ca. node-forge builds the
 * certificates and the PKCS#12 because node:crypto can create keys but neither X.509 certificates nor PKCS#12 files;
 * the keys themselves come from node:crypto, where a 2048-bit RSA key takes tens of milliseconds instead of seconds.
 */

export interface LocalCa {
  certPem: string;
  /** PKCS#8 PEM. */
  keyPem: string;
}

export interface SealCertificate {
  /** PKCS#12 with the seal key, its certificate and the CA certificate, encrypted with AES-256. */
  p12: Uint8Array;
  password: string;
  certPem: string;
}

export interface TsaCertificate {
  certPem: string;
  /** PKCS#8 PEM, the form WebCrypto's importKey('pkcs8') takes. */
  keyPem: string;
}

export interface LocalPki {
  ca: LocalCa;
  seal: SealCertificate;
  tsa: TsaCertificate;
}

export interface CertificateNameOptions {
  commonName?: string;
  organization?: string;
}

/** Where a relying party fetches the seal certificate's revocation status: what makes the seal B-LT. */
export interface RevocationLocations {
  /** CRL distribution point (RFC 5280 section 4.2.1.13). */
  crlUrl?: string;
  /** OCSP responder, in the authority information access extension (RFC 5280 section 4.2.2.1). */
  ocspUrl?: string;
  /** The issuer's certificate, in the same extension: no revocation data, so alone it leaves the seal B-T. */
  caIssuersUrl?: string;
}

const KEY_BITS = 2048;
const CA_YEARS = 10;
const LEAF_YEARS = 3;
const DEFAULT_ORGANIZATION = 'Signlink';
// RFC 9336's extended key usage for signing documents. forge takes a dotted OID it has no name for; one it knows
// (timeStamping) must be given by name, or it looks the name up as an OID and fails.
const EKU_DOCUMENT_SIGNING = '1.3.6.1.5.5.7.3.36';

type Attributes = forge.pki.CertificateField[];

/** A certificate serial from 16 random bytes (RFC 5280 section 4.1.2.2: positive, at most 20 octets). */
export function serialNumber(random: Uint8Array = randomBytes(16)): string {
  const bytes = Buffer.from(random);
  // First byte 0x40-0x7f: positive, and never zero. forge drops at most one leading zero byte, and OpenSSL refuses
  // an INTEGER left with another ("illegal padding"), so a serial that began 00 00 made an unreadable certificate.
  bytes[0] = ((bytes[0] as number) & 0x3f) | 0x40;
  return bytes.toString('hex');
}

function newKeyPair(): {
  keyPem: string;
  forgeKeys: { publicKey: forge.pki.rsa.PublicKey; privateKey: forge.pki.rsa.PrivateKey };
} {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: KEY_BITS,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return {
    keyPem: privateKey,
    forgeKeys: {
      publicKey: forge.pki.publicKeyFromPem(publicKey),
      privateKey: forge.pki.privateKeyFromPem(privateKey),
    },
  };
}

function subjectOf(commonName: string, organization: string): Attributes {
  return [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: organization },
    { name: 'countryName', value: 'SE' },
  ];
}

function signCertificate(input: {
  subject: Attributes;
  publicKey: forge.pki.rsa.PublicKey;
  years: number;
  extensions: object[];
  issuer:
    | { cert: forge.pki.Certificate; privateKey: forge.pki.rsa.PrivateKey }
    | { selfSigned: forge.pki.rsa.PrivateKey };
}): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = input.publicKey;
  cert.serialNumber = serialNumber();
  // Back-dated a minute so that a verifier whose clock is a little behind does not reject a fresh certificate.
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(cert.validity.notBefore);
  cert.validity.notAfter.setFullYear(cert.validity.notAfter.getFullYear() + input.years);
  cert.setSubject(input.subject);
  const extensions = [...input.extensions, { name: 'subjectKeyIdentifier' }];
  if ('cert' in input.issuer) {
    cert.setIssuer(input.issuer.cert.subject.attributes);
    extensions.push({
      name: 'authorityKeyIdentifier',
      keyIdentifier: input.issuer.cert.generateSubjectKeyIdentifier().getBytes(),
    });
  } else {
    cert.setIssuer(input.subject);
  }
  cert.setExtensions(extensions);
  const signingKey = 'cert' in input.issuer ? input.issuer.privateKey : input.issuer.selfSigned;
  cert.sign(signingKey, forge.md.sha256.create());
  return cert;
}

// forge ends PEM lines with CRLF; node:crypto, OpenSSL and our files use LF.
function certificateToPem(cert: forge.pki.Certificate): string {
  return forge.pki.certificateToPem(cert).replace(/\r\n/g, '\n');
}

function readCa(ca: LocalCa): { cert: forge.pki.Certificate; privateKey: forge.pki.rsa.PrivateKey } {
  return { cert: forge.pki.certificateFromPem(ca.certPem), privateKey: forge.pki.privateKeyFromPem(ca.keyPem) };
}

/** A self-signed root: RSA 2048, ten years, basicConstraints CA (critical), keyCertSign and cRLSign. */
export function createLocalCa(options: { commonName?: string } = {}): LocalCa {
  const { keyPem, forgeKeys } = newKeyPair();
  const cert = signCertificate({
    subject: subjectOf(options.commonName ?? 'Signlink Local Seal CA', DEFAULT_ORGANIZATION),
    publicKey: forgeKeys.publicKey,
    years: CA_YEARS,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
    issuer: { selfSigned: forgeKeys.privateKey },
  });
  return { certPem: certificateToPem(cert), keyPem };
}

const accessMethods = { ocspUrl: '1.3.6.1.5.5.7.48.1', caIssuersUrl: '1.3.6.1.5.5.7.48.2' } as const;

function locationExtensions(locations: RevocationLocations): object[] {
  const { asn1 } = forge;
  const extensions: object[] = [];
  if (locations.crlUrl) {
    extensions.push({ name: 'cRLDistributionPoints', altNames: [{ type: 6, value: locations.crlUrl }] });
  }
  // forge builds no authority information access itself: AccessDescription { method, [6] IA5String URI }.
  const accessDescriptions = Object.entries(accessMethods).flatMap(([key, method]) => {
    const url = locations[key as keyof typeof accessMethods];
    if (!url) return [];
    return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(method).getBytes()),
      asn1.create(asn1.Class.CONTEXT_SPECIFIC, 6, false, url),
    ]);
  });
  if (accessDescriptions.length > 0) {
    extensions.push({
      id: '1.3.6.1.5.5.7.1.1',
      value: asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, accessDescriptions),
    });
  }
  return extensions;
}

/**
 * The service's seal: a document-signing certificate and its key as PKCS#12, with the CA certificate inside. The
 * local CA publishes no revocation data; tests name `revocation` locations of their own to get a B-LT seal.
 */
export function issueSealCertificate(
  ca: LocalCa,
  options: CertificateNameOptions & { revocation?: RevocationLocations } = {},
): SealCertificate {
  const issuer = readCa(ca);
  const { forgeKeys } = newKeyPair();
  const commonName = options.commonName ?? 'Signlink Local Seal';
  const cert = signCertificate({
    subject: subjectOf(commonName, options.organization ?? DEFAULT_ORGANIZATION),
    publicKey: forgeKeys.publicKey,
    years: LEAF_YEARS,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
      { name: 'extKeyUsage', [EKU_DOCUMENT_SIGNING]: true },
      ...locationExtensions(options.revocation ?? {}),
    ],
    issuer,
  });
  const password = randomBytes(24).toString('base64url');
  // AES-256 (PBES2) rather than forge's default 3DES, which OpenSSL 3 only reads with its legacy provider.
  const asn1 = forge.pkcs12.toPkcs12Asn1(forgeKeys.privateKey, [cert, issuer.cert], password, {
    algorithm: 'aes256',
    friendlyName: commonName,
    generateLocalKeyId: true,
  });
  return {
    p12: new Uint8Array(Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary')),
    password,
    certPem: certificateToPem(cert),
  };
}

/** A time-stamping unit's certificate: RFC 3161 section 2.3 wants extendedKeyUsage timeStamping alone, critical. */
export function issueTsaCertificate(ca: LocalCa, options: CertificateNameOptions = {}): TsaCertificate {
  const { keyPem, forgeKeys } = newKeyPair();
  const cert = signCertificate({
    subject: subjectOf(options.commonName ?? 'Signlink Local TSA', options.organization ?? DEFAULT_ORGANIZATION),
    publicKey: forgeKeys.publicKey,
    years: LEAF_YEARS,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, critical: true },
      { name: 'extKeyUsage', timeStamping: true, critical: true },
    ],
    issuer: readCa(ca),
  });
  return { certPem: certificateToPem(cert), keyPem };
}

/** A whole PKI in memory: CA, seal and TSA. */
export function createLocalPki(): LocalPki {
  const ca = createLocalCa();
  return { ca, seal: issueSealCertificate(ca), tsa: issueTsaCertificate(ca) };
}

let testPki: LocalPki | undefined;

/** One in-memory PKI per process, for tests that need certificates but not their own. */
export function sharedTestPki(): LocalPki {
  testPki ??= createLocalPki();
  return testPki;
}

/** The seal certificate (PEM) of a seal PKCS#12: the one paired with the key, which carries the localKeyId. */
export function sealCertificateFromP12(p12: Uint8Array, password: string): string {
  const parsed = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(Buffer.from(p12).toString('binary')), password);
  const bags = parsed.getBags({ bagType: forge.pki.oids.certBag as string })[forge.pki.oids.certBag as string] ?? [];
  // The CA's certificate has no localKeyId.
  const leaf = bags.find((bag) => bag.attributes.localKeyId) ?? bags[0];
  if (!leaf?.cert) throw new Error('the seal PKCS#12 holds no certificate');
  return certificateToPem(leaf.cert);
}
