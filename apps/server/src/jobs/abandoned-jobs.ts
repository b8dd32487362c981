import type PgBoss from 'pg-boss';
import { type DatabaseHandle, type ExecuteSql, executeSqlIn } from '../db/database.ts';
import type { JobLogger } from './job-definition.ts';
import { liveWorkersSql } from './worker-registry.ts';

const pgBossSchema = 'pgboss';

// pg-boss 10's fetch (plans.fetchNextJob): the one statement that marks jobs active and returns them.
const pgBossFetch = /^\s*WITH next as \([\s\S]*FOR UPDATE SKIP LOCKED[\s\S]*SET\s+state = 'active'[\s\S]*RETURNING/;

/**
 * Rewrites pg-boss's fetch so that the statement which marks jobs active also records `workerId` as their holder:
 * both commit together, so no active job of ours is ever without its holder, not even for the instant between a
 * fetch and the handler's start. Other statements pass unchanged.
 */
export function recordHolderInFetch(text: string, workerId: number): string {
  if (!pgBossFetch.test(text)) return text;
  return `WITH fetched AS (${text}),
    held AS (
      INSERT INTO job_holds (job_id, worker_id) SELECT id, ${Math.trunc(workerId)} FROM fetched
      ON CONFLICT (job_id) DO UPDATE SET worker_id = excluded.worker_id, taken_at = now()
    )
    SELECT * FROM fetched`;
}

/**
 * Active jobs whose holder is gone: its worker's lock is free. The hold must be this run's (written by the fetch
 * that started it, so at the same `now()`); a job fetched by something that records no holder (a bare pg-boss, a
 * release from before holders) is left to its expiry, as we cannot tell whether that process lives. Locked,
 * skipping rows another sweep holds, so two workers never give back the same run twice.
 */
const abandonedSql = `
  WITH live AS (${liveWorkersSql})
  SELECT j.name, j.id FROM ${pgBossSchema}.job j
  JOIN job_holds h ON h.job_id = j.id AND h.taken_at = j.started_on
  WHERE j.state = 'active' AND j.name = ANY($1::text[]) AND h.worker_id NOT IN (SELECT id FROM live)
  FOR UPDATE OF j SKIP LOCKED`;

const activeSql = `SELECT name, id FROM ${pgBossSchema}.job WHERE state = 'active' AND name = ANY($1::text[])`;

// A crash is no failure of the job's: it runs again now rather than after its retry delay.
const retryNowSql = `UPDATE ${pgBossSchema}.job SET start_after = now() WHERE name = $1 AND id = ANY($2::uuid[]) AND state = 'retry'`;

// A dead worker's row goes once none of its jobs is still active (they were just given back, or it had none).
const forgetDeadWorkersSql = `
  WITH live AS (${liveWorkersSql})
  DELETE FROM job_workers w
  WHERE w.id NOT IN (SELECT id FROM live)
    AND NOT EXISTS (
      SELECT 1 FROM job_holds h JOIN ${pgBossSchema}.job j ON j.id = h.job_id AND j.state = 'active'
      WHERE h.worker_id = w.id)`;

// No job runs a day (pg-boss's expiry is under 24 h), so an older hold names a run that has ended.
const pruneHoldsSql = `DELETE FROM job_holds WHERE taken_at < now() - interval '1 day'`;

export interface GiveBackInput {
  database: DatabaseHandle;
  boss: PgBoss;
  /** Our job names: other queues' jobs are theirs to recover. */
  names: readonly string[];
  logger: JobLogger;
}

/**
 * Fails the abandoned jobs (see abandonedSql) so each runs again now, or ends failed when out of retries; then
 * forgets dead workers. Safe to run in any number of workers at once. Returns how many jobs it gave back.
 */
export async function giveBackAbandonedJobs(input: GiveBackInput): Promise<number> {
  const { database, names } = input;
  const count = await giveBack(input, (executeSql) => executeSql(abandonedSql, [names]));
  await database.executeSql(forgetDeadWorkersSql);
  await database.executeSql(pruneHoldsSql);
  return count;
}

/**
 * Fails every active job of ours at once. Only for a process that knows no other worker runs: on PGlite the
 * data-folder lock proves it.
 */
export async function giveBackAllActiveJobs(input: GiveBackInput): Promise<number> {
  return giveBack(input, (executeSql) => executeSql(activeSql, [input.names]));
}

async function giveBack(
  { database, boss, names, logger }: GiveBackInput,
  select: (executeSql: ExecuteSql) => Promise<{ rows: Record<string, unknown>[] }>,
): Promise<number> {
  if (names.length === 0) return 0;
  // One transaction: the rows stay locked from the choice to the fail, so nobody else's run is failed by mistake.
  const count = await database.db.transaction(async (tx) => {
    const executeSql = executeSqlIn(tx);
    const { rows } = await select(executeSql);
    const idsByName = new Map<string, string[]>();
    for (const row of rows as { name: string; id: string }[]) {
      idsByName.set(row.name, [...(idsByName.get(row.name) ?? []), row.id]);
    }
    for (const [name, ids] of idsByName) {
      // Quirk: pg-boss 10's types offer (name, ids, options) but it reads (name, ids, data, options), so the list
      // goes through the one-id overload that names `data`.
      await boss.fail(
        name,
        ids as unknown as string,
        { message: 'the worker running it stopped' },
        { db: { executeSql } },
      );
      await executeSql(retryNowSql, [name, ids]);
    }
    return rows.length;
  });
  if (count > 0) logger.warn({ jobs: count }, 'jobs left running by a stopped worker are retried');
  return count;
}
