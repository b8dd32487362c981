import { X509Certificate } from 'node:crypto';
import https from 'node:https';
import { checkServerIdentity, createSecureContext, type PeerCertificate } from 'node:tls';
import type {
  BankIdClient,
  BankIdCollectResult,
  BankIdCompletionData,
  BankIdPhoneStartResult,
  BankIdStartResult,
} from './bankid.port.ts';
import { BankIdError, type BankIdErrorCode } from './bankid-error.ts';
import { authBody, orderRefBody, phoneAuthBody, phoneSignBody, signBody } from './bankid-request-body.ts';

/** BankID's test environment (developers.bankid.com, "Environments"); needs a test RP certificate and the test CA. */
export const BANKID_TEST_API_URL = 'https://appapi2.test.bankid.com/rp/v6.0';
export const BANKID_PRODUCTION_API_URL = 'https://appapi2.bankid.com/rp/v6.0';

export interface BankIdRpConfig {
  /** Up to and including the version, e.g. `BANKID_TEST_API_URL`; the simulator's URL in development and tests. */
  apiUrl: string;
  /** The relying party's certificate and key as PKCS#12, as BankID issues them. */
  pfx: Buffer;
  passphrase: string;
  /**
   * The BankID root CA (PEM) of the environment: the API's server certificate is issued by BankID's own CA,
   * which no public trust store holds, and trusting only it keeps other servers from posing as BankID.
   */
  ca: string | Buffer;
  /** Per request, connection and response included. */
  timeoutMs?: number;
}

export interface BankIdRpClient extends BankIdClient {
  /** Closes kept-alive connections (shutdown, tests). */
  close(): void;
}

const DEFAULT_TIMEOUT_MS = 10_000;
// An answer larger than this is not BankID's: completion data with signature and OCSP response is ~20 kB.
const MAX_RESPONSE_BYTES = 1024 * 1024;

export function createBankIdRpClient(config: BankIdRpConfig): BankIdRpClient {
  const apiUrl = config.apiUrl.replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const tlsOptions = { pfx: config.pfx, passphrase: config.passphrase, ca: config.ca };
  // A wrong passphrase or a broken PKCS#12 file is a configuration error: fail at start-up, not on a signer's click.
  try {
    createSecureContext(tlsOptions);
  } catch (error) {
    throw new Error(`BankID client certificate cannot be loaded: ${(error as Error).message}`, { cause: error });
  }
  const trustedCas = caCertificatesOf(config.ca);
  const agent = new https.Agent({
    ...tlsOptions,
    keepAlive: true,
    checkServerIdentity: (host, certificate) =>
      checkServerIdentity(host, certificate) ?? checkIssuedByTrustedCa(certificate, trustedCas),
  });

  function call(path: string, body: Record<string, unknown>): Promise<unknown> {
    const payload = Buffer.from(JSON.stringify(body), 'utf8');
    return new Promise((resolve, reject) => {
      const request = https.request(`${apiUrl}${path}`, {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': payload.length, accept: 'application/json' },
      });
      // Settles once: a timeout or an oversized answer destroys the request, which then reports errors of its own.
      let isSettled = false;
      const settle = (outcome: () => void) => {
        if (isSettled) return;
        isSettled = true;
        clearTimeout(timer);
        outcome();
      };
      const fail = (error: BankIdError) => {
        settle(() => reject(error));
        request.destroy();
      };
      const timer = setTimeout(() => {
        fail(new BankIdError({ errorCode: 'unreachable', details: `no complete answer within ${timeoutMs} ms` }));
      }, timeoutMs);

      request.on('error', (error) => fail(unreachable(error)));
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_RESPONSE_BYTES) fail(invalidResponse(response.statusCode, 'answer too large'));
          else chunks.push(chunk);
        });
        response.on('error', (error) => fail(unreachable(error)));
        response.on('close', () => {
          if (!response.complete) fail(unreachable(new Error('connection closed before the answer was complete')));
        });
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          const text = Buffer.concat(chunks).toString('utf8');
          if (status !== 200) return settle(() => reject(errorFromResponse(status, text)));
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            return settle(() => reject(invalidResponse(status, 'answer is not JSON')));
          }
          settle(() => resolve(json));
        });
      });
      request.end(payload);
    });
  }

  return {
    async auth(input) {
      return asStartResult(await call('/auth', authBody(input)));
    },
    async sign(input) {
      return asStartResult(await call('/sign', signBody(input)));
    },
    async phoneAuth(input) {
      return asPhoneStartResult(await call('/phone/auth', phoneAuthBody(input)));
    },
    async phoneSign(input) {
      return asPhoneStartResult(await call('/phone/sign', phoneSignBody(input)));
    },
    async collect(orderRef) {
      return asCollectResult(await call('/collect', orderRefBody(orderRef)));
    },
    async cancel(orderRef) {
      await call('/cancel', orderRefBody(orderRef));
    },
    close() {
      agent.destroy();
    },
  };
}

/**
 * OpenSSL also trusts the CA certificates bundled in the PKCS#12 file (Node adds them to the context's store), so
 * `ca` alone does not pin the server to BankID's root: a server chaining to the client certificate's own CA passes
 * too. The chain the server presented must contain one of the configured CA certificates.
 */
