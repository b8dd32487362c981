import { z } from 'zod';
import { defineJob, defineSchedule } from '../../jobs/job-definition.ts';
import { sweepOrphanFiles } from './sweep-orphan-files.ts';

/**
 * Removes partial writes and unreferenced files (see sweepOrphanFiles). Idempotent: a run that dies halfway leaves
 * the rest for the next one, so no retries.
 */
export const sweepOrphanFilesJob = defineJob({
  id: 'stored-files.sweep-orphans',
  schema: z.object({}),
  handler: async ({ context }) => {
    const { database, logger, services } = context;
    const outcome = await sweepOrphanFiles({ db: database.db, storage: services.storage, logger });
    logger.info(outcome, 'Swept orphan files');
  },
  retry: { limit: 0 },
  // A large store takes a while to list; the next hour's run picks up where an expired one stopped.
  expireInSeconds: 50 * 60,
  concurrency: 1,
});

/** Hourly, matching the partial uploads' one-hour age: nothing a crash leaves lasts much past its limit. */
export const sweepOrphanFilesSchedule = defineSchedule({ job: sweepOrphanFilesJob, cron: '53 * * * *', data: {} });
