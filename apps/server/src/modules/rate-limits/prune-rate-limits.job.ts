import { z } from 'zod';
import { defineJob, defineSchedule } from '../../jobs/job-definition.ts';
import { pruneExpiredHits } from './rate-limits.repository.ts';

/** Drops rate-limit windows that have ended; idempotent, and a missed run only leaves rows that count nothing. */
export const pruneRateLimitsJob = defineJob({
  id: 'rate-limits.prune',
  schema: z.object({}),
  handler: async ({ context }) => {
    const pruned = await pruneExpiredHits(context.database);
    if (pruned > 0) context.logger.info({ count: pruned }, 'Pruned ended rate-limit windows');
  },
  retry: { limit: 0 },
  // One DELETE over an hour of windows.
  expireInSeconds: 5 * 60,
  concurrency: 1,
});

/** Hourly: the longest window is a day, the shortest a minute, so the table holds about an hour of windows. */
export const pruneRateLimitsSchedule = defineSchedule({ job: pruneRateLimitsJob, cron: '41 * * * *', data: {} });
