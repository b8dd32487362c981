import http from 'node:http';
import https from 'node:https';

/**
 * One POST with Node's http client over a keep-alive agent shared by the whole thread: sealing asks the same TSA
 * for a token per seal, and a worker makes a new provider per task, so the pool must outlive the provider. Lighter
 * than fetch (no WHATWG streams), which counts when the TSA answers in a millisecond or two. `timeoutMs` bounds
 * the whole exchange, body included.
 */
const agents: Record<string, http.Agent> = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
};

export function post(
  url: string,
  headers: Record<string, string>,
  body: Uint8Array,
  timeoutMs: number,
): Promise<{ status: number; body: Uint8Array }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const agent = agents[target.protocol];
    if (!agent) throw new Error(`Unsupported TSA URL scheme ${target.protocol}`);
    const transport = target.protocol === 'https:' ? https : http;
    const request = transport.request(
      target,
      {
        method: 'POST',
        agent,
        headers: { ...headers, 'content-length': String(body.byteLength) },
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          if (!response.complete) return reject(new Error('The TSA closed the connection mid-answer'));
          resolve({ status: response.statusCode ?? 0, body: new Uint8Array(Buffer.concat(chunks)) });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
