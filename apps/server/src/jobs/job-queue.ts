import PgBoss from 'pg-boss';
import { z } from 'zod';
import { type DatabaseHandle, executeSqlIn, type Transaction } from '../db/database.ts';
import { giveBackAllActiveJobs, recordHolderInFetch } from './abandoned-jobs.ts';
import {
  type JobContext,
  type JobDefinition,
  type JobLogger,
  type JobSchedule,
  type JobServices,
  PermanentJobError,
  type ZJobData,
} from './job-definition.ts';
import { uuidFromKey, waitUntil } from './job-queue-helpers.ts';
import { countJobs, type JobQueueStats } from './job-queue-stats.ts';
import { createPgBossDb } from './pg-boss-db.ts';
import { ensureQueues, queueOptionsOf } from './pg-boss-queues.ts';
import { startWorkerLifecycle, type WorkerLifecycle } from './worker-lifecycle.ts';

/** pg-boss's tables live in their own schema, created and migrated by pg-boss at `start()`. */
export const pgBossSchema = 'pgboss';

export interface EnqueueInput<S extends ZJobData> {
  job: JobDefinition<S>;
  data: z.input<S>;
  /** Insert on this transaction's connection: the job exists only if the caller's change commits (outbox). */
  tx?: Transaction;
  /** A second enqueue with the same key for the same job is dropped while the first is kept (14 days, or 12 h after it completed). */
  idempotencyKey?: string;
  /** A time, or seconds from now. */
  startAfter?: Date | number;
}

export interface JobQueue {
  /** Installs or migrates pg-boss's schema and creates or updates a queue per definition. Idempotent. */
  start(): Promise<void>;
  /**
   * Validates `data` with the job's schema, then inserts the job. Returns its id, or null when the
   * idempotency key was already used. On PGlite, inside a transaction pass `tx`: PGlite has one
   * connection, so an enqueue without it waits for the transaction to end, which waits for it.
   */
  enqueue<S extends ZJobData>(input: EnqueueInput<S>): Promise<string | null>;
  /**
   * Registers this process as a worker, gives back the jobs of workers that died, and starts polling workers for
   * every definition. From then on it looks for dead workers' jobs every `recoveryIntervalSeconds`.
   */
  work(): Promise<void>;
  /**
   * Makes the database's cron schedules (pg-boss `schedule`, one per job) exactly these: each is
   * created or replaced, any other is removed, so a schedule deleted from the code stops firing.
   */
  syncSchedules(schedules: readonly JobSchedule[]): Promise<void>;
  /** Counts across our queues in one query, for the health route. */
  stats(): Promise<JobQueueStats>;
  /**
   * Fails every job still marked active, so each is retried now (or ends failed when out of retries)
   * instead of after its expiry. Only for a process that knows no other worker can be running them: on
   * PGlite the data-folder lock guarantees it, and an active job there was left by a process that died.
   * Returns how many it gave back.
   */
  recoverOrphans(): Promise<number>;
  /**
   * Graceful: stop fetching, wait up to `timeoutSeconds` for running handlers, fail what is still
   * running (it is retried). Not graceful: fail running jobs at once (they are retried, possibly while
   * the abandoned handler still runs: handlers are idempotent) and return.
   */
  stop(input?: { graceful?: boolean; timeoutSeconds?: number }): Promise<void>;
}

export interface CreateJobQueueInput {
  database: DatabaseHandle;
  definitions: readonly JobDefinition[];
  logger: JobLogger;
  /** Runs of each job at once in this process (a definition may ask for fewer). */
  concurrency: number;
  /**
   * This process runs pg-boss maintenance (moves jobs of dead workers back to the queue once they
   * expire, archives old jobs) and fires cron schedules. True for worker processes; every maintainer
   * may run it, pg-boss lets one per interval do the work. Default true.
   */
  isMaintainer?: boolean;
  /** Config and ports for handlers that need them (messaging…); a queue that only enqueues leaves it out. */
  services?: JobServices | ((queue: JobQueue) => JobServices);
  /** How often an idle worker asks for a job; pg-boss's minimum is 0.5. Default 2. */
  pollingIntervalSeconds?: number;
  /** How often maintenance runs, so at most how late a job past its expiry is picked up again. Default 60. */
  maintenanceIntervalSeconds?: number;
  /**
   * How often a working queue gives back the jobs of workers that died (their lock is free). With the time a
   * restarted worker takes to start, it bounds how long a crash delays a job. Default 15.
   */
  recoveryIntervalSeconds?: number;
  /**
   * Called when this worker's lock connection ends: other workers now take over its jobs, so the process should
   * end too (main.ts exits). Either way the queue stops taking jobs.
   */
  onWorkerLost?: (error: Error) => void;
}

