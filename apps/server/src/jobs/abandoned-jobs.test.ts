import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { defineJob } from './job-definition.ts';
import { createQueueFactory, jobRow, openSecondConnection, waitFor } from './job-test-helpers.ts';
import { workerLockSpace } from './worker-registry.ts';

let database: TestDatabase;
let doomedConnection: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  doomedConnection = await openSecondConnection(database);
});
afterAll(async () => {
  await doomedConnection?.close();
  await database?.close();
});
const queues = createQueueFactory(() => database);
let release: () => void = () => {};
afterEach(async () => {
  release();
  await queues.stopAll();
});

async function holderOf(jobId: string): Promise<number | undefined> {
  const { rows } = await database.executeSql('SELECT worker_id FROM job_holds WHERE job_id = $1', [jobId]);
  return rows[0] ? Number(rows[0].worker_id) : undefined;
}

/**
 * What kill -9 does to a worker, as the database sees it: the session holding its lock ends (PostgreSQL). On
 * PGlite, whose one connection every queue of the process shares, the lock alone is released.
 */
async function killWorker(workerId: number) {
  if (database.driver === 'pglite') {
    await database.executeSql(`SELECT pg_advisory_unlock(${workerLockSpace}, $1)`, [workerId]);
    return;
  }
  const { rows } = await database.executeSql(
    `SELECT pg_terminate_backend(pid) AS ended FROM pg_locks
     WHERE locktype = 'advisory' AND classid = ${workerLockSpace} AND objid = $1 AND objsubid = 2`,
    [workerId],
  );
  expect(rows).toEqual([{ ended: true }]);
}

/** A job whose first run hangs (the worker that takes it is the one that dies), with runs recorded by who ran them. */
function hangingJob(id: string, runs: string[], by: string) {
  const hung = new Promise<void>((resolve) => {
    release = resolve;
  });
  return defineJob({
    id,
    schema: z.object({}),
    // Only a give-back can explain a second run this soon: the expiry is an hour, a retry after failure a minute.
    retry: { limit: 2, delaySeconds: 60, backoff: false },
    expireInSeconds: 3600,
    handler: async ({ attempt }) => {
      runs.push(`${by} ${attempt}`);
      if (attempt === 1) await hung;
    },
  });
}

async function startDoomed(id: string, runs: string[], lost: Error[]) {
  const doomed = await queues.start([hangingJob(id, runs, 'doomed')], {
    database: doomedConnection,
    concurrency: 1,
    onWorkerLost: (error) => lost.push(error),
  });
  await doomed.work();
  const jobId = (await doomed.enqueue({ job: hangingJob(id, [], 'unused'), data: {} })) as string;
  await waitFor(() => runs.length === 1);
  const workerId = await holderOf(jobId);
  expect(workerId).toBeGreaterThan(0);
  return { jobId, workerId: workerId as number };
}

describe('a worker that dies mid-job', () => {
  it('keeps its job while alive, and a live worker runs it within seconds once it dies', async () => {
    const runs: string[] = [];
    const lost: Error[] = [];
    const { jobId, workerId } = await startDoomed('test.taken-over', runs, lost);

    const survivor = await queues.start([hangingJob('test.taken-over', runs, 'survivor')], {
      recoveryIntervalSeconds: 1,
    });
    await survivor.work();
    // Two of the survivor's sweeps have looked at the job and left it: its holder is alive.
    const { rows } = await database.executeSql('SELECT max(id) AS id FROM job_workers');
    const survivorId = Number(rows[0]?.id);
    await waitFor(
      async () => {
        const seen = await database.executeSql(
          'SELECT last_seen_at - started_at > interval $$2 seconds$$ AS swept FROM job_workers WHERE id = $1',
          [survivorId],
        );
        return seen.rows[0]?.swept === true;
      },
      { timeoutMs: 10_000 },
    );
    expect(runs).toEqual(['doomed 1']);
    expect(await jobRow(database, jobId)).toEqual({ state: 'active', retryCount: 0 });

    const diedAt = Date.now();
    await killWorker(workerId);
    await waitFor(async () => (await jobRow(database, jobId))?.state === 'completed', { timeoutMs: 5_000 });
    expect(Date.now() - diedAt).toBeLessThan(5_000);
    expect(runs).toEqual(['doomed 1', 'survivor 2']);
    expect(await holderOf(jobId)).toBe(survivorId);
    if (database.driver === 'postgres') {
      // The dead session's process learns it too, and stops taking jobs.
      await waitFor(() => lost.length === 1);
    }
  });

  it('has its job given back by a worker that starts after it died, at once', async () => {
    const runs: string[] = [];
    const { jobId, workerId } = await startDoomed('test.restarted', runs, []);
    await killWorker(workerId);

    // A sweep interval of an hour: only the start-up recovery can give the job back.
    const next = await queues.start([hangingJob('test.restarted', runs, 'next')], { recoveryIntervalSeconds: 3600 });
    const startedAt = Date.now();
    await next.work();
    await waitFor(async () => (await jobRow(database, jobId))?.state === 'completed', { timeoutMs: 5_000 });
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    expect(runs).toEqual(['doomed 1', 'next 2']);
    // The dead worker is forgotten once its job was given back.
    const { rows } = await database.executeSql('SELECT id FROM job_workers WHERE id = $1', [workerId]);
    expect(rows).toEqual([]);
  });
});
