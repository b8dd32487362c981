import type { DatabaseHandle } from '../db/database.ts';
import type { JobLogger, JobPoller, JobSchedule } from './job-definition.ts';
import type { JobQueue } from './job-queue.ts';

export type StopWorkers = (input?: { graceful?: boolean; timeoutSeconds?: number }) => Promise<void>;

/**
 * The worker role (ROLES includes 'worker'): starts the queue, makes the database's cron schedules
 * match `schedules`, and starts the workers. Returns the stop to await on shutdown, before the
 * database closes. The queue should be created with `isMaintainer: true` (the default).
 */
export async function runWorkers({
  queue,
  schedules,
  pollers = [],
  database,
  logger,
}: {
  queue: JobQueue;
  schedules: readonly JobSchedule[];
  pollers?: readonly JobPoller[];
  database?: DatabaseHandle;
  logger?: JobLogger;
}): Promise<StopWorkers> {
  await queue.start();
  await queue.syncSchedules(schedules);
  await queue.work();
  const timers = database ? pollers.map((poller) => startPoller({ queue, database, logger }, poller)) : [];
  return (input) => {
    for (const timer of timers) clearInterval(timer);
    return queue.stop(input);
  };
}

function startPoller(
  deps: { queue: JobQueue; database: DatabaseHandle; logger: JobLogger | undefined },
  poller: JobPoller,
) {
  let running = false;
  const timer = setInterval(() => {
    // A slow poll is never overlapped by the next; a failed one (the database busy, the queue stopping) is only
    // logged, and the next tick tries again.
    if (running) return;
    running = true;
    poller
      .poll(deps)
      .catch((error: unknown) => deps.logger?.warn({ err: error, poller: poller.name }, 'poll failed'))
      .finally(() => {
        running = false;
      });
  }, poller.everySeconds * 1000);
  timer.unref();
  return timer;
}
