import type { DatabaseHandle } from '../db/database.ts';

export interface JobQueueStats {
  /** Waiting to run, retries and delayed jobs included. */
  queued: number;
  active: number;
  /** Out of retries, in the last 7 days (then pg-boss archives them). */
  failed: number;
  /** The last time a worker finished a job of ours; `system.heartbeat` keeps it within a minute or so. */
  lastCompletedAt: Date | null;
}

const statsSql = `
  SELECT count(*) FILTER (WHERE state < 'active') AS queued,
         count(*) FILTER (WHERE state = 'active') AS active,
         count(*) FILTER (WHERE state = 'failed') AS failed,
         max(completed_on) FILTER (WHERE state = 'completed') AS last_completed_at
  FROM pgboss.job WHERE name = ANY($1::text[])`;

/** Counts across the named queues in one query, for the health route. */
export async function countJobs({
  database,
  names,
}: {
  database: DatabaseHandle;
  names: readonly string[];
}): Promise<JobQueueStats> {
  const { rows } = await database.executeSql(statsSql, [names]);
  const row = rows[0] ?? {};
  const lastCompletedAt = row.last_completed_at;
  return {
    queued: Number(row.queued ?? 0),
    active: Number(row.active ?? 0),
    failed: Number(row.failed ?? 0),
    lastCompletedAt: lastCompletedAt ? new Date(lastCompletedAt as Date | string) : null,
  };
}
