import { z } from 'zod';
import { defineJob, defineSchedule } from '../../jobs/job-definition.ts';
import { reconcilePendingPayments } from './reconcile-payments.ts';

/** Idempotent: a payment already applied is no longer pending, and applying the same state twice changes nothing. */
export const reconcilePaymentsJob = defineJob({
  id: 'billing.reconcile-payments',
  schema: z.object({}),
  handler: async ({ context }) => {
    const { provider } = context.services.payments;
    if (!provider) return;
    const result = await reconcilePendingPayments({ db: context.database.db, provider, logger: context.logger });
    if (result.changed > 0) context.logger.info(result, 'Reconciled pending payments with Stripe');
  },
  // The next run, minutes later, asks again.
  retry: { limit: 0 },
  expireInSeconds: 4 * 60,
  concurrency: 1,
});

/** Every five minutes: a paid top-up whose webhook was lost is credited within minutes. */
export const reconcilePaymentsSchedule = defineSchedule({ job: reconcilePaymentsJob, cron: '*/5 * * * *', data: {} });
