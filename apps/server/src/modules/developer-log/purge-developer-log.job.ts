import { z } from 'zod';
import { defineJob, defineSchedule } from '../../jobs/job-definition.ts';
import { purgeDeveloperLog } from './developer-log.service.ts';

/** Keeps the developer log to its 30 days; idempotent, and a missed run only leaves rows the list hides anyway. */
export const purgeDeveloperLogJob = defineJob({
  id: 'developer-log.purge',
  schema: z.object({}),
  handler: async ({ context }) => {
    const purged = await purgeDeveloperLog(context.database.db, new Date());
    if (purged > 0) context.logger.info({ count: purged }, 'Purged developer log rows older than 30 days');
  },
  retry: { limit: 0 },
  // One DELETE over a day's rows.
  expireInSeconds: 5 * 60,
  concurrency: 1,
});

/** Daily, at a quiet hour and a minute no other sweep uses. */
export const purgeDeveloperLogSchedule = defineSchedule({ job: purgeDeveloperLogJob, cron: '29 3 * * *', data: {} });
