/**
 * Throughput and p99 of a real /v2 read route against two baselines started in this same run:
 *   1. a bare Fastify JSON route (the framework floor), and
 *   2. a bare Fastify route doing one primary-key read through the same database driver
 *      (PGlite, or PostgreSQL when DATABASE_URL is set): the minimum a database-backed route costs.
 * Our route's throughput is printed as a ratio of each. The second ratio is the one to keep high.
 *
 *   npm run bench                     # PGlite
 *   DATABASE_URL=postgres://… npm run bench
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=50 npm run bench
 */

import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createStorage } from '@signlink/providers/storage/create-storage';
import { buildApp } from '@signlink/server/app';
import type { AppContext } from '@signlink/server/app-context';
import { loadConfig } from '@signlink/server/config/config';
import { createPublicUrls } from '@signlink/server/config/public-urls';
import type { DatabaseHandle } from '@signlink/server/db/database';
import { migrateDatabase, openDatabase } from '@signlink/server/db/open-database';
import { ensureDemoAccount } from '@signlink/server/db/seed/demo-account';
import { jobDefinitions } from '@signlink/server/jobs/job-catalog';
import { silentJobLogger } from '@signlink/server/jobs/job-definition';
import { createJobQueue } from '@signlink/server/jobs/job-queue';
import { createUploadPdfPool } from '@signlink/server/modules/documents/pdf-pool';
import { startMessaging } from '@signlink/server/modules/messaging/start-messaging';
import { startSealing } from '@signlink/server/modules/sealing/start-sealing';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const databaseUrl = process.env.DATABASE_URL;

interface Result {
  name: string;
  requestsPerSecond: number;
  p99: number;
  errors: number;
}

async function load(name: string, url: string): Promise<Result> {
  // Warm up JIT, pools and caches so the first measured second is not the slowest.
  // The load generator runs in its own thread, so it does not compete with the servers' event loop.
  await autocannon({ url, connections, duration: 1, workers: 1 });
  const result = await autocannon({ url, connections, duration: seconds, workers: 1 });
  const errors = result.errors + result.timeouts + result.non2xx;
  return { name, requestsPerSecond: result.requests.average, p99: result.latency.p99, errors };
}

async function listen(app: { listen(o: { port: number; host: string }): Promise<string> }): Promise<string> {
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

async function main() {
  const { handle, primaryKeyRead } = await openBenchDatabase();
  await migrateDatabase(handle);
  await ensureDemoAccount(handle.db);
  const { rows } = await handle.executeSql('select id from accounts limit 1');
  const accountId = String(rows[0]?.id);

  const bare = Fastify({ logger: false });
  bare.get('/json', async () => ({ status: 'ok' }));
  const bareUrl = await listen(bare);

  const bareDb = Fastify({ logger: false });
  bareDb.get('/account', async () => primaryKeyRead(accountId));
  const bareDbUrl = await listen(bareDb);

  // No simulators: the bench measures request handling, not the messaging stand-ins.
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SIMULATORS: 'off' });
  const { messaging } = await startMessaging({ config, publicUrls: createPublicUrls(config) });
  // The same queue as an API-only process: started, not working, so the route reads real queue state.
  const queue = createJobQueue({
    database: handle,
    definitions: jobDefinitions,
    logger: silentJobLogger,
    concurrency: 1,
    isMaintainer: false,
  });
  await queue.start();
  const storage = createStorage({ driver: 'local', root: path.join(os.tmpdir(), 'signlink-bench-files') });
  const context: AppContext = {
    config,
    database: handle,
    storage,
    queue,
    messaging,
    bankId: { client: undefined, simulator: undefined },
    companyRegistry: { registry: undefined, simulator: undefined, stop: async () => {} },
    vatValidation: { validator: undefined, simulator: undefined, stop: async () => {} },
    pdf: createUploadPdfPool(config),
    sealing: await startSealing(config),
  };
  const ours = await buildApp({ context, webRoot: null });
  const oursUrl = await listen(ours);

  const driver = databaseUrl ? 'PostgreSQL' : 'PGlite';
  console.log(`Signlink HTTP bench: ${connections} connections, ${seconds}s each, ${driver}, Node ${process.version}`);
  const baseline = await load('bare Fastify JSON', `${bareUrl}/json`);
  const baselineDb = await load(`bare Fastify + ${driver} primary-key read`, `${bareDbUrl}/account`);
  const route = await load('Signlink GET /v2/health', `${oursUrl}/v2/health`);

  console.table(
    [baseline, baselineDb, route].map((r) => ({
      route: r.name,
      'req/s': Math.round(r.requestsPerSecond),
      'p99 ms': r.p99,
      errors: r.errors,
    })),
  );
  console.log(
    `ratio vs bare JSON route:          ${(route.requestsPerSecond / baseline.requestsPerSecond).toFixed(3)}`,
  );
  console.log(
    `ratio vs bare primary-key read:    ${(route.requestsPerSecond / baselineDb.requestsPerSecond).toFixed(3)}`,
  );
  if (route.errors > 0) console.log(`WARNING: ${route.errors} failed responses from our route`);

  await Promise.all([bare.close(), bareDb.close(), ours.close()]);
  await queue.stop({ graceful: false });
  await handle.close();
  process.exit(0);
}

void main();
