import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { derChildren, derTags, readDer } from './der-reader.ts';
import { post } from './http-post.ts';
import { checkTokenAnswersRequest } from './timestamp-token-check.ts';
import type { TimestampDigestAlgorithm, TimestampingProvider } from './timestamping.port.ts';
import { TimestampingError } from './timestamping-error.ts';

/*
 * RFC 3161 over HTTP (section 3.4): a TimeStampReq with a nonce and certReq, POSTed over a connection kept alive
 * between seals (http-post.ts), the token cut out of the TimeStampResp as the bytes
 * it is, a bound on the whole exchange, a few tries with backoff on what may pass (the same request each time),
 * failures told retryable or not, and the check of RFC 3161 section 2.4.2 that the token answers our imprint and
 * nonce.
 */

export interface Rfc3161HttpConfig {
  /** The TSA's URL (`TSA_URL`), or the simulator's. */
  url: string;
  /** HTTP Basic credentials, for TSAs that sell their service per account. */
  username?: string;
  password?: string;
  /** Extra request headers, e.g. a bearer token. */
  headers?: Record<string, string>;
  /** Per try, connection and response body included. */
  timeoutMs?: number;
  /** Tries in all, the first included. */
  attempts?: number;
  /** Wait before the second try; doubled before each later one. */
  retryDelayMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_ATTEMPTS = 3;
const DEFAULT_RETRY_DELAY_MS = 500;

const HASH_OIDS: Record<TimestampDigestAlgorithm, string> = {
  'SHA-256': '2.16.840.1.101.3.4.2.1',
  'SHA-384': '2.16.840.1.101.3.4.2.2',
  'SHA-512': '2.16.840.1.101.3.4.2.3',
};

export function createRfc3161HttpTimestamping(config: Rfc3161HttpConfig): TimestampingProvider {
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const attempts = Math.max(1, config.attempts ?? DEFAULT_ATTEMPTS);
  const retryDelayMs = config.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
  const headers: Record<string, string> = {
    'content-type': 'application/timestamp-query',
    accept: 'application/timestamp-reply',
    ...config.headers,
  };
  if (config.username !== undefined) {
    const credentials = Buffer.from(`${config.username}:${config.password ?? ''}`).toString('base64');
    headers.authorization = `Basic ${credentials}`;
  }

  async function tryOnce(request: Uint8Array): Promise<Uint8Array> {
    let response: { status: number; body: Uint8Array };
    try {
      response = await post(config.url, headers, request, timeoutMs);
    } catch (error) {
      throw networkFailure(error, timeoutMs);
    }
    if (response.status < 200 || response.status > 299) throw httpFailure(response.status);
    return tokenOf(response.body, response.status);
  }

  return {
    async timestamp(digest, algorithm) {
      const request = timeStampRequest(digest, algorithm);
      for (let attempt = 1; ; attempt++) {
        try {
          const token = await tryOnce(request);
          checkTokenAnswersRequest({ token, digest, algorithm, request });
          return token;
        } catch (error) {
          if (!(error instanceof TimestampingError) || !error.isRetryable || attempt >= attempts) throw error;
          await sleep(retryDelayMs * 2 ** (attempt - 1));
        }
      }
    },
  };
}

/** TimeStampReq { version 1, messageImprint, nonce (63 random bits), certReq TRUE }, DER. */
function timeStampRequest(digest: Uint8Array, algorithm: TimestampDigestAlgorithm): Uint8Array {
  const nonce = randomBytes(8);
  nonce[0] = (nonce[0] ?? 0) & 0x7f; // a positive INTEGER
  return new Uint8Array(
    new pkijs.TimeStampReq({
      version: 1,
      messageImprint: new pkijs.MessageImprint({
        hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: HASH_OIDS[algorithm] }),
        hashedMessage: new asn1js.OctetString({ valueHex: digest }),
      }),
      nonce: asn1js.Integer.fromBigInt(nonce.readBigUInt64BE()),
      certReq: true,
    })
      .toSchema()
      .toBER(false),
  );
}

/**
 * The TimeStampToken of a TimeStampResp { status PKIStatusInfo, timeStampToken }, as the bytes the TSA sent, or
 * why there is none. A BER answer is read with asn1js instead, and its token written again as DER.
 */
function tokenOf(body: Uint8Array, status: number): Uint8Array {
  let granted: { status: number; text: string; token: Uint8Array | undefined };
  try {
    granted = readResponseDer(body);
  } catch {
    try {
      granted = readResponseBer(body);
    } catch (error) {
      return refused('not a TimeStampResp', status, error);
    }
  }
  if (granted.status !== 0 && granted.status !== 1) {
    const text = granted.text ? `: ${granted.text}` : '';
    return refused(`TSA rejected request with status ${granted.status}${text}`, status);
  }
  return granted.token ?? refused('the answer holds no TimeStampToken', status);
}

function refused(detail: string, status: number, cause?: unknown): never {
  // HTTP 200 with a rejection inside, or not a TimeStampResp at all: the same request gets the same answer.
  throw new TimestampingError({ message: `TSA refused: ${detail}`, isRetryable: false, status, cause });
}

function readResponseDer(body: Uint8Array) {
  const response = readDer(body);
  if (response.tag !== derTags.sequence || response.end !== body.byteLength) throw new Error('not one DER value');
  const [statusInfo, token] = derChildren(body, response);
  if (!statusInfo) throw new Error('no PKIStatusInfo');
  // PKIStatusInfo ::= SEQUENCE { status PKIStatus, statusString PKIFreeText OPTIONAL, failInfo OPTIONAL }
  const [statusValue, freeText] = derChildren(body, statusInfo);
  if (statusValue?.tag !== derTags.integer || statusValue.end - statusValue.contentStart !== 1) {
    throw new Error('no PKIStatus');
  }
  const text =
    freeText?.tag === derTags.sequence
      ? derChildren(body, freeText)
          .map((piece) => Buffer.from(body.subarray(piece.contentStart, piece.end)).toString('utf8'))
          .join(' ')
      : '';
  return {
    status: body[statusValue.contentStart] ?? -1,
    text,
    token: token && body.slice(token.start, token.end),
  };
}

function readResponseBer(body: Uint8Array) {
  const response = pkijs.TimeStampResp.fromBER(body);
  return {
    status: response.status.status,
    text: response.status.statusStrings?.map((item) => item.valueBlock.value).join(' ') ?? '',
    token: response.timeStampToken && new Uint8Array(response.timeStampToken.toSchema().toBER(false)),
  };
}

function networkFailure(error: unknown, timeoutMs: number): TimestampingError {
  const failure = error as Error & { code?: string };
  const isTimeout = failure.name === 'TimeoutError' || failure.name === 'AbortError';
  const reason = isTimeout
    ? `no answer within ${timeoutMs} ms`
    : [failure.code, failure.message].filter(Boolean).join(': ');
  return new TimestampingError({ message: `TSA unreachable: ${reason}`, isRetryable: true, cause: error });
}

function httpFailure(status: number): TimestampingError {
  const setup = status === 401 || status === 403 ? ' (check TSA_USERNAME and TSA_PASSWORD)' : '';
  return new TimestampingError({
    message: `TSA answered HTTP ${status}${setup}`,
    isRetryable: status === 408 || status === 429 || status >= 500,
    status,
  });
}
