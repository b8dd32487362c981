import { z } from 'zod';
import type { Transaction } from '../../db/database.ts';
import { defineJob } from '../../jobs/job-definition.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { refundSignPayPayment } from './refund-sign-pay.ts';

/** A Sign & Pay payment that arrived for nothing (a withdrawn document, a slot already paid) goes back to the payer. */
export const refundSignPayJob = defineJob({
  id: 'sign-pay.refund',
  schema: z.object({ signPayPaymentId: z.string().min(1).max(64) }),
  handler: async ({ data, context }) => {
    const outcome = await refundSignPayPayment(
      { db: context.database.db, provider: context.services.payments.provider },
      data.signPayPaymentId,
    );
    context.logger.info({ signPayPaymentId: data.signPayPaymentId, outcome }, 'Refunded a Sign & Pay payment');
  },
  retry: { limit: 8, delaySeconds: 30, backoff: true },
  expireInSeconds: 120,
});

/** Called in the transaction that recorded the payment (outbox): the refund goes only if that commits, once. */
export async function enqueueSignPayRefund(queue: JobQueue, tx: Transaction, signPayPaymentId: string) {
  await queue.enqueue({
    job: refundSignPayJob,
    data: { signPayPaymentId },
    tx,
    idempotencyKey: `sign-pay-refund:${signPayPaymentId}`,
  });
}
