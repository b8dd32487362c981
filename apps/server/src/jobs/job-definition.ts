import type { Storage } from '@signlink/providers/storage/storage.port';
import type { z } from 'zod';
import type { Config } from '../config/config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { JobQueue } from './job-queue.ts';

/** Pino-compatible; Fastify's logger and `pino()` both fit. */
export interface JobLogger {
  debug(details: object, message?: string): void;
  info(details: object, message?: string): void;
  warn(details: object, message?: string): void;
  error(details: object, message?: string): void;
}

/** For queues that only enqueue or report (tests, benchmarks): nothing of theirs is worth a log line. */
export const silentJobLogger: JobLogger = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * The process's configuration and ports, for handlers that reach outside the database. A module whose jobs need a
 * port of its own adds it to this interface where the port is declared (`declare module '…/jobs/job-definition.ts'`,
 * as Fastify's decorators are declared): jobs/ sits below the modules and never imports one.
 */
export interface JobServices {
  config: Config;
  /** The queue the job runs on, for handlers that enqueue follow-up work. */
  queue: JobQueue;
  storage: Storage;
}

/** What every handler may use; later issues add their ports (storage, PDF pool…) to JobServices. */
export interface JobContext {
  database: DatabaseHandle;
  logger: JobLogger;
  /** Throws when the queue was created without services (queues that only enqueue: tests, benchmarks). */
  services: JobServices;
}

/** One run of a job, as its handler sees it. */
export interface JobRun<Data> {
  data: Data;
  jobId: string;
  /** 1 on the first run; a run after a crashed worker's expiry counts as a retry too. */
  attempt: number;
  /** No retry follows if this run fails: the place to record a give-up. */
  isLastAttempt: boolean;
  context: JobContext;
}

export interface JobRetry {
  /** Retries after the first run (0: run once). */
  limit: number;
  /** Delay before a retry; with backoff it doubles per attempt, with jitter (pg-boss: delay·2^n/2·(1+random)). */
  delaySeconds: number;
  backoff: boolean;
}

/** Job data travels as JSON (pg-boss's `data` column is jsonb), so a schema describes a JSON object. */
export type ZJobData = z.ZodType<Record<string, unknown>>;

/**
 * A job, habit 6 of STYLE: `{ id, schema, handler }`. Handlers are idempotent and skip what is
 * already done, because a job may run more than once (retries, a worker dying after its side effect
 * but before it reported completion).
 */
export interface JobDefinition<S extends ZJobData = ZJobData> {
  /** Also the pg-boss queue name: `<area>.<name>`, e.g. `system.heartbeat`. */
  id: string;
  schema: S;
  // Method syntax on purpose: a list of definitions with different data types stays assignable.
  handler(run: JobRun<z.output<S>>): Promise<void>;
  retry: JobRetry;
  /**
   * How long a run may take. Past it the run counts as failed: in-process pg-boss gives up on the
   * handler, and if the worker died, maintenance moves the job back to the queue for another worker.
   */
  expireInSeconds: number;
  /** Runs of this job at once per worker process; defaults to the queue's concurrency. */
  concurrency?: number;
}

/** What `enqueue` accepts for a definition. */
export type JobInput<D> = D extends JobDefinition<infer S> ? z.input<S> : never;

export const defaultRetry: JobRetry = { limit: 5, delaySeconds: 10, backoff: true };
export const defaultExpireInSeconds = 5 * 60;

interface DefineJobInput<S extends ZJobData> {
  id: string;
  schema: S;
  handler(run: JobRun<z.output<S>>): Promise<void>;
  retry?: Partial<JobRetry>;
  expireInSeconds?: number;
  concurrency?: number;
}

/** Declares a job; defaults: 5 retries from 10 s with backoff (about 10 min in all), 5 min to run. */
export function defineJob<S extends ZJobData>(input: DefineJobInput<S>): JobDefinition<S> {
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(input.id)) {
    throw new Error(`Job id "${input.id}" must read <area>.<name> in lower-case kebab parts`);
  }
  const retry = { ...defaultRetry, ...input.retry };
  if (!Number.isInteger(retry.limit) || retry.limit < 0) throw new Error(`${input.id}: retry.limit must be >= 0`);
  if (!Number.isInteger(retry.delaySeconds) || retry.delaySeconds < 0) {
    throw new Error(`${input.id}: retry.delaySeconds must be a whole number >= 0`);
  }
  const expireInSeconds = input.expireInSeconds ?? defaultExpireInSeconds;
  // pg-boss refuses expirations under 1 s or of 24 h and more.
  if (!Number.isInteger(expireInSeconds) || expireInSeconds < 1 || expireInSeconds >= 24 * 3600) {
    throw new Error(`${input.id}: expireInSeconds must be a whole number from 1 to 86399`);
  }
  if (input.concurrency !== undefined && (!Number.isInteger(input.concurrency) || input.concurrency < 1)) {
    throw new Error(`${input.id}: concurrency must be a whole number >= 1`);
  }
  return {
    id: input.id,
    schema: input.schema,
    handler: input.handler,
    retry,
    expireInSeconds,
    ...(input.concurrency === undefined ? {} : { concurrency: input.concurrency }),
  };
}

/** A cron schedule for a job (pg-boss `schedule`, minute resolution, fired by maintaining processes). */
export interface JobSchedule {
  job: JobDefinition;
  /** Five fields, e.g. `0 3 * * *` (03:00 daily). */
  cron: string;
  data: Record<string, unknown>;
  /** IANA zone the cron is read in; UTC by default. */
  timezone?: string;
}

/**
 * A check each worker process runs every few seconds, for work a minute of cron would leave waiting (webhook
 * deliveries the history outbox wrote). It only reads and enqueues, with idempotency keys, so several workers
 * polling at once make one job per piece of work, and an idle poll writes nothing.
 */
export interface JobPoller {
  name: string;
  everySeconds: number;
  poll(deps: { database: DatabaseHandle; queue: JobQueue }): Promise<unknown>;
}

/** Declares a schedule with data checked against the job's type. */
export function defineSchedule<S extends ZJobData>(input: {
  job: JobDefinition<S>;
  cron: string;
  data: z.input<S>;
  timezone?: string;
}): JobSchedule {
  return input as unknown as JobSchedule;
}

/**
 * Thrown by a handler when trying again cannot help (a target that no longer exists, data the
 * handler refuses): the job ends failed without using its remaining retries.
 */
export class PermanentJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}
