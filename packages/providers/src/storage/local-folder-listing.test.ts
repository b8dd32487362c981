import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalFolderStorage, TEMP_FOLDER } from './local-folder.adapter.ts';
import type { Storage } from './storage.port.ts';
import { listAll } from './storage-test-helpers.ts';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);

describe('local folder storage: listing and partial writes', () => {
  let root: string;
  let storage: Storage;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'signlink-listing-'));
    storage = createLocalFolderStorage({ root });
  });

  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('lists every object in bounded pages with size and modification time, by prefix', async () => {
    const keys = ['accounts/a1/logo', 'documents/d1/a.pdf', 'documents/d1/b.pdf', 'documents/d2/c.pdf', 'top.bin'];
    for (const [index, key] of keys.entries()) await storage.put({ key, body: new Uint8Array(index + 1) });
    await utimes(join(root, 'documents', 'd2', 'c.pdf'), hoursAgo(30), hoursAgo(30));

    const all = await listAll(storage, { pageSize: 2 });
    expect(all.map((object) => [object.key, object.size])).toEqual(keys.map((key, index) => [key, index + 1]));
    const old = all.find((object) => object.key === 'documents/d2/c.pdf');
    expect(old?.lastModified.getTime()).toBeLessThan(hoursAgo(29).getTime());

    expect((await listAll(storage, { prefix: 'documents/d1/' })).map((object) => object.key)).toEqual([
      'documents/d1/a.pdf',
      'documents/d1/b.pdf',
    ]);
    expect((await listAll(storage, { prefix: 'documents/d' })).map((object) => object.key)).toHaveLength(3);
    expect(await listAll(storage, { prefix: 'missing/' })).toEqual([]);
  });

  it('never lists partial writes or names that are no key of ours', async () => {
    await storage.put({ key: 'documents/d1/a.pdf', body: new Uint8Array(3) });
    await mkdir(join(root, TEMP_FOLDER), { recursive: true });
    await writeFile(join(root, TEMP_FOLDER, 'x.part'), 'partial');
    await writeFile(join(root, 'documents', 'not a key.pdf'), 'foreign');
    expect((await listAll(storage)).map((object) => object.key)).toEqual(['documents/d1/a.pdf']);
  });

  it('removes partial writes untouched for longer than asked, and keeps newer ones', async () => {
    await mkdir(join(root, TEMP_FOLDER), { recursive: true });
    const stale = join(root, TEMP_FOLDER, 'stale.part');
    await writeFile(stale, Buffer.alloc(1234));
    await utimes(stale, hoursAgo(2), hoursAgo(2));
    await writeFile(join(root, TEMP_FOLDER, 'writing.part'), Buffer.alloc(99));

    const removed = await storage.removeIncompleteUploads({ startedBefore: hoursAgo(1) });
    expect(removed).toEqual({ count: 1, bytes: 1234, names: [`${TEMP_FOLDER}/stale.part`] });
    expect(await storage.removeIncompleteUploads({ startedBefore: hoursAgo(1) })).toMatchObject({ count: 0 });
    const left = await storage.removeIncompleteUploads({ startedBefore: new Date(Date.now() + 1000) });
    expect(left).toMatchObject({ count: 1, bytes: 99 });
  });
});
