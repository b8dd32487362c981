import type { JobSchedule } from './job-definition.ts';
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
}: {
  queue: JobQueue;
  schedules: readonly JobSchedule[];
}): Promise<StopWorkers> {
  await queue.start();
  await queue.syncSchedules(schedules);
  await queue.work();
  return (input) => queue.stop(input);
}
