import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.ts';
import { openDatabase } from '../src/db/open-database.ts';
import { withDatabase } from './global-setup.ts';

export interface TestDatabase extends DatabaseHandle {
  /** A connection string for a second process or pool on the same database (PostgreSQL only). */
  url?: string;
}

/** An isolated, migrated database for one test file: a PGlite copy in memory, or a fresh PostgreSQL database. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const setup = inject('testDatabase');
  if (setup.kind === 'pglite') {
    const snapshot = await fs.readFile(setup.snapshotFile);
    return openDatabase({ driver: 'pglite', loadDataDir: new Blob([snapshot]) });
  }
  const name = `signlink_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: setup.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${setup.template}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(setup.url, name);
  const handle = await openDatabase({ driver: 'postgres', url, poolSize: 5 });
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: setup.url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
