import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { defineJob } from './job-definition.ts';
import { createQueueFactory, jobRow, openBareBoss, openSecondConnection, sleep, waitFor } from './job-test-helpers.ts';

let database: TestDatabase;
let second: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  second = await openSecondConnection(database);
});
afterAll(async () => {
  await second?.close();
  await database?.close();
});
const queues = createQueueFactory(() => database);
afterEach(() => queues.stopAll());

const ZNumber = z.object({ n: z.number().int() });

describe('a worker that dies', () => {
  it('gives its jobs back at once when the next process recovers orphans (PGlite: nobody else can hold them)', async () => {
    const runs: number[] = [];
    const job = defineJob({
      id: 'test.orphan-recovered',
      schema: ZNumber,
      // A failure would wait a minute; a process that died is no failure of the job's, so it runs now.
      retry: { limit: 1, delaySeconds: 60, backoff: false },
      expireInSeconds: 3600,
      handler: async ({ attempt }) => {
        runs.push(attempt);
      },
    });
    const next = await queues.start([job]);
    const id = await next.enqueue({ job, data: { n: 1 } });
    const doomed = await openBareBoss(database);
    expect((await doomed.fetch(job.id))[0]?.id).toBe(id);
    expect((await jobRow(database, id as string))?.state).toBe('active');

    expect(await next.recoverOrphans()).toBe(1);
    await next.work();
    await waitFor(() => runs.length > 0, { timeoutMs: 5000 });
    expect(runs).toEqual([2]);
    await waitFor(async () => (await jobRow(database, id as string))?.state === 'completed');
  });

  it('leaves its job to expire, and another worker runs it again', async () => {
    const runs: number[] = [];
    const job = defineJob({
      id: 'test.orphan',
      schema: ZNumber,
      retry: { limit: 2, delaySeconds: 0, backoff: false },
      expireInSeconds: 1,
      handler: async ({ attempt }) => {
        runs.push(attempt);
      },
    });
    // The survivor maintains: every second it moves expired active jobs back to the queue.
    const survivor = await queues.start([job], { isMaintainer: true, maintenanceIntervalSeconds: 1 });
    const id = await survivor.enqueue({ job, data: { n: 1 } });

    // The doomed worker takes the job (own pool on PostgreSQL), then dies: it never completes or fails it.
    const doomedConnection = await openSecondConnection(database);
    const doomed = await openBareBoss(doomedConnection);
    const [taken] = await doomed.fetch(job.id);
    expect(taken?.id).toBe(id);
    if (database.driver === 'postgres') await doomedConnection.close();

    await survivor.work();
    await sleep(600);
    expect(runs).toEqual([]); // still active under the dead worker: nobody else may take it
    await waitFor(() => runs.length > 0, { timeoutMs: 10_000 });
    expect(runs).toEqual([2]);
    await waitFor(async () => (await jobRow(database, id as string))?.state === 'completed');
  });

  it('stopped without grace gives its running job back at once, and another worker finishes it', async () => {
    const runs: string[] = [];
    let release: () => void = () => {};
    const hung = new Promise<void>((resolve) => {
      release = resolve;
    });
    const job = defineJob({
      id: 'test.interrupted',
      schema: ZNumber,
      retry: { limit: 2, delaySeconds: 0, backoff: false },
      expireInSeconds: 60,
      handler: async ({ attempt }) => {
        runs.push(`attempt ${attempt}`);
        if (attempt === 1) await hung;
      },
    });
    const first = await queues.start([job]);
    await first.work();
    const id = await first.enqueue({ job, data: { n: 1 } });
    await waitFor(() => runs.length === 1);

    const stoppedAt = Date.now();
    await first.stop({ graceful: false });
    expect(Date.now() - stoppedAt).toBeLessThan(2000);
    expect((await jobRow(database, id as string))?.state).toBe('retry');

    const next = await queues.start([job]);
    await next.work();
    await waitFor(async () => (await jobRow(database, id as string))?.state === 'completed');
    expect(runs).toEqual(['attempt 1', 'attempt 2']);
    // The abandoned handler ends now; its late `complete` goes nowhere (the stopped queue is detached).
    release();
    await sleep(100);
    expect(await jobRow(database, id as string)).toEqual({ state: 'completed', retryCount: 1 });
  });

  it('stopped gracefully waits for the running job to finish', async () => {
    const job = defineJob({
      id: 'test.patient',
      schema: ZNumber,
      handler: async () => {
        await sleep(700);
      },
    });
    const queue = await queues.start([job]);
    await queue.work();
    const id = await queue.enqueue({ job, data: { n: 1 } });
    await waitFor(async () => (await jobRow(database, id as string))?.state === 'active');
    await queue.stop({ graceful: true, timeoutSeconds: 10 });
    expect((await jobRow(database, id as string))?.state).toBe('completed');
    await expect(queue.enqueue({ job, data: { n: 2 } })).rejects.toThrow(/stopped/);
  });
});