const deleteOtherSchedulesSql = `DELETE FROM ${pgBossSchema}.schedule WHERE NOT (name = ANY($1::text[]))`;

// pg-boss retries while retry_count < retry_limit; closing the gap makes its `fail` final.
const endRetriesSql = `UPDATE ${pgBossSchema}.job SET retry_limit = retry_count WHERE name = $1 AND id = $2 AND state = 'active'`;

/**
 * The queue of ARCHITECTURE "Background work", on pg-boss over our own database handle, so it runs
 * on PGlite as on PostgreSQL. pg-boss fetches with `SELECT … FOR UPDATE SKIP LOCKED` in one
 * statement that also marks the job active, so any number of worker processes (ROLES=worker) share
 * a queue and never take the same job; on PGlite the one connection serialises fetches.
 */
export function createJobQueue(input: CreateJobQueueInput): JobQueue {
  const { database, definitions, logger, concurrency } = input;
  const isMaintainer = input.isMaintainer ?? true;
  const byId = new Map<string, JobDefinition>();
  for (const definition of definitions) {
    if (byId.has(definition.id)) throw new Error(`Job "${definition.id}" is defined twice`);
    byId.set(definition.id, definition);
  }
  let worker: WorkerLifecycle | undefined;
  // Every fetch of this process's workers records which worker holds the job (abandoned-jobs.ts).
  const bossDb = createPgBossDb({
    database,
    rewrite: (text) => (worker ? recordHolderInFetch(text, worker.workerId) : text),
  });
  const boss = new PgBoss({
    db: bossDb,
    schema: pgBossSchema,
    supervise: isMaintainer,
    schedule: isMaintainer,
    maintenanceIntervalSeconds: input.maintenanceIntervalSeconds ?? 60,
    pollingIntervalSeconds: input.pollingIntervalSeconds ?? 2,
    // Failed jobs stay countable (and inspectable) for a week; completed ones are archived after 12 h.
    archiveFailedAfterSeconds: 7 * 24 * 3600,
  });
  // An EventEmitter 'error' without a listener would crash the process.
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));

  let services: JobServices | undefined;
  const context: JobContext = {
    database,
    logger,
    get services(): JobServices {
      if (!services) throw new Error('This job queue was created without services; pass them to createJobQueue');
      return services;
    },
  };
  const workerIds = new Map<string, string[]>();
  let state: 'created' | 'starting' | 'started' | 'stopped' = 'created';
  let starting: Promise<void> | undefined;
  let handlersRunning = 0;
  const names = [...byId.keys()];
  let working: Promise<void> | undefined;

  function assertStarted() {
    if (state !== 'started') throw new Error(`The job queue is ${state}; call start() first`);
  }

  function definitionOf(job: JobDefinition): JobDefinition {
    const definition = byId.get(job.id);
    if (!definition) throw new Error(`Job "${job.id}" is not registered with this queue`);
    return definition;
  }

  async function runJob(definition: JobDefinition, job: PgBoss.JobWithMetadata<Record<string, unknown>>) {
    handlersRunning += 1;
    const attempt = job.retryCount + 1;
    const isLastAttempt = job.retryCount >= job.retryLimit;
    const details = { job: definition.id, jobId: job.id, attempt };
    try {
      const parsed = definition.schema.safeParse(job.data);
      if (!parsed.success) {
        throw new PermanentJobError(`Invalid data for ${definition.id}: ${z.prettifyError(parsed.error)}`);
      }
      await definition.handler({ data: parsed.data, jobId: job.id, attempt, isLastAttempt, context });
    } catch (error) {
      const isPermanent = error instanceof PermanentJobError;
      if (isPermanent && !isLastAttempt) await bossDb.executeSql(endRetriesSql, [definition.id, job.id]);
      const isFinal = isPermanent || isLastAttempt;
      logger[isFinal ? 'error' : 'warn']({ ...details, err: error }, isFinal ? 'job failed' : 'job failed, will retry');
      throw error;
    } finally {
      handlersRunning -= 1;
    }
  }

  async function startWorking() {
    worker = await startWorkerLifecycle({
      database,
      boss,
      names,
      logger,
      intervalSeconds: input.recoveryIntervalSeconds ?? 15,
      onLost: (error) => {
        for (const definition of definitions) void boss.offWork(definition.id).catch(() => {});
        input.onWorkerLost?.(error);
      },
    });
    for (const definition of definitions) {
      const ids: string[] = [];
      // One pg-boss worker takes one job at a time (batchSize 1), so each job completes, retries and
      // expires on its own; concurrency is that many workers polling the queue.
      for (let i = 0; i < (definition.concurrency ?? concurrency); i += 1) {
        let id = '';
        id = await boss.work<Record<string, unknown>>(
          definition.id,
          { includeMetadata: true, batchSize: 1 },
          async ([job]) => {
            if (!job) return;
            try {
              await runJob(definition, job);
            } finally {
              // pg-boss waits a polling interval after every fetch, even a fruitful one: one job per
              // worker per interval (2 msgs/s for 4 workers at 2 s). After a job, fetch again at once;
              // only an empty fetch waits.
              boss.notifyWorker(id);
            }
          },
        );
        ids.push(id);
      }
      workerIds.set(definition.id, ids);
    }
  }

  async function createQueues() {
    await boss.start();
    await ensureQueues({ boss, definitions });
  }

  const queue: JobQueue = {
    async start() {
      if (state === 'started') return;
      if (state === 'stopped') throw new Error('The job queue was stopped; create a new one');
      if (!starting) {
        state = 'starting';
        starting = createQueues().catch((error: unknown) => {
          state = 'created';
          starting = undefined;
          throw error;
        });
      }
      await starting;
      if (state === 'starting') state = 'started';
    },

    async enqueue({ job, data, tx, idempotencyKey, startAfter }) {
      assertStarted();
      const definition = definitionOf(job);
      const parsed = definition.schema.safeParse(data);
      if (!parsed.success) {
        throw new Error(`Invalid data for job ${job.id}: ${z.prettifyError(parsed.error)}`, { cause: parsed.error });
      }
      const options: PgBoss.SendOptions = {
        ...sendOptionsOf(definition),
        ...(idempotencyKey === undefined ? {} : { id: uuidFromKey(`${job.id}\n${idempotencyKey}`) }),
        ...(startAfter === undefined ? {} : { startAfter }),
        ...(tx ? { db: { executeSql: executeSqlIn(tx) } } : {}),
      };
      const id = await boss.send(job.id, parsed.data, options);
      // A worker of this process fetches at once instead of at its next poll (not for `tx`: not committed yet).
      const workerId = workerIds.get(job.id)?.[0];
      if (id && !tx && startAfter === undefined && workerId) boss.notifyWorker(workerId);
      return id;
    },

    async work() {
      assertStarted();
      // Once per queue, however many callers ask at once.
      working ??= startWorking();
      await working;
    },

    async syncSchedules(schedules) {
      assertStarted();
      const names = schedules.map((schedule) => definitionOf(schedule.job).id);
      if (new Set(names).size !== names.length) throw new Error('A job can have one schedule');
      for (const { job, cron, data, timezone } of schedules) {
        const definition = definitionOf(job);
        const parsed = definition.schema.parse(data);
        await boss.schedule(definition.id, cron, parsed, { tz: timezone ?? 'UTC', ...sendOptionsOf(definition) });
      }
      await bossDb.executeSql(deleteOtherSchedulesSql, [names]);
    },

    async recoverOrphans() {
      assertStarted();
      return giveBackAllActiveJobs({ database, boss, names, logger });
    },

    stats() {
      return countJobs({ database, names });
    },

    async stop({ graceful = true, timeoutSeconds = 30 } = {}) {
      if (state === 'stopped') return;
      const wasStarting = starting;
      state = 'stopped';
      await wasStarting?.catch(() => {});
      await working?.catch(() => {});
      await worker?.stopSweeps();
      const deadline = Date.now() + timeoutSeconds * 1000;
      await boss.stop({ graceful, timeout: timeoutSeconds * 1000, wait: true, close: false });
      // pg-boss returns with a job's `complete` possibly still on the wire; wait for it (and, when
      // graceful, for handlers that outlived pg-boss's wait) so the caller may close the database.
      await waitUntil(() => bossDb.inFlight === 0 && (!graceful || handlersRunning === 0), deadline);
      bossDb.detach();
      // Its jobs are completed or given back by now.
      await worker?.unregister();
    },
  };
  services = typeof input.services === 'function' ? input.services(queue) : input.services;
  return queue;
}

// Sent with every job too, so a job carries its definition's settings whatever the queue row says.
const sendOptionsOf = queueOptionsOf;
