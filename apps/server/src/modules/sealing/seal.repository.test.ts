import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createStorage } from '@signlink/providers/storage/create-storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchOverlappingQueries } from '../../../test/overlapping-queries.ts';
import { seedSignedDocument } from '../../../test/seed-signed-document.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { loadSealSource } from './seal.repository.ts';

let database: TestDatabase;
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'signlink-seal-repo-'));
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

describe('loadSealSource', () => {
  it('reads everything in one transaction, one query at a time on its connection', async () => {
    const storage = createStorage({ driver: 'local', root: filesDir });
    const doc = await seedSignedDocument(database.db, storage);
    const watch = watchOverlappingQueries();
    let source: Awaited<ReturnType<typeof loadSealSource>>;
    try {
      source = await loadSealSource(database.db, doc.documentId);
    } finally {
      watch.stop();
    }
    expect(watch.overlaps).toEqual([]);
    expect(source?.document.id).toBe(doc.documentId);
    expect(source?.parties).toHaveLength(2);
    expect(source?.files).toHaveLength(1);
    expect(source?.signatures).toHaveLength(2);
    expect(source?.events.length).toBeGreaterThan(0);
  });
});
