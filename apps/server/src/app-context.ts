import type { Storage } from '@signlink/providers/storage/storage.port';
import type { Config } from './config/config.ts';
import type { DatabaseHandle } from './db/database.ts';

export interface QueueStatus {
  stats(): Promise<{ queued: number; active: number; failed: number }>;
}

/** What the process opened at start-up, handed to routes and services (no module reads globals). */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  storage: Storage;
  queue?: QueueStatus;
}

declare module 'fastify' {
  interface FastifyInstance {
    context: AppContext;
  }
}
