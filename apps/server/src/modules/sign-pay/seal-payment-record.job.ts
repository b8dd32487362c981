import { z } from 'zod';
import type { Transaction } from '../../db/database.ts';
import { defineJob, type JobContext } from '../../jobs/job-definition.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { listPaidPaymentsWithoutRecord } from './payment-record.repository.ts';
import { type PaymentRecordDeps, sealPaymentRecord } from './seal-payment-record.ts';

export function paymentRecordDeps(context: Pick<JobContext, 'database' | 'services'>): PaymentRecordDeps {
  const { services } = context;
  return {
    database: context.database,
    storage: services.storage,
    messaging: services.messaging,
    sealRecord: (request) =>
      services.pdf.sealPaymentRecord({ ...request, key: services.sealing.key }, services.sealing.timestamping),
  };
}

/**
 * A paid payment's sealed record (README "Sign & Pay records"). While the document is not sealed yet the run fails
 * and is retried on the seal job's own schedule (about half an hour, the time a seal may take through TSA outages);
 * a record already made ends the run at once, so running it twice makes one record.
 */
export const sealPaymentRecordJob = defineJob({
  id: 'sign-pay.seal-payment-record',
  schema: z.object({ signPayPaymentId: z.string().min(1).max(64) }),
  handler: async ({ data, context }) => {
    const outcome = await sealPaymentRecord(paymentRecordDeps(context), { signPayPaymentId: data.signPayPaymentId });
    context.logger.info({ signPayPaymentId: data.signPayPaymentId, outcome }, 'Seal payment record');
  },
  // The seal job's own (seal-document.job.ts), not imported: sealing enqueues this job, so that would be a cycle.
  retry: { limit: 6, delaySeconds: 15, backoff: true },
  expireInSeconds: 180,
});

/**
 * What the payment flow calls in the transaction that marks a payment paid (outbox): the record is made when that
 * commits, and not at all if it rolls back. The key makes a repeated "paid" (a replayed webhook) enqueue once.
 */
export async function enqueuePaymentRecord(queue: JobQueue, tx: Transaction | undefined, signPayPaymentId: string) {
  await queue.enqueue({
    job: sealPaymentRecordJob,
    data: { signPayPaymentId },
    ...(tx ? { tx } : {}),
    idempotencyKey: `payment-record:${signPayPaymentId}`,
  });
}

/**
 * What sealing calls in the transaction that completes the document: every paid payment still without a record is
 * queued again, under a key of its own (the first job's key is held for days, and that job may have given up
 * waiting for a seal that took longer than its retries, such as one the owner retried).
 */
export async function enqueuePaymentRecordsAfterSeal(queue: JobQueue, tx: Transaction, documentId: string) {
  for (const signPayPaymentId of await listPaidPaymentsWithoutRecord(tx, documentId)) {
    await queue.enqueue({
      job: sealPaymentRecordJob,
      data: { signPayPaymentId },
      tx,
      idempotencyKey: `payment-record-after-seal:${signPayPaymentId}`,
    });
  }
}
