import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../test/start-server-process.ts';
import { waitFor } from './jobs/job-test-helpers.ts';

const fingerprint = (pem: string) => new X509Certificate(pem).fingerprint256;

/**
 * An API and a worker started together on one fresh data folder and one PostgreSQL database must seal under one CA:
 * two would each make local keys, and the API would call the worker's seals not ours. PostgreSQL only: on PGlite
 * the data-folder lock lets one process in.
 */
describe.runIf(process.env.TEST_DB === 'postgres')('local seal keys made by processes starting together', () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `signlink_keys_${Date.now().toString(36)}`;
  let databaseUrl: URL;
  const admin = new pg.Client({ connectionString: adminUrl });

  beforeAll(async () => {
    databaseUrl = new URL(adminUrl);
    databaseUrl.pathname = `/${name}`;
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
  });
  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('publish one CA, the one in the keys folder, in every try', async () => {
    for (let attempt = 1; attempt <= 3; attempt++) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'signlink-keys-'));
      const env = { DATABASE_URL: databaseUrl.toString() };
      const [api, worker] = await Promise.all([
        startServerProcess({ dataDir, env: { ...env, ROLES: 'api' } }),
        startServerProcess({ dataDir, env: { ...env, ROLES: 'worker', PUBLIC_URL: 'http://localhost:3000' } }),
      ]);
      try {
        const published = await fetch(`${api.apiBase}linktinker/verify/ca`);
        expect(published.status).toBe(200);
        const onDisk = fingerprint(fs.readFileSync(path.join(dataDir, 'keys/ca.pem'), 'utf8'));
        const sealCaLine = /Seal CA \(SHA-256\):\s+(\S+)/;
        await waitFor(() => sealCaLine.test(worker.output()));
        const workerCa = sealCaLine.exec(worker.output())?.[1];
        expect({ attempt, api: fingerprint(await published.text()), worker: workerCa }).toEqual({
          attempt,
          api: onDisk,
          worker: onDisk,
        });
      } finally {
        await Promise.all([api.stop(), worker.stop()]);
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
  }, 120_000);
});
