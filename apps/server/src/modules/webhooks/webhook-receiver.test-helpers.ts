import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestApp } from '../../../test/build-test-app.ts';
import { silentJobLogger } from '../../jobs/job-definition.ts';
import type { DeliverWebhookDeps } from './deliver-webhook.ts';
import type { WebhookEndpointRow } from './webhooks.repository.ts';

export interface ReceivedRequest {
  headers: Record<string, string>;
  body: string;
}

/** How the receiver answers the next request: a status (with an optional Location), or never. */
export type Answer = { status: number; body?: string; location?: string } | 'hang';

/**
 * A real receiver on loopback (reached through the guard's test exemption): it answers from a script, then 200, and
 * lets a test wait for the n-th request instead of sleeping.
 */
export async function startReceiver(script: Answer[] = []) {
  const received: ReceivedRequest[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const hanging: http.ServerResponse[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers[name] = value;
      received.push({ headers, body: Buffer.concat(chunks).toString('utf8') });
      for (const waiter of waiters.filter((w) => received.length >= w.count)) waiter.resolve();
      const answer = script.shift() ?? { status: 200, body: 'ok' };
      if (answer === 'hang') {
        hanging.push(response);
        return;
      }
      response.writeHead(answer.status, answer.location ? { location: answer.location } : {});
      response.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/signlink`,
    received,
    script,
    waitForRequests: (count: number) =>
      received.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve })),
    /** Ends the requests left hanging (the connection drops, as when a receiver dies). */
    dropHanging() {
      for (const response of hanging.splice(0)) response.destroy();
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Delivery deps for tests: loopback allowed, the schedule and disabled notices recorded, the clock injectable. */
export function testDeliveryDeps(testApp: TestApp, overrides: Partial<DeliverWebhookDeps> = {}) {
  const scheduled: { deliveryId: string; attemptCount: number; at: Date }[] = [];
  const disabled: WebhookEndpointRow[] = [];
  const deps: DeliverWebhookDeps = {
    db: testApp.database.db,
    guard: { isProduction: false, allowLoopback: true },
    logger: silentJobLogger,
    scheduleAttempt: async (input) => {
      scheduled.push(input);
    },
    notifyDisabled: async (_tx, endpoint) => {
      disabled.push(endpoint);
    },
    timeoutMs: 2000,
    ...overrides,
  };
  return { deps, scheduled, disabled };
}
