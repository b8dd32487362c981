import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { WebhookAttemptOutcome } from '@signlink/contracts/developer/webhooks';
import type { CheckedTarget } from './ssrf-guard.ts';

/** What one POST came to: the attempt's row is made from it. */
export interface SafeResponse {
  outcome: Exclude<WebhookAttemptOutcome, 'refused'>;
  statusCode: number | null;
  /** The answer's first bytes as text (at most excerptBytes). */
  excerpt: string | null;
  error: string | null;
  durationMs: number;
}

export const responseReadLimitBytes = 64 * 1024;
export const excerptBytes = 1024;
export const defaultTimeoutMs = 10_000;

/**
 * POSTs to the address the guard checked, never to a fresh DNS answer: the `lookup` hook hands the socket that
 * address, while the URL's name still goes out as SNI and Host, so TLS verifies the real name. No redirect is
 * followed (a 3xx is a failed attempt), at most 64 KB of the answer is read, and the whole exchange, connection
 * included, ends after `timeoutMs`.
 */
export function safePost(
  target: CheckedTarget,
  input: { body: string; headers: Record<string, string>; timeoutMs?: number },
): Promise<SafeResponse> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const timeoutMs = input.timeoutMs ?? defaultTimeoutMs;
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const { url } = target;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (response: Omit<SafeResponse, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve({ ...response, durationMs: elapsed() });
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: pinned,
        // No pooled socket: each attempt connects to the address checked for it.
        agent: false,
        headers: {
          ...input.headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(input.body).toString(),
          'user-agent': 'Signlink-Webhooks/1',
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let read = 0;
        const done = () => {
          const statusCode = response.statusCode ?? 0;
          const excerpt = Buffer.concat(chunks).subarray(0, excerptBytes).toString('utf8');
          const isSuccess = statusCode >= 200 && statusCode < 300;
          finish({
            outcome: isSuccess ? 'delivered' : 'http-error',
            statusCode,
            excerpt: excerpt || null,
            error: statusCode >= 300 && statusCode < 400 ? 'redirect not followed' : null,
          });
        };
        response.on('data', (chunk: Buffer) => {
          if (read < responseReadLimitBytes) chunks.push(chunk.subarray(0, responseReadLimitBytes - read));
          read += chunk.length;
          // Enough read: the rest is not waited for.
          if (read >= responseReadLimitBytes) done();
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(
      () => finish({ outcome: 'timeout', statusCode: null, excerpt: null, error: `no answer in ${timeoutMs} ms` }),
      timeoutMs,
    );
    request.on('error', (error: NodeJS.ErrnoException) =>
      finish({ outcome: 'network-error', statusCode: null, excerpt: null, error: error.code ?? error.message }),
    );
    request.end(input.body);
  });
}
