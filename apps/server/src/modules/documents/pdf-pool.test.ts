import { threadId } from 'node:worker_threads';
import { limits } from '@signlink/contracts/constants';
import { afterAll, describe, expect, it } from 'vitest';
import { buildManyPagesPdf, buildPlainPdf, readSharedPdf } from '../../../test/fixtures/hostile-pdfs.ts';
import { createPdfPool } from './pdf-pool.ts';

const mib = 1024 * 1024;
const uploadLimits = {
  maxBytes: limits.maxUploadMegabytes * mib,
  maxPages: limits.maxUploadPages,
  maxObjects: limits.maxUploadObjects,
  maxStreamBytes: limits.maxUploadStreamMegabytes * mib,
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
    const result = await pool.sanitize(await buildPlainPdf(2));
    expect(result.inspection.pageCount).toBe(2);
    expect(result.cleanedBytes).toBeNull();
    await expect(pool.sanitize(readSharedPdf('libreoffice-writer-password.pdf'))).rejects.toMatchObject({
      code: 'UPLOAD_PASSWORD_PROTECTED',
    });
  });

  it('ends a task at its time limit and answers UPLOAD_DAMAGED; the pool keeps working', async () => {
    const slow = createPdfPool({ limits: uploadLimits, taskTimeoutMs: 1, maxThreads: 1 });
    try {
      await expect(slow.sanitize(await buildManyPagesPdf(1500))).rejects.toMatchObject({ code: 'UPLOAD_DAMAGED' });
    } finally {
      await slow.close();
    }
    expect((await pool.sanitize(await buildPlainPdf(1))).inspection.pageCount).toBe(1);
  });
});
