import { ZHealthResponse } from '@signlink/contracts/system/health';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { heartbeatJob } from '../../jobs/definitions/system/heartbeat.job.ts';
import { queueStatsMaxAgeMs } from './queue-stats-cache.ts';

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

describe('GET /v2/health', () => {
  it('reports a reachable database with its driver and real latency', async () => {
    testApp = await buildTestApp();
    const response = await testApp.app.inject({ url: '/v2/health' });
    const body = ZHealthResponse.parse(response.json());
    expect(body.database.status).toBe('up');
    expect(body.database.driver).toBe(testApp.database.driver);
    expect(body.version).toBe('0.1.0');
    expect(response.statusCode).toBe(200);
    expect(body.status).toBe('ok');
    expect(body.queue).toMatchObject({ status: 'up', queued: 0, active: 0, failed: 0, lastCompletedAt: null });
  });

  it('counts queued jobs from the real queue', async () => {
    testApp = await buildTestApp();
    await testApp.context.queue.enqueue({ job: heartbeatJob, data: {} });
    await testApp.context.queue.enqueue({ job: heartbeatJob, data: {} });
    // Counts may be up to a second old (queue-stats-cache.ts): ask until they are fresh, not longer.
    const app = testApp.app;
    await vi.waitFor(
      async () => {
        const body = ZHealthResponse.parse((await app.inject({ url: '/v2/health' })).json());
        expect(body.queue.queued).toBe(2);
      },
      { timeout: queueStatsMaxAgeMs * 3, interval: 50 },
    );
  });

  it('is degraded (503) when the database is gone', async () => {
    testApp = await buildTestApp();
    const { app, database } = testApp;
    testApp = undefined;
    await database.close();
    try {
      const response = await app.inject({ url: '/v2/health' });
      expect(response.statusCode).toBe(503);
      const body = response.json();
      expect(body.status).toBe('degraded');
      expect(body.database.status).toBe('down');
      expect(body.database.detail).toBe('database unreachable');
    } finally {
      await app.close();
    }
  });
});
