import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.ts';

/** What both drivers share: services and repositories see only this. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A drizzle transaction, as passed to `db.transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Raw positional SQL against the same connection or transaction: pg-boss and health checks speak it. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** A statement's name is its identity on a connection: one name, one text. */
export interface PreparedStatement {
  name: string;
  text: string;
}

/** A prepared statement's value: text, null, or a list of texts for a parameter cast `::text[]`. */
export type PreparedValue = string | null | readonly string[];

export interface DatabaseHandle {
  driver: 'pglite' | 'postgres';
  db: Database;
  executeSql: ExecuteSql;
  /**
   * Runs `work` while no other process runs work under the same name: a PostgreSQL advisory lock
   * held on its own connection (processes starting together must not migrate or seed twice). On
   * PGlite the data-folder lock already keeps every other process out.
   */
  runExclusive<T>(name: string, work: () => Promise<T>): Promise<T>;
  /**
   * A hot read as a named prepared statement: parsed and planned once per connection, then only bound and run.
   * Its columns must be json (returned parsed) or text, which both drivers return alike. Never inside a transaction:
   * it runs on its own (on PGlite it waits for the open transaction to end).
   */
  runPrepared(statement: PreparedStatement, values: PreparedValue[]): Promise<Record<string, unknown>[]>;
  /**
   * A connection of its own, outside the pool, for session state that must live exactly as long as this process
   * (a worker's advisory lock). On PGlite, the one connection.
   */
  openSession(): Promise<DatabaseSession>;
  close(): Promise<void>;
}

export interface DatabaseSession {
  executeSql: ExecuteSql;
  /** Calls `listener` once if the connection ends other than by `close()` (the server ended it, the network did). */
  onLost(listener: (error: Error) => void): void;
  close(): Promise<void>;
}

interface RawClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * The connection a drizzle transaction runs on. Drizzle keeps it on `tx.session.client` for both
 * drivers (a PGlite Transaction, a node-postgres PoolClient); we need it so a job can be enqueued
 * inside the caller's transaction (the outbox rule of ARCHITECTURE "Background work").
 */
export function executeSqlIn(tx: Transaction): ExecuteSql {
  const client = (tx as unknown as { session?: { client?: RawClient } }).session?.client;
  if (!client || typeof client.query !== 'function') {
    throw new Error('drizzle transaction does not expose its client; check the drizzle-orm version');
  }
  return async (text, values) => {
    const result = await client.query(text, values ?? []);
    return { rows: result.rows as Record<string, unknown>[] };
  };
}
