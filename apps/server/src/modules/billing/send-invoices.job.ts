import { z } from 'zod';
import type { Transaction } from '../../db/database.ts';
import { defineJob, defineSchedule } from '../../jobs/job-definition.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { sendUnsentInvoices } from './send-invoices.ts';

/** Idempotent: an invoice is marked sent with its e-mail queued, and a sent one is not listed again. */
export const sendInvoicesJob = defineJob({
  id: 'billing.send-invoices',
  schema: z.object({}),
  handler: async ({ context }) => {
    const { queue, messaging, storage, pdf } = context.services;
    const result = await sendUnsentInvoices({
      database: context.database,
      queue,
      messaging,
      storage,
      pdf,
      logger: context.logger,
    });
    if (result.sent + result.failed > 0) context.logger.info(result, 'Sent invoices');
  },
  // The schedule's next run tries what failed again.
  retry: { limit: 0 },
  expireInSeconds: 4 * 60,
  concurrency: 1,
});

/** Every five minutes, for invoices written without asking for a run (`queueInvoiceSending`) or whose run failed. */
export const sendInvoicesSchedule = defineSchedule({ job: sendInvoicesJob, cron: '*/5 * * * *', data: {} });

/**
 * Asks for a run once `tx` commits, so an invoice goes out within seconds of being written: for whoever writes
 * invoices (a plan ordered by invoice, a renewal), in the transaction that wrote it.
 */
export function queueInvoiceSending(queue: JobQueue, tx: Transaction): Promise<string | null> {
  return queue.enqueue({ job: sendInvoicesJob, data: {}, tx });
}
