import { z } from 'zod';
import { defineJob, defineSchedule } from '../../job-definition.ts';

/**
 * A no-op a worker completes once a minute. Its completion time (kept by pg-boss) is the record:
 * `stats().lastCompletedAt` stays within about a minute while some worker process is alive and
 * draining the queue, which an API-only process (ROLES=api) cannot otherwise tell.
 */
export const heartbeatJob = defineJob({
  id: 'system.heartbeat',
  schema: z.object({}),
  handler: async () => {},
  // A missed beat is not worth retrying: the next minute brings another.
  retry: { limit: 0 },
  // A no-op: anything longer means the worker is stuck.
  expireInSeconds: 30,
  concurrency: 1,
});

export const heartbeatSchedule = defineSchedule({ job: heartbeatJob, cron: '* * * * *', data: {} });
