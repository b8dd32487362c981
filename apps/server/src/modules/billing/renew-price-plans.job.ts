import { z } from 'zod';
import { defineJob, defineSchedule } from '../../jobs/job-definition.ts';
import { renewPricePlans } from './renew-price-plans.ts';

/**
 * Renews or ends the price plans whose term is over, rolls plan years, and bills renewals by card. Idempotent: a
 * plan renewed is ended and not found again, a payment invoiced keeps its invoice. `now` moves the clock in tests.
 */
export const renewPricePlansJob = defineJob({
  id: 'billing.renew-price-plans',
  schema: z.object({ now: z.string().datetime().optional() }),
  handler: async ({ data, context }) => {
    const now = data.now ? new Date(data.now) : new Date();
    const result = await renewPricePlans(
      { db: context.database.db, provider: context.services.payments.provider, logger: context.logger },
      now,
    );
    if (Object.values(result).some((count) => count > 0)) context.logger.info(result, 'Renewed price plans');
  },
  retry: { limit: 1 },
  // One short transaction per plan: the next hour resumes a cut-off run.
  expireInSeconds: 10 * 60,
  concurrency: 1,
});

/** Hourly, at a minute no other sweep uses: a plan is renewed within the hour its term ends. */
export const renewPricePlansSchedule = defineSchedule({ job: renewPricePlansJob, cron: '37 * * * *', data: {} });
