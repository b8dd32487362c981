import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { defineJob, PermanentJobError } from './job-definition.ts';
import { createQueueFactory, isIdle, jobRow, openBareBoss, waitFor } from './job-test-helpers.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});
const queues = createQueueFactory(() => database);
afterEach(() => queues.stopAll());

const ZLabel = z.object({ label: z.string().min(1) });

describe('enqueue inside a transaction (outbox)', () => {
  it('runs a job whose transaction commits and never one whose transaction rolls back', async () => {
    const ran: string[] = [];
    const job = defineJob({
      id: 'test.outbox',
      schema: ZLabel,
      handler: async ({ data }) => {
        ran.push(data.label);
      },
    });
    const queue = await queues.start([job]);
    await queue.work();

    let rolledBackId: string | null = null;
    await expect(
      database.db.transaction(async (tx) => {
        rolledBackId = await queue.enqueue({ tx, job, data: { label: 'rolled back' } });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    let committedId: string | null = null;
    await database.db.transaction(async (tx) => {
      committedId = await queue.enqueue({ tx, job, data: { label: 'committed' } });
      if (database.driver === 'postgres') {
        // The row is on the transaction's connection: no other connection (no worker) sees it yet.
        expect(await jobRow(database, committedId as unknown as string)).toBeUndefined();
      }
    });

    await waitFor(() => ran.includes('committed'));
    // A job that existed would be queued or running until it had run: the rolled-back one never does.
    await waitFor(async () => isIdle(await queue.stats()));
    expect(ran).toEqual(['committed']);
    expect(rolledBackId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await jobRow(database, rolledBackId as unknown as string)).toBeUndefined();
    await waitFor(async () => (await jobRow(database, committedId as unknown as string))?.state === 'completed');
  });
});

describe('retries', () => {
  it('retries a failing handler with growing delays until it succeeds', async () => {
    const runs: { attempt: number; isLastAttempt: boolean; at: number }[] = [];
    const job = defineJob({
      id: 'test.flaky',
      schema: z.object({}),
      retry: { limit: 3, delaySeconds: 1, backoff: true },
      handler: async ({ attempt, isLastAttempt }) => {
        runs.push({ attempt, isLastAttempt, at: Date.now() });
        if (attempt < 3) throw new Error(`attempt ${attempt} fails`);
      },
    });
    const queue = await queues.start([job]);
    await queue.work();
    const id = await queue.enqueue({ job, data: {} });

    await waitFor(async () => (await jobRow(database, id as string))?.state === 'completed', { timeoutMs: 15_000 });
    expect(runs.map((run) => run.attempt)).toEqual([1, 2, 3]);
    expect(runs.map((run) => run.isLastAttempt)).toEqual([false, false, false]);
    const [first, second, third] = runs.map((run) => run.at) as [number, number, number];
    // Backoff from 1 s: the first retry waits 1–2 s, the second 2–4 s (pg-boss adds jitter).
    expect(second - first).toBeGreaterThanOrEqual(1000);
    expect(third - second).toBeGreaterThanOrEqual(2000);
    expect(await jobRow(database, id as string)).toEqual({ state: 'completed', retryCount: 2 });
  });

  it('ends a job failed once its retries are spent, and stats() counts it', async () => {
    const runs: boolean[] = [];
    const job = defineJob({
      id: 'test.hopeless',
      schema: z.object({}),
      retry: { limit: 1, delaySeconds: 0, backoff: false },
      handler: async ({ isLastAttempt }) => {
        runs.push(isLastAttempt);
        throw new Error('always fails');
      },
    });
    const queue = await queues.start([job]);
    expect(await queue.stats()).toMatchObject({ queued: 0, active: 0, failed: 0 });
    const id = await queue.enqueue({ job, data: {} });
    expect(await queue.stats()).toMatchObject({ queued: 1, active: 0, failed: 0 });
    await queue.work();

    // Failed is final, and with nothing queued or running no third run can follow.
    await waitFor(async () => (await queue.stats()).failed === 1);
    expect(await queue.stats()).toMatchObject({ queued: 0, active: 0, failed: 1 });
    expect(runs).toEqual([false, true]);
    expect(await jobRow(database, id as string)).toEqual({ state: 'failed', retryCount: 1 });
  });

  it('fails without retrying when the handler throws PermanentJobError', async () => {
    let runs = 0;
    const job = defineJob({
      id: 'test.permanent',
      schema: z.object({}),
      retry: { limit: 3, delaySeconds: 0, backoff: false },
      handler: async () => {
        runs += 1;
        throw new PermanentJobError('the target is gone');
      },
    });
    const queue = await queues.start([job]);
    await queue.work();
    const id = await queue.enqueue({ job, data: {} });
    // A retry would have put it back in the queue (state 'retry') on the way: failed comes only after the last run.
    await waitFor(async () => (await jobRow(database, id as string))?.state === 'failed');
    expect(await queue.stats()).toMatchObject({ queued: 0, active: 0 });
    expect(runs).toBe(1);
  });
});

describe('job data', () => {
  const strictJob = defineJob({
    id: 'test.strict',
    schema: ZLabel,
    retry: { limit: 3, delaySeconds: 0, backoff: false },
    handler: async () => {
      throw new Error('the handler must not see invalid data');
    },
  });

  it('refuses invalid data at enqueue time and inserts nothing', async () => {
    const queue = await queues.start([strictJob]);
    const before = await queue.stats();
    await expect(queue.enqueue({ job: strictJob, data: { label: '' } })).rejects.toThrow(
      /Invalid data for job test\.strict/,
    );
    await expect(queue.enqueue({ job: strictJob, data: { label: 42 } as never })).rejects.toThrow(/label/);
    expect(await queue.stats()).toEqual(before);

    // The type of `data` comes from the job's schema.
    const typeCheck = () =>
      // @ts-expect-error a number is not a label
      queue.enqueue({ job: strictJob, data: { label: 42 } });
    expect(typeof typeCheck).toBe('function');
  });

  it('refuses a job the queue was not created with', async () => {
    const queue = await queues.start([strictJob]);
    const stranger = defineJob({ id: 'test.stranger', schema: z.object({}), handler: async () => {} });
    await expect(queue.enqueue({ job: stranger, data: {} })).rejects.toThrow(/not registered/);
  });

  it('fails a job whose stored data does not match the schema, without retries', async () => {
    const queue = await queues.start([strictJob]);
    // As if an older release had queued it: straight into pg-boss, past our validation.
    const bare = await openBareBoss(database);
    const id = await bare.send(strictJob.id, { label: 42 });
    await queue.work();
    await waitFor(async () => (await jobRow(database, id as string))?.state === 'failed');
    expect(await jobRow(database, id as string)).toEqual({ state: 'failed', retryCount: 0 });
  });
});

describe('enqueue options', () => {
  it('drops a second job with the same idempotency key', async () => {
    const ran: string[] = [];
    const job = defineJob({
      id: 'test.once',
      schema: ZLabel,
      handler: async ({ data }) => {
        ran.push(data.label);
      },
    });
    const queue = await queues.start([job]);
    const first = await queue.enqueue({ job, data: { label: 'a' }, idempotencyKey: 'doc-1' });
    const again = await queue.enqueue({ job, data: { label: 'b' }, idempotencyKey: 'doc-1' });
    const other = await queue.enqueue({ job, data: { label: 'c' }, idempotencyKey: 'doc-2' });
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(again).toBeNull();
    expect(other).not.toBe(first);
    await queue.work();
    await waitFor(() => ran.length === 2);
    expect(ran.sort()).toEqual(['a', 'c']);
  });

  it('holds a job until startAfter', async () => {
    let ranAt = 0;
    const job = defineJob({
      id: 'test.later',
      schema: z.object({}),
      handler: async () => {
        ranAt = Date.now();
      },
    });
    const queue = await queues.start([job]);
    await queue.work();
    const enqueuedAt = Date.now();
    await queue.enqueue({ job, data: {}, startAfter: new Date(enqueuedAt + 1500) });
    await waitFor(() => ranAt > 0);
    expect(ranAt - enqueuedAt).toBeGreaterThanOrEqual(1400);
  });
});
