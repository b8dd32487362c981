import { setTimeout as sleep } from 'node:timers/promises';
import { HttpTimestampAuthority } from '@libpdf/core';
import { checkTokenAnswersRequest } from './timestamp-token-check.ts';
import type { TimestampDigestAlgorithm, TimestampingProvider } from './timestamping.port.ts';
import { TimestampingError } from './timestamping-error.ts';

/*
 * RFC 3161 over HTTP (section 3.4) through @libpdf/core's client, which builds the request (with a nonce and certReq)
 * and unwraps the response. Around it: a bound on the whole exchange (its own timeout stops at the headers), the
 * HTTP outcome kept aside so a failure can be told retryable or not (its errors only carry text), a few tries with
 * backoff, and the client's check of RFC 3161 section 2.4.2 that the token answers our imprint and nonce, which
 * @libpdf/core leaves out.
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

/** What happened on the wire during one try. */
interface Exchange {
  request?: Uint8Array;
  status?: number;
  networkError?: unknown;
}

export function createRfc3161HttpTimestamping(config: Rfc3161HttpConfig): TimestampingProvider {
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const attempts = Math.max(1, config.attempts ?? DEFAULT_ATTEMPTS);
  const retryDelayMs = config.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
  const headers = { ...config.headers };
  if (config.username !== undefined) {
    const credentials = Buffer.from(`${config.username}:${config.password ?? ''}`).toString('base64');
    headers.authorization = `Basic ${credentials}`;
  }

  async function tryOnce(digest: Uint8Array, algorithm: TimestampDigestAlgorithm): Promise<Uint8Array> {
    const exchange: Exchange = {};
    const boundedFetch: typeof fetch = async (input, init) => {
      exchange.request = init?.body instanceof Uint8Array ? init.body : undefined;
      const signals = [AbortSignal.timeout(timeoutMs), ...(init?.signal ? [init.signal] : [])];
      try {
        const response = await fetch(input, { ...init, signal: AbortSignal.any(signals) });
        const body = await response.arrayBuffer();
        exchange.status = response.status;
        return new Response(body, { status: response.status, statusText: response.statusText });
      } catch (error) {
        exchange.networkError = error;
        throw error;
      }
    };
    const authority = new HttpTimestampAuthority(config.url, { headers, timeout: timeoutMs, fetch: boundedFetch });
    let token: Uint8Array;
    try {
      token = await authority.timestamp(digest, algorithm);
    } catch (error) {
      throw failureOf(error, exchange, timeoutMs);
    }
    checkTokenAnswersRequest({ token, digest, algorithm, request: exchange.request });
    return token;
  }

  return {
    async timestamp(digest, algorithm) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await tryOnce(digest, algorithm);
        } catch (error) {
          if (!(error instanceof TimestampingError) || !error.isRetryable || attempt >= attempts) throw error;
          await sleep(retryDelayMs * 2 ** (attempt - 1));
        }
      }
    },
  };
}

function failureOf(error: unknown, exchange: Exchange, timeoutMs: number): TimestampingError {
  const detail = error instanceof Error ? error.message : String(error);
  if (exchange.networkError !== undefined) {
    const failure = exchange.networkError as Error & { cause?: { code?: string; message?: string } };
    const isTimeout = failure.name === 'TimeoutError' || failure.name === 'AbortError';
    // fetch reports every network failure as "fetch failed"; the useful part (ECONNREFUSED…) is the cause.
    const reason = isTimeout
      ? `no answer within ${timeoutMs} ms`
      : [failure.cause?.code, failure.cause?.message ?? failure.message].filter(Boolean).join(': ');
    return new TimestampingError({ message: `TSA unreachable: ${reason}`, isRetryable: true, cause: error });
  }
  const { status } = exchange;
  if (status !== undefined && (status < 200 || status > 299)) {
    const setup = status === 401 || status === 403 ? ' (check TSA_USERNAME and TSA_PASSWORD)' : '';
    return new TimestampingError({
      message: `TSA answered HTTP ${status}${setup}`,
      isRetryable: status === 408 || status === 429 || status >= 500,
      status,
      cause: error,
    });
  }
  // HTTP 200 with a rejection inside, or not a TimeStampResp at all: the same request gets the same answer.
  return new TimestampingError({ message: `TSA refused: ${detail}`, isRetryable: false, status, cause: error });
}
