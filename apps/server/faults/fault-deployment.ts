import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createStorage } from '@signlink/providers/storage/create-storage';
import pg from 'pg';
import type { DatabaseHandle } from '../src/db/database.ts';
import { migrateDatabase, openDatabase } from '../src/db/open-database.ts';
import { jobDefinitions } from '../src/job-catalog.ts';
import { silentJobLogger } from '../src/jobs/job-definition.ts';
import { createJobQueue } from '../src/jobs/job-queue.ts';
import { waitFor } from '../src/jobs/job-test-helpers.ts';
import { sealDocumentJob } from '../src/modules/sealing/seal-document.job.ts';
import { withDatabase } from '../test/global-setup.ts';
import { seedSignedDocument } from '../test/seed-signed-document.ts';
import { seedUser } from '../test/seed-user.ts';
import { type ServerProcess, spawnServer, startServerProcess } from '../test/start-server-process.ts';

export type FaultDriver = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server to make databases on (as CI sets it). */
export const faultDrivers: FaultDriver[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

const clientAuthorization = `Basic ${Buffer.from('signlink-web:').toString('base64')}`;

export interface SeededSignedDocument {
  documentId: string;
  owner: { email: string; password: string };
}

/**
 * One deployment as an operator runs it, for tests that kill its processes: a data folder and a database (the
 * embedded PGlite in that folder, or a fresh, empty PostgreSQL database the first process migrates), and the real
 * service started as processes on them. On PGlite one process holds the folder (its lock), so `api` and `worker`
 * are one process there; on PostgreSQL they are separate processes, as a scaled deployment runs them.
 */
export interface FaultDeployment {
  driver: FaultDriver;
  dataDir: string;
  /** The PostgreSQL database's URL; undefined on PGlite. */
  databaseUrl: string | undefined;
  /** Starts a process with these roles (PGlite: always both) on the deployment's data and database. */
  start(input?: { roles?: 'api' | 'worker' | 'api,worker'; env?: Record<string, string> }): Promise<ServerProcess>;
  /** The same process, not waited for, to be killed at a moment the test picks. */
  spawn(input?: { env?: Record<string, string> }): ReturnType<typeof spawnServer>;
  /**
   * Writes a fully signed document and queues its seal, as the last signature's transaction leaves it. On PGlite
   * no process may be running (the folder is theirs while they run).
   */
  seedSignedDocument(): Promise<SeededSignedDocument>;
  /** The database, for reading the end state; on PGlite only with every process stopped. */
  withDatabase<T>(read: (database: DatabaseHandle) => Promise<T>): Promise<T>;
  /** The files the deployment stored, relative to its storage root. */
  listStoredFiles(): Promise<string[]>;
  close(): Promise<void>;
}

export async function createFaultDeployment(driver: FaultDriver, env: Record<string, string> = {}) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `signlink-fault-${driver}-`));
  const adminUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  if (driver === 'postgres') {
    if (!adminUrl) throw new Error('The PostgreSQL fault runs need TEST_DATABASE_URL');
    const name = `signlink_fault_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    databaseUrl = withDatabase(adminUrl, name);
  }
  const running = new Set<ServerProcess>();
  const filesRoot = path.join(dataDir, 'files');

  async function openOwnDatabase() {
    const database = databaseUrl
      ? await openDatabase({ driver: 'postgres', url: databaseUrl, poolSize: 2 })
      : await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'db') });
    await migrateDatabase(database);
    return database;
  }

  async function withOwnDatabase<T>(read: (database: DatabaseHandle) => Promise<T>) {
    if (driver === 'pglite' && running.size > 0) throw new Error('PGlite is held by a running process');
    const database = await openOwnDatabase();
    try {
      return await read(database);
    } finally {
      await database.close();
    }
  }

  const envOf = (roles: string, processEnv: Record<string, string>) => ({
    ...env,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, ROLES: roles } : {}),
    // A worker alone serves no page, so it is told where the links it writes lead.
    ...(databaseUrl && roles === 'worker' ? { PUBLIC_URL: 'http://localhost:3000' } : {}),
    ...processEnv,
  });

  const deployment: FaultDeployment = {
    driver,
    dataDir,
    databaseUrl,
    spawn: ({ env: processEnv = {} } = {}) => spawnServer({ dataDir, env: envOf('api,worker', processEnv) }),
    async start({ roles = 'api,worker', env: processEnv = {} } = {}) {
      const server = await startServerProcess({ dataDir, env: envOf(roles, processEnv) });
      running.add(server);
      const stop = server.stop.bind(server);
      server.stop = async (options) => {
        await stop(options);
        running.delete(server);
      };
      return server;
    },
    seedSignedDocument: () =>
      withOwnDatabase(async (database) => {
        const storage = createStorage({ driver: 'local', root: filesRoot });
        const owner = await seedUser(database.db);
        const document = await seedSignedDocument(database.db, storage, { owner });
        const queue = createJobQueue({
          database,
          definitions: jobDefinitions,
          logger: silentJobLogger,
          concurrency: 1,
        });
        await queue.start();
        await queue.enqueue({ job: sealDocumentJob, data: { documentId: document.documentId } });
        await queue.stop({ graceful: false });
        return { documentId: document.documentId, owner: { email: owner.email, password: owner.password } };
      }),
    withDatabase: withOwnDatabase,
    async listStoredFiles() {
      const entries = await fs.readdir(filesRoot, { recursive: true, withFileTypes: true }).catch(() => []);
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(filesRoot, path.join(entry.parentPath, entry.name)))
        .sort();
    },
    async close() {
      for (const server of running) await server.stop({ signal: 'SIGKILL' });
      if (databaseUrl && adminUrl) {
        await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)} WITH (FORCE)`);
      }
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
  return deployment;
}

async function adminQuery(url: string, sql: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** A seeded user's access token, through the real login as the web app calls it. */
export async function signIn(origin: string, user: { email: string; password: string }) {
  const login = await fetch(`${origin}/v2/oauth/generatetoken`, {
    method: 'POST',
    headers: { authorization: clientAuthorization, 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  return ((await login.json()) as { accessToken: string }).accessToken;
}

/** The owner's view of a document through the public API: its status. */
export async function ownerApi(origin: string, owner: SeededSignedDocument['owner']) {
  const accessToken = await signIn(origin, owner);
  return {
    async documentStatus(documentId: string) {
      const response = await fetch(`${origin}/v2/linktinker/errands/${documentId}`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      if (!response.ok) throw new Error(`document: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { Status: string }).Status;
    },
  };
}

/** Waits until the owner sees the document signed and sealed; answers how long that took. */
export async function waitUntilSealed(
  origin: string,
  seeded: SeededSignedDocument,
  { timeoutMs = 90_000 } = {},
): Promise<number> {
  const api = await ownerApi(origin, seeded.owner);
  const started = Date.now();
  await waitFor(async () => (await api.documentStatus(seeded.documentId)) === 'signed', { timeoutMs });
  return Date.now() - started;
}
