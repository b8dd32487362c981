import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { endAfterTest } from './test-lifecycle.ts';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface TestHttpServer {
  /** Origin plus /v2/, as the app's API base. */
  apiBase: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export type TestHandler = (request: RecordedRequest, response: ServerResponse, index: number) => void;

/**
 * A real HTTP server on a free loopback port: the API client is tested over the wire, not against a fake fetch.
 * It ends with the test that started it, unless `forWholeFile` (one started in `beforeAll`, closed in `afterAll`).
 */
export async function startTestHttpServer(
  handler: TestHandler,
  { forWholeFile = false }: { forWholeFile?: boolean } = {},
): Promise<TestHttpServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      handler(recorded, res, requests.length - 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let closed: Promise<void> | undefined;
  const close = () => {
    closed ??= new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
    return closed;
  };
  if (!forWholeFile) endAfterTest(close);
  return { apiBase: `http://127.0.0.1:${port}/v2/`, requests, close };
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}
