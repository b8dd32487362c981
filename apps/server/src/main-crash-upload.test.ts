import { type FSWatcher, watch } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createLocalFolderStorage, TEMP_FOLDER } from '@signlink/providers/storage/local-folder.adapter';
import type { Storage } from '@signlink/providers/storage/storage.port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../test/start-server-process.ts';
import type { Database } from './db/database.ts';
import { openDatabase } from './db/open-database.ts';
import { documentFiles } from './db/schema/documents.ts';
import { demoLogin } from './db/seed/demo-account.ts';
import { createMemoryLogger, waitFor } from './jobs/job-test-helpers.ts';
import { findReferencedStorageKeys } from './modules/stored-files/storage-references.repository.ts';
import { sweepOrphanFilesJob } from './modules/stored-files/sweep-orphan-files.job.ts';

const fixture = path.resolve(import.meta.dirname, '../../../../shared/fixtures/pdfs/GeoTopo-komprimiert.pdf');
const twoDaysAgo = () => new Date(Date.now() - 48 * 3600_000);

let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'signlink-crash-upload-'));
});
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** Bytes a crash left: partial writes, and stored objects no row names. */
async function orphanBytes(db: Database, storage: Storage, root: string) {
  let bytes = 0;
  for (const name of await fs.readdir(path.join(root, TEMP_FOLDER)).catch(() => [])) {
    bytes += (await fs.stat(path.join(root, TEMP_FOLDER, name))).size;
  }
  for await (const page of storage.list()) {
    const referenced = await findReferencedStorageKeys(
      db,
      page.map((object) => object.key),
    );
    for (const object of page) if (!referenced.has(object.key)) bytes += object.size;
  }
  return bytes;
}

/** Sets every file under the folder two days back, as if the next sweep ran two days after the crash. */
async function ageFiles(folder: string) {
  for (const entry of await fs.readdir(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) await fs.utimes(path.join(entry.parentPath, entry.name), twoDaysAgo(), twoDaysAgo());
  }
}

describe('a crash mid-upload', () => {
  it('leaves files that the orphan sweep removes, and no referenced file is lost', async () => {
    const server = await startServerProcess({ dataDir: path.join(dataDir, 'service') });
    const filesRoot = path.join(server.dataDir, 'files');
    const login = await fetch(`${server.apiBase}oauth/generatetoken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(demoLogin),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const pdf = await fs.readFile(fixture);
    const upload = () =>
      fetch(`${server.apiBase}linktinker/files?name=lease.pdf`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/pdf' },
        body: pdf,
      });
    expect((await upload()).status).toBe(201);

    // The storage writes each upload to a temporary file and renames it into place: a name's second `rename` event
    // is that move, after which the upload's transaction has yet to commit. The process dies right there.
    await fs.mkdir(path.join(filesRoot, TEMP_FOLDER), { recursive: true });
    const seen = new Map<string, number>();
    let watcher: FSWatcher | undefined;
    const renamedIntoPlace = new Promise<void>((resolve) => {
      watcher = watch(path.join(filesRoot, TEMP_FOLDER), (event, name) => {
        if (event !== 'rename') return;
        const count = (seen.get(String(name)) ?? 0) + 1;
        seen.set(String(name), count);
        if (count === 2) resolve();
      });
    });
    const inFlight = [upload(), upload(), upload(), upload()].map((request) => request.catch(() => null));
    await renamedIntoPlace;
    await server.stop({ signal: 'SIGKILL' });
    watcher?.close();
    await Promise.all(inFlight);

    // The sweep as the next worker runs it, on the dead process's data folder, the files two days old by then.
    const database = await openDatabase({ driver: 'pglite', dataDir: path.join(server.dataDir, 'db') });
    const storage = createLocalFolderStorage({ root: filesRoot });
    try {
      const files = await database.db.select({ key: documentFiles.storageKey }).from(documentFiles);
      await ageFiles(filesRoot);
      const before = await orphanBytes(database.db, storage, filesRoot);
      const logger = createMemoryLogger();
      await sweepOrphanFilesJob.handler({
        data: {},
        jobId: 'after-crash',
        attempt: 1,
        isLastAttempt: true,
        context: { database, logger, services: { storage } as never },
      });
      const after = await orphanBytes(database.db, storage, filesRoot);
      const [line] = logger.entries.filter((entry) => entry.level === 'info');
      console.info(`orphan bytes after a crash mid-upload: before ${before}, after ${after}`, line?.details);

      expect(before).toBeGreaterThan(0);
      expect(after).toBe(0);
      for (const { key } of files) expect(await storage.stat({ key })).not.toBeNull();
      await waitFor(async () => (await fs.readdir(path.join(filesRoot, TEMP_FOLDER))).length === 0);
    } finally {
      await database.close();
    }
  }, 120_000);
});