function checkIssuedByTrustedCa(certificate: PeerCertificate, trustedCas: Buffer[]): Error | undefined {
  const seen = new Set<PeerCertificate>();
  let current: PeerCertificate | undefined = certificate;
  while (current && !seen.has(current)) {
    const raw = current.raw;
    if (trustedCas.some((ca) => ca.equals(raw))) return undefined;
    seen.add(current);
    current = (current as { issuerCertificate?: PeerCertificate }).issuerCertificate;
  }
  return new Error('the server certificate is not issued by the configured BankID CA');
}

function caCertificatesOf(ca: string | Buffer): Buffer[] {
  const pems = ca.toString('utf8').match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  if (pems.length === 0) throw new Error('BankID CA: no PEM certificate found');
  return pems.map((pem) => new X509Certificate(pem).raw);
}

/** BankID's error codes by HTTP status, for an error answer without BankID's JSON (a proxy, a load balancer). */
const codeByStatus: Record<number, BankIdErrorCode> = {
  400: 'invalidParameters',
  401: 'unauthorized',
  403: 'unauthorized',
  404: 'notFound',
  405: 'methodNotAllowed',
  408: 'requestTimeout',
  415: 'unsupportedMediaType',
  503: 'maintenance',
};

function errorFromResponse(status: number, text: string): BankIdError {
  // Without BankID's JSON (a proxy's page, an empty body) the status alone decides.
  const body = parseJsonObject(text);
  const errorCode =
    typeof body?.errorCode === 'string' && body.errorCode.length > 0
      ? body.errorCode
      : (codeByStatus[status] ?? (status >= 500 ? 'internalError' : 'invalidResponse'));
  const details = typeof body?.details === 'string' ? body.details : text.slice(0, 200);
  return new BankIdError({ errorCode, details, httpStatus: status });
}

function unreachable(error: unknown): BankIdError {
  // Node names the failure in `code`: ECONNREFUSED, ENOTFOUND, ECONNRESET, or a TLS verdict such as
  // SELF_SIGNED_CERT_IN_CHAIN when the server is not signed by the configured BankID CA.
  const failure = error as Error & { code?: string };
  const details = failure.code ? `${failure.code}: ${failure.message}` : String(failure.message ?? error);
  return new BankIdError({ errorCode: 'unreachable', details, cause: error });
}

function invalidResponse(httpStatus: number | undefined, details: string): BankIdError {
  return new BankIdError({ errorCode: 'invalidResponse', details, ...(httpStatus ? { httpStatus } : {}) });
}

function unexpected(what: string): BankIdError {
  return invalidResponse(200, `unexpected answer: ${what}`);
}

type Json = Record<string, unknown>;

function parseJsonObject(text: string): Json | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringField(object: Json, field: string, where: string): string {
  const value = object[field];
  if (typeof value !== 'string') throw unexpected(`${where}${field} is missing`);
  return value;
}

function asPhoneStartResult(value: unknown): BankIdPhoneStartResult {
  if (!isObject(value)) throw unexpected('not an object');
  return { orderRef: stringField(value, 'orderRef', '') };
}

function asStartResult(value: unknown): BankIdStartResult {
  if (!isObject(value)) throw unexpected('not an object');
  return {
    orderRef: stringField(value, 'orderRef', ''),
    autoStartToken: stringField(value, 'autoStartToken', ''),
    qrStartToken: stringField(value, 'qrStartToken', ''),
    qrStartSecret: stringField(value, 'qrStartSecret', ''),
  };
}

function asCollectResult(value: unknown): BankIdCollectResult {
  if (!isObject(value)) throw unexpected('not an object');
  const orderRef = stringField(value, 'orderRef', '');
  const status = value.status;
  if (status === 'pending' || status === 'failed') {
    return { orderRef, status, hintCode: stringField(value, 'hintCode', '') };
  }
  if (status === 'complete') return { orderRef, status, completionData: asCompletionData(value.completionData) };
  throw unexpected(`status ${JSON.stringify(status)}`);
}

function asCompletionData(value: unknown): BankIdCompletionData {
  if (!isObject(value) || !isObject(value.user) || !isObject(value.device)) {
    throw unexpected('completionData without user or device');
  }
  const { user, device } = value;
  const data: BankIdCompletionData = {
    user: {
      personalNumber: stringField(user, 'personalNumber', 'user.'),
      name: stringField(user, 'name', 'user.'),
      givenName: stringField(user, 'givenName', 'user.'),
      surname: stringField(user, 'surname', 'user.'),
    },
    device: { ipAddress: stringField(device, 'ipAddress', 'device.') },
    bankIdIssueDate: stringField(value, 'bankIdIssueDate', ''),
    signature: stringField(value, 'signature', ''),
    ocspResponse: stringField(value, 'ocspResponse', ''),
  };
  if (typeof device.uhi === 'string') data.device.uhi = device.uhi;
  if (isObject(value.stepUp) && typeof value.stepUp.mrtd === 'boolean') data.stepUp = { mrtd: value.stepUp.mrtd };
  if (typeof value.risk === 'string') data.risk = value.risk;
  return data;
}
