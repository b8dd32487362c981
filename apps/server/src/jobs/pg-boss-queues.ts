import type PgBoss from 'pg-boss';
import type { JobDefinition } from './job-definition.ts';

/** A definition's retry and expiry settings in pg-boss's terms, for its queue and for each job sent. */
export function queueOptionsOf(definition: JobDefinition) {
  return {
    retryLimit: definition.retry.limit,
    retryDelay: definition.retry.delaySeconds,
    retryBackoff: definition.retry.backoff,
    expireInSeconds: definition.expireInSeconds,
  };
}

/**
 * Creates the queue of each definition, or updates its settings when it exists (pg-boss's
 * createQueue leaves an existing one as it was).
 *
 * Quirk (PostgreSQL): two processes creating the same new queue at once deadlock inside pg-boss's
 * `create_queue` (one holds the new queue row and attaches its partition, whose foreign key locks the
 * queue table; the other's insert of the same row holds that table and waits on the row). PostgreSQL
 * aborts one of them; its work was rolled back, so it tries again and finds the queue there.
 */
export async function ensureQueues({ boss, definitions }: { boss: PgBoss; definitions: readonly JobDefinition[] }) {
  for (const definition of definitions) {
    const options = { name: definition.id, policy: 'standard' as const, ...queueOptionsOf(definition) };
    await retryOnDeadlock(() => boss.createQueue(definition.id, options));
    await retryOnDeadlock(() => boss.updateQueue(definition.id, options));
  }
}

const deadlockDetected = '40P01';

async function retryOnDeadlock(work: () => Promise<void>, attempts = 5): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if ((error as { code?: string }).code !== deadlockDetected || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80 * attempt));
    }
  }
}
