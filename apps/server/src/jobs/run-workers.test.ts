import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { jobDefinitions, jobSchedules } from '../job-catalog.ts';
import { heartbeatJob } from './definitions/system/heartbeat.job.ts';
import { defineJob, defineSchedule } from './job-definition.ts';
import { createJobQueue, pgBossSchema } from './job-queue.ts';
import { createMemoryLogger, waitFor } from './job-test-helpers.ts';
import { runWorkers } from './run-workers.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function schedules() {
  const { rows } = await database.executeSql(`SELECT name, cron FROM ${pgBossSchema}.schedule ORDER BY name`, []);
  return rows;
}

describe('the job catalog', () => {
  it('lists each job once and schedules only listed jobs', () => {
    const ids = jobDefinitions.map((job) => job.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const schedule of jobSchedules) expect(ids).toContain(schedule.job.id);
  });
});

describe('runWorkers', () => {
  it('starts the queue, makes the schedules match the code, runs jobs, and stops', async () => {
    const retired = defineJob({ id: 'test.retired', schema: z.object({}), handler: async () => {} });
    const logger = createMemoryLogger();
    const definitions = [...jobDefinitions, retired];
    const options = { database, logger, concurrency: 2, pollingIntervalSeconds: 0.5 };

    // An earlier release scheduled a job the code no longer schedules.
    const earlier = createJobQueue({ ...options, definitions, isMaintainer: false });
    await earlier.start();
    await earlier.syncSchedules([defineSchedule({ job: retired, cron: '0 3 * * *', data: {} })]);
    await earlier.stop();
    expect(await schedules()).toEqual([{ name: 'test.retired', cron: '0 3 * * *' }]);

    const queue = createJobQueue({ ...options, definitions });
    const stop = await runWorkers({ queue, schedules: jobSchedules });
    expect(await schedules()).toEqual([
      { name: 'billing.expire-voucher-credits', cron: '7 * * * *' },
      { name: 'billing.reconcile-payments', cron: '*/5 * * * *' },
      { name: 'billing.renew-price-plans', cron: '37 * * * *' },
      { name: 'billing.send-invoices', cron: '*/5 * * * *' },
      { name: 'developer-log.purge', cron: '29 3 * * *' },
      { name: 'documents.expire-inactive', cron: '23 * * * *' },
      { name: 'id-scan.purge-images', cron: '47 * * * *' },
      { name: 'public-links.expire-visits', cron: '17 * * * *' },
      { name: 'rate-limits.prune', cron: '41 * * * *' },
      { name: 'sealing.sweep-unsealed', cron: '* * * * *' },
      { name: 'stored-files.sweep-orphans', cron: '53 * * * *' },
      { name: 'system.heartbeat', cron: '* * * * *' },
    ]);

    // The cron fires it once a minute (pg-boss checks schedules every 30 s, too slow for a test).
    expect((await queue.stats()).lastCompletedAt).toBeNull();
    const before = Date.now();
    await queue.enqueue({ job: heartbeatJob, data: {} });
    await waitFor(async () => (await queue.stats()).lastCompletedAt !== null);
    const { lastCompletedAt } = await queue.stats();
    expect(lastCompletedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);

    await stop({ graceful: true, timeoutSeconds: 5 });
    await expect(queue.enqueue({ job: heartbeatJob, data: {} })).rejects.toThrow(/stopped/);
    expect(logger.entries.filter((entry) => entry.level === 'error')).toEqual([]);
  });

  it('runs each poller every few seconds, never two of one at once, logs a failed poll, and stops them', async () => {
    const logger = createMemoryLogger();
    const queue = createJobQueue({
      database,
      logger,
      definitions: jobDefinitions,
      concurrency: 1,
      pollingIntervalSeconds: 0.5,
    });
    let polls = 0;
    let concurrent = 0;
    let mostConcurrent = 0;
    const stop = await runWorkers({
      queue,
      schedules: [],
      database,
      logger,
      pollers: [
        {
          name: 'test.slow-then-failing',
          everySeconds: 0.05,
          poll: async (deps) => {
            expect(deps.database).toBe(database);
            polls += 1;
            concurrent += 1;
            mostConcurrent = Math.max(mostConcurrent, concurrent);
            // Slower than the interval: the ticks in between must skip, not pile up.
            await new Promise((resolve) => setTimeout(resolve, 120));
            concurrent -= 1;
            if (polls === 2) throw new Error('database busy');
          },
        },
      ],
    });
    await waitFor(async () => polls >= 3);
    expect(mostConcurrent).toBe(1);
    expect(logger.entries.some((entry) => entry.level === 'warn' && /poll failed/.test(String(entry.message)))).toBe(
      true,
    );
    await stop({ graceful: true, timeoutSeconds: 5 });
    const afterStop = polls;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(polls).toBe(afterStop);
  });
});
