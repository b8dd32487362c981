import { z } from 'zod';
import { defineJob, defineSchedule } from '../../jobs/job-definition.ts';
import { expireAllLapsedCredits } from './balance-ledger.ts';

/**
 * Writes lapsed voucher credit out of the balance (a `voucher-expiry` line per credit). Idempotent: a credit
 * written off sums to zero and is not found again. Reads and spends already count lapsed credit as zero, so the
 * job only keeps the cached balance and the ledger's story tidy.
 */
export const expireVoucherCreditsJob = defineJob({
  id: 'billing.expire-voucher-credits',
  schema: z.object({}),
  handler: async ({ context }) => {
    const { accounts, lapsedMinor } = await expireAllLapsedCredits(context.database.db);
    if (accounts > 0) context.logger.info({ accounts, lapsedMinor }, 'Wrote off lapsed voucher credit');
  },
  retry: { limit: 1 },
  // One short transaction per account: the next hour resumes a cut-off run.
  expireInSeconds: 5 * 60,
  concurrency: 1,
});

/** Hourly, at a minute no other sweep uses. */
export const expireVoucherCreditsSchedule = defineSchedule({
  job: expireVoucherCreditsJob,
  cron: '7 * * * *',
  data: {},
});
