import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createLocalFolderStorage } from '@signlink/providers/storage/local-folder.adapter';
import { afterEach, describe, expect, it } from 'vitest';
import { documentFiles, documents } from '../src/db/schema/documents.ts';
import { silentJobLogger } from '../src/jobs/job-definition.ts';
import { waitFor } from '../src/jobs/job-test-helpers.ts';
import { sweepOrphanFiles } from '../src/modules/stored-files/sweep-orphan-files.ts';
import { fixturePdfDirectory } from '../test/seed-signed-document.ts';
import { seedUser } from '../test/seed-user.ts';
import { createFaultDeployment, type FaultDeployment, faultDrivers, signIn } from './fault-deployment.ts';
import { recordFigure } from './fault-figures.ts';

let deployment: FaultDeployment | undefined;
afterEach(async () => {
  await deployment?.close();
  deployment = undefined;
});

const pdf = readFileSync(path.join(fixturePdfDirectory, 'multicolumn.pdf'));

describe.each(faultDrivers)('the API killed while uploads are stored, on %s', (driver) => {
  it('leaves every answered upload whole and no draft without its file', async () => {
    deployment = await createFaultDeployment(driver);
    const owner = await deployment.withDatabase(({ db }) => seedUser(db));
    const api = await deployment.start({ roles: 'api' });
    const token = await signIn(api.url, owner);
    const answered: string[] = [];
    let inFlight = 0;
    const upload = async () => {
      inFlight += 1;
      try {
        const response = await fetch(`${api.url}/v2/linktinker/files?name=crash.pdf`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/pdf' },
          body: pdf,
        });
        if (response.status === 201) answered.push(((await response.json()) as { Id: string }).Id);
      } catch {
        // The process died under this request: the client never heard, and nothing may be half there.
      } finally {
        inFlight -= 1;
      }
    };
    // Three at a time, without end, until the process dies under them.
    let isKilled = false;
    const streams = [0, 1, 2].map(async () => {
      while (!isKilled) await upload();
    });
    await waitFor(() => answered.length >= 4 && inFlight > 0, { timeoutMs: 60_000 });
    isKilled = true;
    await api.stop({ signal: 'SIGKILL' });
    await Promise.all(streams);

    const restarted = await deployment.start({ roles: 'api' });
    const again = await signIn(restarted.url, owner);
    const list = await fetch(`${restarted.url}/v2/linktinker/projects`, {
      headers: { authorization: `Bearer ${again}` },
    });
    expect(list.status).toBe(200);
    await restarted.stop();

    const stored = new Set(await deployment.listStoredFiles());
    const rows = await deployment.withDatabase(async ({ db }) => ({
      documents: await db.select({ id: documents.id }).from(documents),
      files: await db
        .select({ documentId: documentFiles.documentId, key: documentFiles.storageKey })
        .from(documentFiles),
    }));
    const documentIds = new Set(rows.documents.map((row) => row.id));
    for (const id of answered) expect(documentIds.has(id), `answered upload ${id} has its draft`).toBe(true);
    for (const id of documentIds) {
      const files = rows.files.filter((file) => file.documentId === id);
      expect(files.length, `draft ${id} has its file`).toBeGreaterThan(0);
      for (const file of files) expect(stored.has(file.key), `${file.key} is stored`).toBe(true);
    }
    const referenced = new Set(rows.files.map((file) => file.key));
    const filesRoot = path.join(deployment.dataDir, 'files');
    const orphanBytes = async () => {
      const orphans = (await deployment?.listStoredFiles())?.filter((key) => !referenced.has(key)) ?? [];
      const sizes = await Promise.all(orphans.map(async (key) => (await fs.stat(path.join(filesRoot, key))).size));
      return { count: orphans.length, bytes: sizes.reduce((sum, size) => sum + size, 0) };
    };
    const before = await orphanBytes();
    recordFigure(`${driver}: files left by the killed uploads before clean-up`, `${before.count}`);
    recordFigure(`${driver}: orphan bytes before clean-up`, `${before.bytes}`);

    // The hourly sweep as it runs a day after the crash: every file is then two days old.
    const twoDaysAgo = new Date(Date.now() - 48 * 3600_000);
    for (const key of await deployment.listStoredFiles()) {
      await fs.utimes(path.join(filesRoot, key), twoDaysAgo, twoDaysAgo);
    }
    const storage = createLocalFolderStorage({ root: filesRoot });
    await deployment.withDatabase(({ db }) => sweepOrphanFiles({ db, storage, logger: silentJobLogger }));
    const after = await orphanBytes();
    recordFigure(`${driver}: orphan bytes after clean-up`, `${after.bytes}`);
    expect(after).toEqual({ count: 0, bytes: 0 });
    for (const key of referenced) expect(stored.has(key) && (await storage.stat({ key })) !== null, key).toBe(true);
  });
});
