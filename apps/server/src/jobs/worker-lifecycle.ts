import type PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/database.ts';
import { giveBackAbandonedJobs } from './abandoned-jobs.ts';
import type { JobLogger } from './job-definition.ts';
import { registerWorker } from './worker-registry.ts';

export interface WorkerLifecycle {
  /** What this process's fetches record as the holder of the jobs they take. */
  workerId: number;
  /** Stops the sweeps; after the queue gave back or finished its jobs, `unregister` removes the worker. */
  stopSweeps(): Promise<void>;
  unregister(): Promise<void>;
}

export interface StartWorkerLifecycleInput {
  database: DatabaseHandle;
  boss: PgBoss;
  names: readonly string[];
  logger: JobLogger;
  intervalSeconds: number;
  /** The lock connection ended: stop taking jobs, others run them now. */
  onLost: (error: Error) => void;
}

/**
 * A working queue's life as a worker: registered (worker-registry.ts), it gives back dead workers' jobs at once,
 * then every `intervalSeconds`, and with each sweep shows it is alive on its lock connection.
 */
export async function startWorkerLifecycle(input: StartWorkerLifecycleInput): Promise<WorkerLifecycle> {
  const { database, boss, names, logger } = input;
  let timer: NodeJS.Timeout | undefined;
  let isEnded = false;
  const lose = (error: Error) => {
    if (isEnded) return;
    isEnded = true;
    clearTimeout(timer);
    logger.error({ err: error }, 'job worker lost its lock connection; its jobs go to other workers');
    input.onLost(error);
  };
  const registration = await registerWorker({ database, onLost: lose });

  async function sweep() {
    try {
      await registration.heartbeat();
    } catch (error) {
      return lose(error as Error);
    }
    await giveBackAbandonedJobs({ database, boss, names, logger }).catch((error: unknown) =>
      logger.error({ err: error }, 'giving back abandoned jobs failed'),
    );
  }
  let running = sweep();
  await running;
  const schedule = () => {
    timer = setTimeout(() => {
      running = sweep().then(() => {
        if (!isEnded) schedule();
      });
    }, input.intervalSeconds * 1000);
  };
  schedule();

  return {
    workerId: registration.id,
    async stopSweeps() {
      const wasLost = isEnded;
      isEnded = true;
      clearTimeout(timer);
      await running;
      isEnded = wasLost;
    },
    async unregister() {
      // A lost worker's row is for the others to remove, once they have its jobs.
      if (isEnded) return;
      isEnded = true;
      await registration.unregister().catch((error: unknown) => logger.error({ err: error }, 'unregistering failed'));
    },
  };
}
