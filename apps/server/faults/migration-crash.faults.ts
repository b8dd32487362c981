import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../src/db/open-database.ts';
import { waitFor } from '../src/jobs/job-test-helpers.ts';
import { createFaultDeployment, type FaultDeployment, faultDrivers } from './fault-deployment.ts';

let deployment: FaultDeployment | undefined;
afterEach(async () => {
  await deployment?.close();
  deployment = undefined;
});

const migrationCount = (
  JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length;

/** Whether a process holds the start-up lock, under which it migrates (PostgreSQL's runExclusive). */
async function isMigrating(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT 1 FROM pg_locks l JOIN pg_database d ON d.oid = l.database
       WHERE l.locktype = 'advisory' AND l.granted AND d.datname = current_database()`,
    );
    return rows.length > 0;
  } finally {
    await client.end();
  }
}

/** Kills a start-up at `afterMs`, or (PostgreSQL) once it holds the migration lock, whichever the test asks. */
async function killDuringStart(deployment: FaultDeployment, moment: { afterMs: number } | 'migrating') {
  const child = deployment.spawn();
  const exited = once(child, 'exit');
  if (moment === 'migrating') {
    await waitFor(() => isMigrating(deployment.databaseUrl as string), { timeoutMs: 60_000 });
  } else {
    // The fault itself is timed: a kill at a moment of start-up, not a wait for something to happen.
    await new Promise((resolve) => setTimeout(resolve, moment.afterMs));
  }
  child.kill('SIGKILL');
  await exited;
}

describe.each(faultDrivers)('a process killed while it starts and migrates, on %s', (driver) => {
  it('leaves a database the next start migrates completely and serves from', async () => {
    deployment = await createFaultDeployment(driver);
    const moments: ({ afterMs: number } | 'migrating')[] =
      driver === 'postgres'
        ? ['migrating', 'migrating', { afterMs: 1500 }, { afterMs: 2500 }]
        : [{ afterMs: 1500 }, { afterMs: 2500 }, { afterMs: 3500 }, { afterMs: 4500 }];
    for (const moment of moments) await killDuringStart(deployment, moment);

    const server = await deployment.start();
    const health = await fetch(`${server.url}/v2/health`);
    expect(health.status).toBe(200);
    await server.stop();
    const applied = await deployment.withDatabase(async ({ db }) => {
      const result = await db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
      return (result as unknown as { rows: { count: number }[] }).rows[0]?.count;
    });
    expect(applied).toBe(migrationCount);
  });
});
