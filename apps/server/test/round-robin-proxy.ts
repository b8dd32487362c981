import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxiedRequest {
  /** The target's name, as it was added. */
  target: string;
  method: string;
  path: string;
  status: number;
}

/**
 * A load balancer for tests: every HTTP request goes to the next target in turn, whatever connection it came on,
 * so consecutive calls of one client land on different processes. The Host header is passed on as sent, as a
 * reverse proxy in front of the service would (the brand is chosen by host).
 */
export async function startRoundRobinProxy() {
  const targets: { name: string; port: number }[] = [];
  const requests: ProxiedRequest[] = [];
  let turn = 0;
  const server = http.createServer((request, response) => {
    const target = targets[turn++ % Math.max(targets.length, 1)];
    if (!target) {
      response.writeHead(503).end('no target yet');
      return;
    }
    const entry: ProxiedRequest = {
      target: target.name,
      method: request.method ?? 'GET',
      path: request.url ?? '/',
      status: 0,
    };
    requests.push(entry);
    const upstream = http.request(
      { host: '127.0.0.1', port: target.port, method: request.method, path: request.url, headers: request.headers },
      (answer) => {
        entry.status = answer.statusCode ?? 0;
        response.writeHead(entry.status, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', (error) => {
      entry.status = 502;
      if (!response.headersSent) response.writeHead(502);
      response.end(String(error));
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    // 127.0.0.1, not localhost: Node may try ::1 first, where nothing listens.
    url: `http://127.0.0.1:${port}`,
    port,
    /** Every request so far, oldest first, with the target that answered it. */
    requests,
    add(target: { name: string; port: number }) {
      targets.push(target);
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