describe('several workers on one queue', () => {
  const sharedJob = defineJob({ id: 'test.shared', schema: ZNumber, handler: async () => {} });

  it('two pg-boss instances fetching at once never take the same job and together take all', async () => {
    const queue = await queues.start([sharedJob]);
    const total = 60;
    const ids = new Set<string>();
    for (let n = 0; n < total; n += 1) ids.add((await queue.enqueue({ job: sharedJob, data: { n } })) as string);

    // Two instances as two processes would have them: on PostgreSQL each with its own pool.
    const a = await openBareBoss(database);
    const b = await openBareBoss(second);
    await Promise.all([...Array(3)].flatMap(() => [database.executeSql('select 1'), second.executeSql('select 1')]));
    const takeUntilEmpty = async (boss: typeof a) => {
      const taken: string[] = [];
      for (;;) {
        const jobs = await boss.fetch(sharedJob.id, { batchSize: 3 });
        if (jobs.length === 0) return taken;
        taken.push(...jobs.map((job) => job.id));
      }
    };
    const takers = [a, a, a, b, b, b].map((boss) => takeUntilEmpty(boss));
    const taken = await Promise.all(takers);
    const all = taken.flat();

    expect(all).toHaveLength(total); // no job twice
    expect(new Set(all)).toEqual(ids); // every job once
    if (database.driver === 'postgres') {
      expect(taken.slice(0, 3).flat().length).toBeGreaterThan(0);
      expect(taken.slice(3).flat().length).toBeGreaterThan(0);
    }
  });

  // PostgreSQL only: PGlite has one connection, so no second connection can hold a row lock.
  it.runIf(process.env.TEST_DB === 'postgres')(
    'skips a job another connection holds locked instead of waiting',
    async () => {
      const queue = await queues.start([sharedJob]);
      const held = await queue.enqueue({ job: sharedJob, data: { n: 1 } });
      await sleep(5); // created_on orders the fetch: the held job comes first
      const free = await queue.enqueue({ job: sharedJob, data: { n: 2 } });
      const holder = new pg.Client({ connectionString: database.url });
      await holder.connect();
      try {
        await holder.query('BEGIN');
        await holder.query('SELECT id FROM pgboss.job WHERE id = $1 FOR UPDATE', [held]);
        const boss = await openBareBoss(second);
        const startedAt = Date.now();
        const jobs = await boss.fetch(sharedJob.id);
        expect(jobs.map((job) => job.id)).toEqual([free]);
        expect(Date.now() - startedAt).toBeLessThan(1000);
      } finally {
        await holder.query('ROLLBACK');
        await holder.end();
      }
    },
  );

  it('two queues working the same jobs run each exactly once', async () => {
    const runs: { n: number; by: string }[] = [];
    // The same job in two processes; each copy's handler says which one ran it.
    const crowdJob = (by: string) =>
      defineJob({
        id: 'test.crowd',
        schema: ZNumber,
        handler: async ({ data }) => {
          await sleep(20);
          runs.push({ n: data.n, by });
        },
      });
    const job = crowdJob('left');
    const left = await queues.start([job], { concurrency: 3 });
    const right = await queues.start([crowdJob('right')], { concurrency: 3, database: second });
    const total = 30;
    for (let n = 0; n < total; n += 1) await left.enqueue({ job, data: { n } });
    await Promise.all([left.work(), right.work()]);

    await waitFor(() => runs.length >= total, { timeoutMs: 20_000 });
    // A graceful stop waits for every running handler: a job run twice would have pushed its second run by then.
    await Promise.all([left.stop({ graceful: true }), right.stop({ graceful: true })]);
    expect(runs.map((run) => run.n).sort((x, y) => x - y)).toEqual([...Array(total).keys()]);
    expect(new Set(runs.map((run) => run.by))).toEqual(new Set(['left', 'right']));
  });
});

describe('a worker with a backlog', () => {
  it('takes the next job as soon as one ends, not a polling interval later', async () => {
    const done: number[] = [];
    const job = defineJob({
      id: 'test.backlog',
      schema: ZNumber,
      handler: async ({ data }) => {
        done.push(data.n);
      },
    });
    // One worker and a 10 s interval: waiting an interval between jobs would take 40 s for five.
    const queue = await queues.start([job], { concurrency: 1, pollingIntervalSeconds: 10 });
    for (const n of [1, 2, 3, 4, 5]) await queue.enqueue({ job, data: { n } });
    await queue.work();
    await waitFor(() => done.length === 5, { timeoutMs: 8000 });
    expect(done.sort()).toEqual([1, 2, 3, 4, 5]);
  });
});
