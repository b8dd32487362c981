import os from 'node:os';
import type { DatabaseHandle } from '../db/database.ts';

/**
 * The first key of the two-key advisory locks that say "worker N is alive" (the second is N). Any fixed number
 * works; this one keeps them apart from `runExclusive`'s one-key locks.
 */
export const workerLockSpace = 0x5e1f;

/**
 * The workers whose process is alive: those whose lock some session of this database holds. pg_locks shows every
 * session's locks to any role, and PostgreSQL drops a session's locks the moment its connection ends.
 */
export const liveWorkersSql = `
  SELECT l.objid::bigint AS id FROM pg_locks l
  WHERE l.locktype = 'advisory' AND l.granted AND l.classid = ${workerLockSpace} AND l.objsubid = 2
    AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`;

// The lock is taken in the statement that creates the row, so no sweep ever sees the row without its lock.
const registerSql = `
  WITH worker AS (INSERT INTO job_workers (host, pid) VALUES ($1, $2) RETURNING id)
  SELECT id, pg_advisory_lock(${workerLockSpace}, id) FROM worker`;

const heartbeatSql = 'UPDATE job_workers SET last_seen_at = now() WHERE id = $1 RETURNING id';
const unregisterSql = `DELETE FROM job_workers WHERE id = $1`;
const unlockSql = `SELECT pg_advisory_unlock(${workerLockSpace}, $1)`;

export interface WorkerRegistration {
  id: number;
  /** Marks the worker seen, on its own connection; fails if the connection or the row is gone. */
  heartbeat(): Promise<void>;
  /** The process stops working: its row (and its job holds) go, its lock is released. */
  unregister(): Promise<void>;
}

/**
 * Registers this process as a job worker: a row for people (host, pid, last seen) and, on a connection of its
 * own, the advisory lock that tells other workers it is alive. `onLost` hears of that connection's end: from then
 * on other workers take over this one's jobs, so the process must stop running them.
 */
export async function registerWorker({
  database,
  onLost,
}: {
  database: DatabaseHandle;
  onLost: (error: Error) => void;
}): Promise<WorkerRegistration> {
  const session = await database.openSession();
  let id: number;
  try {
    const { rows } = await session.executeSql(registerSql, [os.hostname(), process.pid]);
    id = Number(rows[0]?.id);
  } catch (error) {
    await session.close();
    throw error;
  }
  session.onLost(onLost);
  return {
    id,
    async heartbeat() {
      const { rows } = await session.executeSql(heartbeatSql, [id]);
      if (rows.length === 0) throw new Error(`job worker ${id} was unregistered by another process`);
    },
    async unregister() {
      try {
        await session.executeSql(unregisterSql, [id]);
        // On PGlite the session is the process's one connection, which outlives this worker.
        await session.executeSql(unlockSql, [id]);
      } finally {
        await session.close();
      }
    },
  };
}
