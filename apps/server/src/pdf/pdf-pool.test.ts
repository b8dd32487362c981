import { threadId } from 'node:worker_threads';
import { limits } from '@signlink/contracts/constants';
import { afterAll, describe, expect, it } from 'vitest';
import { buildManyPagesPdf, buildPlainPdf, readSharedPdf } from '../../test/fixtures/hostile-pdfs.ts';
import { sleep, waitFor } from '../jobs/job-test-helpers.ts';
import { createPdfPool } from './pdf-pool.ts';

const mib = 1024 * 1024;
const uploadLimits = {
  maxBytes: limits.maxUploadMegabytes * mib,
  maxPages: limits.maxUploadPages,
  maxObjects: limits.maxUploadObjects,
  maxStreamBytes: limits.maxUploadStreamMegabytes * mib,
  maxInflatedBytes: limits.maxUploadInflatedMegabytes * mib,
};

describe('the PDF worker pool', () => {
  const pool = createPdfPool({ limits: uploadLimits, taskTimeoutMs: 20_000, maxThreads: 1 });
  afterAll(() => pool.close());

  it('runs its tasks in a worker thread, not on the event loop', async () => {
    const where = await pool.whereAmI();
    expect(where.isMainThread).toBe(false);
    expect(where.threadId).not.toBe(threadId);
  });

  it('answers an upload with its inspection, and a refusal with the catalogue code', async () => {
    const result = await pool.sanitize(await buildPlainPdf(2), 'account:test');
    expect(result.inspection.pageCount).toBe(2);
    expect(result.cleanedBytes).toBeNull();
    await expect(pool.sanitize(readSharedPdf('libreoffice-writer-password.pdf'), 'account:test')).rejects.toMatchObject(
      {
        code: 'UPLOAD_PASSWORD_PROTECTED',
      },
    );
  });

  it('ends a task at its time limit and answers UPLOAD_DAMAGED; the pool keeps working', async () => {
    const slow = createPdfPool({ limits: uploadLimits, taskTimeoutMs: 1, maxThreads: 1 });
    try {
      await expect(slow.sanitize(await buildManyPagesPdf(1500), 'account:test')).rejects.toMatchObject({
        code: 'UPLOAD_DAMAGED',
      });
    } finally {
      await slow.close();
    }
    expect((await pool.sanitize(await buildPlainPdf(1), 'account:test')).inspection.pageCount).toBe(1);
  });

  it('does not count a thread start-up in the time limit, only the task', async () => {
    // The thread starts in 1.5 s; the limit is 1 s; the one-page file parses in a fraction of it.
    const coldStart = createPdfPool({
      limits: uploadLimits,
      taskTimeoutMs: 1000,
      maxThreads: 1,
      workerUrl: new URL('./pdf-worker-slow-start.test-helpers.mjs', import.meta.url),
    });
    try {
      const started = performance.now();
      const result = await coldStart.sanitize(await buildPlainPdf(1), 'account:test');
      expect(result.inspection.pageCount).toBe(1);
      expect(performance.now() - started).toBeGreaterThan(1000);
    } finally {
      await coldStart.close();
    }
  });

  it('warms up without a complaint when it is closed while its thread starts', async () => {
    const stopping = createPdfPool({ limits: uploadLimits, taskTimeoutMs: 20_000, maxThreads: 1 });
    const warming = stopping.warmUp();
    await stopping.close();
    await expect(warming).resolves.toBeUndefined();
  });

  it('keeps one thread warm when the others end as idle', async () => {
    const idle = createPdfPool({ limits: uploadLimits, taskTimeoutMs: 20_000, maxThreads: 2, idleTimeoutMs: 100 });
    try {
      // Nothing starts before the first task: most test files never parse a PDF.
      expect(idle.threadCount()).toBe(0);
      // Two tasks at once start a second thread.
      const busy = await Promise.all([idle.whereAmI(), idle.whereAmI()]);
      expect(new Set(busy.map((where) => where.threadId)).size).toBe(2);
      await waitFor(() => idle.threadCount() === 1, { timeoutMs: 5000 });
      await sleep(300); // three more idle timeouts: the last thread stays
      expect(idle.threadCount()).toBe(1);
      const after = await idle.whereAmI();
      expect(busy.map((where) => where.threadId)).toContain(after.threadId);
      expect(idle.threadCount()).toBe(1);
    } finally {
      await idle.close();
    }
  });
});
