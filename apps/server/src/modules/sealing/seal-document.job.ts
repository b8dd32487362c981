import { z } from 'zod';
import type { Transaction } from '../../db/database.ts';
import { defineJob, defineSchedule, type JobContext } from '../../jobs/job-definition.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { findUnsealedSignedDocuments } from './seal.repository.ts';
import { type SealingDeps, sealSignedDocument } from './seal-document.ts';

/** A fully signed document not sealed this long after its last signature is queued again by the sweeper. */
export const sealSweepAfterMs = 5 * 60 * 1000;

function sealingDeps(context: JobContext): SealingDeps {
  const { services } = context;
  return {
    database: context.database,
    storage: services.storage,
    queue: services.queue,
    messaging: services.messaging,
    sealPdf: (request) => services.pdf.seal({ ...request, key: services.sealing.key }, services.sealing.timestamping),
  };
}

/**
 * Issue 7, part 5. Retried with backoff over about half an hour (a TSA outage, a storage hiccup); the last
 * failure marks the seal failed, which the owner sees as the document's "error" status, never a silent pending.
 * A failure no retry mends (a revoked seal certificate) marks it failed at once and ends the retries.
 */
export const sealDocumentJob = defineJob({
  id: 'sealing.seal-document',
  schema: z.object({ documentId: z.string().min(1).max(64) }),
  handler: async ({ data, context, isLastAttempt }) => {
    const outcome = await sealSignedDocument(sealingDeps(context), { documentId: data.documentId, isLastAttempt });
    context.logger.info({ documentId: data.documentId, outcome }, 'Seal document');
  },
  retry: { limit: 6, delaySeconds: 15, backoff: true },
  // The seal's thread task is limited to 120 s (pdf-pool: PDF work and the TSA's 10 s requests, whatever the file's
  // size); a minute more covers waiting for a thread, storage and the database.
  expireInSeconds: 180,
});

/**
 * What the recipient's side calls in the transaction that stores the last signature (outbox): the seal starts
 * when that commits, and not at all if it rolls back. The key makes a double submission seal once. Pg-boss holds a
 * key for days, so a later run (the owner's retry) passes a key of its own.
 */
export async function enqueueSealDocument(
  queue: JobQueue,
  tx: Transaction,
  documentId: string,
  idempotencyKey = `seal:${documentId}`,
) {
  await queue.enqueue({ job: sealDocumentJob, data: { documentId }, tx, idempotencyKey });
}

/** The safety net: a seal lost anyhow (a crash before enqueueing, an expired job) is queued again. */
export const sweepUnsealedJob = defineJob({
  id: 'sealing.sweep-unsealed',
  schema: z.object({}),
  handler: async ({ context }) => {
    const ids = await findUnsealedSignedDocuments(context.database.db, {
      signedBefore: new Date(Date.now() - sealSweepAfterMs),
      limit: 100,
    });
    for (const documentId of ids) {
      // A fresh key per sweep: the first job's key is still held for days after it ran.
      await context.services.queue.enqueue({
        job: sealDocumentJob,
        data: { documentId },
        idempotencyKey: `seal-sweep:${documentId}:${Math.floor(Date.now() / sealSweepAfterMs)}`,
      });
    }
    if (ids.length > 0) context.logger.warn({ count: ids.length }, 'Re-queued unsealed signed documents');
  },
  retry: { limit: 0 },
  // One query and at most 100 enqueues; it runs every minute.
  expireInSeconds: 60,
  concurrency: 1,
});

export const sweepUnsealedSchedule = defineSchedule({ job: sweepUnsealedJob, cron: '* * * * *', data: {} });
