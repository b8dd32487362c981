import type { Storage } from '@signlink/providers/storage/storage.port';
import type { Config } from './config/config.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { JobQueue } from './jobs/job-queue.ts';

/** What the process opened at start-up, handed to routes and services (no module reads globals). */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  storage: Storage;
  queue: JobQueue;
}

declare module 'fastify' {
  interface FastifyInstance {
    context: AppContext;
  }
}
