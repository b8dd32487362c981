import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config/config.ts';
import type { Database, DatabaseHandle, DatabaseSession } from './database.ts';
import { runPreparedPglite } from './prepared-pglite.ts';
import * as schema from './schema/index.ts';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseOptions =
  | Config['database']
  | { driver: 'pglite'; dataDir?: undefined; loadDataDir?: Blob }
  | { driver: 'pglite-instance'; client: PGlite };

/** PGlite for the embedded default (a folder, or memory when no folder is given), node-postgres for DATABASE_URL. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.driver === 'postgres') return openPostgres(options.url, options.poolSize);
  let client: PGlite;
  if (options.driver === 'pglite-instance') {
    client = options.client;
  } else if (options.dataDir) {
    await fs.mkdir(path.dirname(options.dataDir), { recursive: true });
    client = await PGlite.create({ dataDir: options.dataDir });
  } else {
    const loadDataDir = 'loadDataDir' in options ? options.loadDataDir : undefined;
    client = await PGlite.create(loadDataDir ? { loadDataDir } : {});
  }
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    driver: 'pglite',
    db,
    executeSql: (text, values) => runPglite(client, text, values),
    runExclusive: (_name, work) => work(),
    runPrepared: (statement, values) => runPreparedPglite(client, statement, values),
    openSession: async () => ({
      executeSql: (text, values) => runPglite(client, text, values),
      // The connection is the process's own memory: it ends with the process.
      onLost: () => {},
      close: async () => {},
    }),
    close: () => client.close(),
  };
}

/**
 * pg-boss sends multi-statement scripts without parameters (its migrations, `BEGIN; …; COMMIT`),
 * which PGlite only accepts through `exec`; parameterised statements go through `query`.
 */
async function runPglite(client: PGlite, text: string, values?: unknown[]) {
  if (values && values.length > 0) {
    const result = await client.query<Record<string, unknown>>(text, values);
    return { rows: result.rows };
  }
  const results = await client.exec(text);
  return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 });
  // A pooled client that errors while idle must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePostgres({ client: pool, schema }) as unknown as Database;
  return {
    driver: 'postgres',
    db,
    executeSql: async (text, values) => {
      // A multi-statement script answers with one result per statement; the last is the answer.
      const result: pg.QueryResult | pg.QueryResult[] = await pool.query(text, values ?? []);
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: last?.rows ?? [] };
    },
    async runExclusive(name, work) {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock(hashtext($1))', [`signlink:${name}`]);
        return await work();
      } finally {
        await lockClient.query('select pg_advisory_unlock(hashtext($1))', [`signlink:${name}`]).catch(() => {});
        lockClient.release();
      }
    },
    runPrepared: async (statement, values) => (await pool.query({ ...statement, values })).rows,
    openSession: () => openPostgresSession(url),
    close: () => pool.end(),
  };
}

async function openPostgresSession(url: string): Promise<DatabaseSession> {
  // Keepalives let both ends notice a vanished peer within about a minute rather than hours of silence.
  const client = new pg.Client({ connectionString: url, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
  let isClosing = false;
  const listeners: ((error: Error) => void)[] = [];
  const lose = (error: Error) => {
    if (isClosing) return;
    isClosing = true;
    for (const listener of listeners.splice(0)) listener(error);
  };
  client.on('error', lose);
  client.on('end', () => lose(new Error('the database ended the connection')));
  await client.connect();
  return {
    executeSql: async (text, values) => ({ rows: (await client.query(text, values ?? [])).rows }),
    onLost: (listener) => {
      listeners.push(listener);
    },
    async close() {
      isClosing = true;
      await client.end().catch(() => {});
    },
  };
}

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.driver === 'pglite') {
    await migratePglite(handle.db as never, { migrationsFolder });
  } else {
    await migratePostgres(handle.db as never, { migrationsFolder });
  }
}
