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

import { ensureDemoAccount } from '@signlink/server/db/seed/demo-account';
import {
  benchConnections,
  benchSeconds,
  driverName,
  measureLoad,
  printLoadTable,
  startBenchServers,
} from './bench-server.ts';

async function main() {
  const servers = await startBenchServers(async (handle) => {
    await ensureDemoAccount(handle.db);
    const { rows } = await handle.executeSql('select id from accounts limit 1');
    return { accountId: String(rows[0]?.id) };
  });
  console.log(
    `Signlink HTTP bench: ${benchConnections} connections, ${benchSeconds}s each, ${driverName}, Node ${process.version}`,
  );
  const baseline = await measureLoad('bare Fastify JSON', `${servers.bareUrl}/json`);
  const baselineDb = await measureLoad(`bare Fastify + ${driverName} primary-key read`, `${servers.bareDbUrl}/account`);
  const route = await measureLoad('Signlink GET /v2/health', `${servers.oursUrl}/v2/health`);
  printLoadTable([baseline, baselineDb, route]);
  console.log(
    `ratio vs bare JSON route:          ${(route.requestsPerSecond / baseline.requestsPerSecond).toFixed(3)}`,
  );
  console.log(
    `ratio vs bare primary-key read:    ${(route.requestsPerSecond / baselineDb.requestsPerSecond).toFixed(3)}`,
  );
  await servers.close();
  process.exit(0);
}

void main();
