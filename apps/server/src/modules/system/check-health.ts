import { appVersion } from '@signlink/contracts/constants';
import type { HealthResponse } from '@signlink/contracts/system/health';
import type { AppContext } from '../../app-context.ts';
import { readQueueStats } from './queue-stats-cache.ts';

async function timed<T>(
  work: () => Promise<T>,
): Promise<{ ok: true; value: T; ms: number } | { ok: false; error: string; ms: number }> {
  const started = performance.now();
  try {
    const value = await work();
    return { ok: true, value, ms: performance.now() - started };
  } catch (error) {
    return { ok: false, error: (error as Error).message, ms: performance.now() - started };
  }
}

const round = (ms: number) => Math.round(ms * 100) / 100;

/** A live round trip to the database and the queue's counts (at most a second old); either failing marks the process degraded. */
export async function checkHealth(context: AppContext): Promise<HealthResponse> {
  const database = await timed(() => context.database.executeSql('select 1 as ok'));
  const queue = await timed(() => readQueueStats(context.queue));
  const isHealthy = database.ok && queue.ok;
  return {
    status: isHealthy ? 'ok' : 'degraded',
    version: appVersion,
    roles: [...context.config.roles],
    database: {
      driver: context.database.driver,
      status: database.ok ? 'up' : 'down',
      latencyMs: round(database.ms),
      ...(database.ok ? {} : { detail: 'database unreachable' }),
    },
    queue: {
      status: queue.ok ? 'up' : 'down',
      latencyMs: round(queue.ms),
      ...(queue.ok
        ? {
            queued: queue.value.queued,
            active: queue.value.active,
            failed: queue.value.failed,
            lastCompletedAt: queue.value.lastCompletedAt?.toISOString() ?? null,
          }
        : { queued: 0, active: 0, failed: 0, lastCompletedAt: null, detail: 'queue unreachable' }),
    },
    time: new Date().toISOString(),
  };
}
