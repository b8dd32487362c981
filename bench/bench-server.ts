import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { createStorage } from '@signlink/providers/storage/create-storage';
import type { Storage } from '@signlink/providers/storage/storage.port';
import { buildApp } from '@signlink/server/app';
import type { AppContext } from '@signlink/server/app-context';
import { loadConfig } from '@signlink/server/config/config';
import { createPublicUrls } from '@signlink/server/config/public-urls';
import type { DatabaseHandle } from '@signlink/server/db/database';
import { migrateDatabase, openDatabase } from '@signlink/server/db/open-database';
import { jobDefinitions } from '@signlink/server/job-catalog';
import { silentJobLogger } from '@signlink/server/jobs/job-definition';
import { createJobQueue } from '@signlink/server/jobs/job-queue';
import { startMessaging } from '@signlink/server/modules/messaging/start-messaging';
import { startSealing } from '@signlink/server/modules/sealing/start-sealing';
import { createUploadPdfPool } from '@signlink/server/pdf/pdf-pool';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';

/**
 * What the HTTP benches share: the database (PGlite, or PostgreSQL when DATABASE_URL is set), our whole app on it,
 * the two baselines started in the same process (a bare Fastify JSON route, and a bare Fastify route doing one
 * primary-key read through the same driver), and the load generator.
 */
export const benchSeconds = Number(process.env.BENCH_SECONDS ?? 8);
export const benchConnections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const databaseUrl = process.env.DATABASE_URL;
export const driverName = databaseUrl ? 'PostgreSQL' : 'PGlite';

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p99: number;
  errors: number;
}

export interface LoadRequest {
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  /** Paths to spread the requests over, one picked at random for each request (as many recipients open many links). */
  paths?: readonly string[];
}

const randomPathRequest = fileURLToPath(new URL('./random-path-request.cjs', import.meta.url));

export async function measureLoad(name: string, url: string, request: LoadRequest = {}): Promise<LoadResult> {
  const { paths, ...fixed } = request;
  // The load generator runs in a worker thread, which takes a request hook only as a file; the paths go by environment.
  if (paths) process.env.BENCH_REQUEST_PATHS = JSON.stringify(paths);
  const spread = paths ? { requests: [{ ...fixed, setupRequest: randomPathRequest }] } : {};
  const options = { url, connections: benchConnections, workers: 1, ...fixed, ...spread };
  // Warm up JIT, pools and caches so the first measured second is not the slowest.
  await autocannon({ ...options, duration: 1 });
  const result = await autocannon({ ...options, duration: benchSeconds });
  const errors = result.errors + result.timeouts + result.non2xx;
  return { name, requestsPerSecond: result.requests.average, p99: result.latency.p99, errors };
}

export async function listen(app: { listen(o: { port: number; host: string }): Promise<string> }): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

async function openBenchDatabase(): Promise<{
  handle: DatabaseHandle;
  primaryKeyRead: (id: string) => Promise<unknown>;
}> {
  if (databaseUrl) {
    const handle = await openDatabase({ driver: 'postgres', url: databaseUrl, poolSize: 10 });
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    return {
      handle,
      primaryKeyRead: async (id) => (await pool.query('select * from accounts where id = $1', [id])).rows[0],
    };
  }
  const client = await PGlite.create();
  const handle = await openDatabase({ driver: 'pglite-instance', client });
  return {
    handle,
    primaryKeyRead: async (id) => (await client.query('select * from accounts where id = $1', [id])).rows[0],
  };
}

/** Our app on a migrated bench database, with both baselines listening; `seed` runs before anything listens. */
export async function startBenchServers(
  seed: (handle: DatabaseHandle, storage: Storage) => Promise<{ accountId: string }>,
) {
  const { handle, primaryKeyRead } = await openBenchDatabase();
  await migrateDatabase(handle);
  const storage = createStorage({ driver: 'local', root: path.join(os.tmpdir(), 'signlink-bench-files') });
  const { accountId } = await seed(handle, storage);

  const bare = Fastify({ logger: false });
  bare.get('/json', async () => ({ status: 'ok' }));
  const bareUrl = await listen(bare);
  const bareDb = Fastify({ logger: false });
  bareDb.get('/account', async () => primaryKeyRead(accountId));
  const bareDbUrl = await listen(bareDb);

  // No simulators: the bench measures request handling, not the messaging stand-ins.
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SIMULATORS: 'off' });
  const { messaging } = await startMessaging({ config, publicUrls: createPublicUrls(config) });
  // The same queue as an API-only process: started, not working, so routes read and write real queue state.
  const queue = createJobQueue({
    database: handle,
    definitions: jobDefinitions,
    logger: silentJobLogger,
    concurrency: 1,
    isMaintainer: false,
  });
  await queue.start();
  const context: AppContext = {
    config,
    database: handle,
    storage,
    queue,
    messaging,
    bankId: { client: undefined, simulator: undefined },
    companyRegistry: { registry: undefined, simulator: undefined, stop: async () => {} },
    vatValidation: { validator: undefined, simulator: undefined, stop: async () => {} },
    payments: { provider: undefined, simulator: undefined },
    idVerification: { provider: undefined, simulator: undefined },
    assistantModel: { provider: undefined, simulator: undefined },
    pdf: createUploadPdfPool(config),
    sealing: await startSealing(config),
  };
  const ours = await buildApp({ context, webRoot: null });
  const oursUrl = await listen(ours);

  return {
    handle,
    config,
    storage,
    bareUrl,
    bareDbUrl,
    oursUrl,
    async close() {
      await Promise.all([bare.close(), bareDb.close(), ours.close()]);
      await queue.stop({ graceful: false });
      await handle.close();
    },
  };
}

export function printLoadTable(results: LoadResult[]) {
  console.table(
    results.map((r) => ({
      route: r.name,
      'req/s': Math.round(r.requestsPerSecond),
      'p99 ms': r.p99,
      errors: r.errors,
    })),
  );
  for (const r of results) if (r.errors > 0) console.log(`WARNING: ${r.errors} failed responses from ${r.name}`);
}
