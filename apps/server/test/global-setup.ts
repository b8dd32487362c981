import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import type { DatabaseHandle } from '../src/db/database.ts';
import { migrateDatabase, openDatabase } from '../src/db/open-database.ts';
import { jobDefinitions } from '../src/job-catalog.ts';
import { silentJobLogger } from '../src/jobs/job-definition.ts';
import { createJobQueue } from '../src/jobs/job-queue.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: { kind: 'pglite'; snapshotFile: string } | { kind: 'postgres'; url: string; template: string };
  }
}

/**
 * Migrating a fresh PGlite costs seconds, so each run migrates once and each test file starts from
 * a copy (ARCHITECTURE "Data"): a data-folder dump on PGlite, a template database on PostgreSQL.
 */
export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  if (kind === 'pglite') {
    const handle = await openDatabase({ driver: 'pglite' });
    await prepare(handle);
    const dump = await (handle.db as unknown as { $client: import('@electric-sql/pglite').PGlite }).$client.dumpDataDir(
      'none',
    );
    await handle.close();
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'signlink-test-db-'));
    const snapshotFile = path.join(dir, 'migrated.tar');
    await fs.writeFile(snapshotFile, Buffer.from(await dump.arrayBuffer()));
    project.provide('testDatabase', { kind, snapshotFile });
    return async () => {
      await fs.rm(dir, { recursive: true, force: true });
    };
  }

  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const template = `signlink_tpl_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const handle = await openDatabase({ driver: 'postgres', url: withDatabase(url, template), poolSize: 2 });
  await prepare(handle);
  await handle.close();
  project.provide('testDatabase', { kind, url, template });
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
  };
}

/** Our migrations and pg-boss's schema with the server's queues, as `npm start` leaves a database. */
async function prepare(handle: DatabaseHandle) {
  await migrateDatabase(handle);
  const queue = createJobQueue({
    database: handle,
    definitions: jobDefinitions,
    logger: silentJobLogger,
    concurrency: 1,
  });
  await queue.start();
  await queue.stop({ graceful: false });
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
