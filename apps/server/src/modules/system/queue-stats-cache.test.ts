import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { heartbeatJob } from '../../jobs/definitions/system/heartbeat.job.ts';
import { queueStatsMaxAgeMs, readQueueStats } from './queue-stats-cache.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

describe('readQueueStats', () => {
  it('shares one read within a second and reads again after', async () => {
    const { queue } = testApp.context;
    const start = 1_000_000;
    const first = readQueueStats(queue, start);
    expect(readQueueStats(queue, start + 10)).toBe(first);
    expect((await first).queued).toBe(0);
    await queue.enqueue({ job: heartbeatJob, data: {} });
    expect((await readQueueStats(queue, start + queueStatsMaxAgeMs - 1)).queued).toBe(0);
    expect((await readQueueStats(queue, start + queueStatsMaxAgeMs)).queued).toBe(1);
  });
});
