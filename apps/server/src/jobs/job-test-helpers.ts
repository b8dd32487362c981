import PgBoss from 'pg-boss';
import type { TestDatabase } from '../../test/test-database.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { openDatabase } from '../db/open-database.ts';
import type { JobDefinition, JobLogger } from './job-definition.ts';
import { type CreateJobQueueInput, createJobQueue, type JobQueue, pgBossSchema } from './job-queue.ts';
import type { JobQueueStats } from './job-queue-stats.ts';
import { createPgBossDb } from './pg-boss-db.ts';

export interface LogEntry {
  level: 'debug' | 'info' | 'warn' | 'error';
  details: object;
  message?: string;
}

/** A logger that keeps what it was told, for assertions. */
export function createMemoryLogger(): JobLogger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const log = (level: LogEntry['level']) => (details: object, message?: string) => {
    entries.push({ level, details, ...(message === undefined ? {} : { message }) });
  };
  return { entries, debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Nothing queued (retries included) and nothing running: every job there is has had its last run. What a test
 * waits for before it says that something did not happen, rather than for a time.
 */
export const isIdle = (stats: Pick<JobQueueStats, 'queued' | 'active'>) => stats.queued === 0 && stats.active === 0;

export async function waitFor(isDone: () => boolean | Promise<boolean>, { timeoutMs = 10_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (!(await isDone())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(25);
  }
}

/**
 * Queues for one test file, stopped after each test. Fast polling; no maintenance or cron unless a
 * test asks (they add timers and statements that the test does not look at).
 */
export function createQueueFactory(database: () => DatabaseHandle) {
  const open: JobQueue[] = [];
  return {
    async start(definitions: JobDefinition[], options: Partial<CreateJobQueueInput> = {}) {
      const queue = createJobQueue({
        database: database(),
        definitions,
        logger: createMemoryLogger(),
        concurrency: 2,
        pollingIntervalSeconds: 0.5,
        isMaintainer: false,
        ...options,
      });
      open.push(queue);
      await queue.start();
      return queue;
    },
    async stopAll() {
      await Promise.all(open.splice(0).map((queue) => queue.stop({ graceful: false, timeoutSeconds: 5 })));
    },
  };
}

/**
 * Another process's view of the test database: its own pool on PostgreSQL; on PGlite, which has
 * one connection in one process, the same handle.
 */
export async function openSecondConnection(database: TestDatabase): Promise<DatabaseHandle> {
  if (database.driver === 'pglite' || !database.url) return { ...database, close: async () => {} };
  return openDatabase({ driver: 'postgres', url: database.url, poolSize: 5 });
}

/** A bare pg-boss on an existing schema: what another worker process does, step by step. */
export async function openBareBoss(database: DatabaseHandle): Promise<PgBoss> {
  const boss = new PgBoss({
    db: createPgBossDb({ database }),
    schema: pgBossSchema,
    supervise: false,
    schedule: false,
    migrate: false,
  });
  boss.on('error', () => {});
  return boss.start();
}

export async function jobRow(database: DatabaseHandle, id: string) {
  const { rows } = await database.executeSql(
    `SELECT state, retry_count AS "retryCount" FROM ${pgBossSchema}.job WHERE id = $1`,
    [id],
  );
  return rows[0] as { state: string; retryCount: number } | undefined;
}
