import type { JobQueue } from '../../jobs/job-queue.ts';
import type { JobQueueStats } from '../../jobs/job-queue-stats.ts';

/**
 * Queue counts scan pg-boss's job table, and /v2/health is public and polled by every load
 * balancer: callers within the same second share one query (and one in flight), so health costs
 * one database round trip, not a table scan per request. A failed read is never reused.
 */
export const queueStatsMaxAgeMs = 1000;

const cache = new WeakMap<JobQueue, { at: number; stats: Promise<JobQueueStats> }>();

export function readQueueStats(queue: JobQueue, now = performance.now()): Promise<JobQueueStats> {
  const hit = cache.get(queue);
  if (hit && now - hit.at < queueStatsMaxAgeMs) return hit.stats;
  const stats = queue.stats();
  cache.set(queue, { at: now, stats });
  stats.catch(() => {
    if (cache.get(queue)?.stats === stats) cache.delete(queue);
  });
  return stats;
}
