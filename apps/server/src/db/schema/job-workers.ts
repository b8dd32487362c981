import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per worker process while it runs (jobs/worker-registry.ts). The process also holds a session-level
 * advisory lock keyed by `id` on a connection of its own: PostgreSQL frees it the moment that connection dies
 * (kill -9, a lost host), so "the lock is free" is the proof that the worker is gone. `last_seen_at` is for people.
 */
export const jobWorkers = pgTable('job_workers', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Which worker holds each running job: written in the same statement that marks the pg-boss job active, so an
 * active job of ours always names its holder (pg-boss 10's job rows do not). Rows outlive their job run; a later
 * run of the job overwrites the row, and old rows are pruned.
 */
export const jobHolds = pgTable(
  'job_holds',
  {
    jobId: uuid('job_id').primaryKey(),
    workerId: integer('worker_id')
      .notNull()
      .references(() => jobWorkers.id, { onDelete: 'cascade' }),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('job_holds_worker_idx').on(table.workerId)],
);
