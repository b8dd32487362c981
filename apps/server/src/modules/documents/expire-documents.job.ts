import { z } from 'zod';
import { defineJob, defineSchedule } from '../../jobs/job-definition.ts';
import { expireInactiveDocuments } from './expire-documents.ts';

/** Automatic expiry (issue 6, part 7; DECISIONS: 90 days without activity), idempotent: a rerun expires nothing twice. */
export const expireDocumentsJob = defineJob({
  id: 'documents.expire-inactive',
  schema: z.object({}),
  handler: async ({ context }) => {
    const expired = await expireInactiveDocuments(context.database.db);
    if (expired.length > 0) context.logger.info({ count: expired.length }, 'Expired inactive documents');
  },
  // The next hourly run picks up whatever a failed one left.
  retry: { limit: 1 },
  // One short transaction per expiring document: thousands take seconds. The next hour resumes a cut-off run.
  expireInSeconds: 5 * 60,
  concurrency: 1,
});

/** Hourly: a document expires within the hour after its 90th day without activity. */
export const expireDocumentsSchedule = defineSchedule({ job: expireDocumentsJob, cron: '23 * * * *', data: {} });
