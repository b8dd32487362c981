import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalFolderStorage, TEMP_FOLDER } from './local-folder.adapter.ts';
import { type Storage, StorageKeyError, StorageNotFoundError } from './storage.port.ts';
import { expectSameBytes, readAll, sha256 } from './storage-test-helpers.ts';

/** Yields `bytesBeforeError` bytes in 16 KiB chunks, then fails, like a client that disconnects mid-upload. */
function failingStream(bytesBeforeError: number): Readable {
  return Readable.from(
    (async function* () {
      for (let sent = 0; sent < bytesBeforeError; sent += 16 * 1024) yield randomBytes(16 * 1024);
      throw new Error('client went away');
    })(),
  );
}

describe('local folder storage', () => {
  let parent: string;
  let root: string;
  let storage: Storage;

  beforeEach(async () => {
    parent = await mkdtemp(join(tmpdir(), 'signlink-storage-'));
    root = join(parent, 'files');
    storage = createLocalFolderStorage({ root });
  });

  afterEach(async () => {
    await rm(parent, { recursive: true, force: true });
  });

  it('round-trips bytes under a nested key, reporting the size and the SHA-256 node:crypto computes', async () => {
    const data = randomBytes(300_000);
    const stored = await storage.put({ key: 'documents/d1/original.pdf', body: data, contentType: 'application/pdf' });

    expect(stored).toEqual({ key: 'documents/d1/original.pdf', size: data.length, sha256: sha256(data) });
    expectSameBytes(await readAll(await storage.get({ key: 'documents/d1/original.pdf' })), data);
    expectSameBytes(await readFile(join(root, 'documents', 'd1', 'original.pdf')), data);
    expect(await storage.stat({ key: 'documents/d1/original.pdf' })).toEqual({
      size: data.length,
      lastModified: expect.any(Date),
    });
  });

  it('hashes a streamed body and an empty body', async () => {
    const parts = [randomBytes(70_000), randomBytes(1), randomBytes(123_456)];
    const stored = await storage.put({ key: 'streamed.bin', body: Readable.from(parts) });
    const whole = Buffer.concat(parts);
    expect(stored).toMatchObject({ size: whole.length, sha256: sha256(whole) });

    const empty = await storage.put({ key: 'empty.bin', body: new Uint8Array(0) });
    expect(empty).toMatchObject({
      size: 0,
      sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    });
    expect(await readAll(await storage.get({ key: 'empty.bin' }))).toHaveLength(0);
  });

  it('replaces an object stored under the same key', async () => {
    await storage.put({ key: 'a.txt', body: Buffer.from('first version') });
    await storage.put({ key: 'a.txt', body: Buffer.from('second') });
    expect((await readAll(await storage.get({ key: 'a.txt' }))).toString()).toBe('second');
  });

  it('rejects a missing key with StorageNotFoundError, and stat answers null', async () => {
    await storage.put({ key: 'folder/inner.txt', body: Buffer.from('x') });

    for (const key of ['nothing-here.pdf', 'folder', 'folder/inner.txt/deeper']) {
      const error = await storage.get({ key }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(StorageNotFoundError);
      expect((error as StorageNotFoundError).key).toBe(key);
      expect(await storage.stat({ key })).toBeNull();
    }
  });

  it.each([
    '../escape.txt',
    'a/../../escape.txt',
    '..',
    '/etc/passwd',
    'a//b',
    'a/./b',
    'trailing/',
    '',
    `${TEMP_FOLDER}/x`,
    '.hidden',
    'a\\..\\b',
    'C:/windows',
    '%2e%2e/x',
    'with space',
    'ümlaut',
    'x'.repeat(1025),
  ])('rejects the key %j in every operation without touching the disk', async (key) => {
    await expect(storage.put({ key, body: Buffer.from('x') })).rejects.toBeInstanceOf(StorageKeyError);
    await expect(storage.get({ key })).rejects.toBeInstanceOf(StorageKeyError);
    await expect(storage.stat({ key })).rejects.toBeInstanceOf(StorageKeyError);
    await expect(storage.delete({ key })).rejects.toBeInstanceOf(StorageKeyError);
    expect(await readdir(parent)).toEqual([]);
  });

  it('leaves nothing under the key when the body stream fails mid-way, and keeps an earlier version intact', async () => {
    await expect(storage.put({ key: 'new/upload.pdf', body: failingStream(200_000) })).rejects.toThrow(
      'client went away',
    );
    expect(await storage.stat({ key: 'new/upload.pdf' })).toBeNull();

    const original = randomBytes(10_000);
    await storage.put({ key: 'kept.pdf', body: original });
    await expect(storage.put({ key: 'kept.pdf', body: failingStream(200_000) })).rejects.toThrow('client went away');
    expectSameBytes(await readAll(await storage.get({ key: 'kept.pdf' })), original);

    // The partial temp files were removed too.
    expect(await readdir(join(root, TEMP_FOLDER))).toEqual([]);
  });

  it('deletes idempotently', async () => {
    await storage.put({ key: 'gone/soon.txt', body: Buffer.from('bye') });
    await storage.delete({ key: 'gone/soon.txt' });
    expect(await storage.stat({ key: 'gone/soon.txt' })).toBeNull();
    await expect(storage.get({ key: 'gone/soon.txt' })).rejects.toBeInstanceOf(StorageNotFoundError);

    await expect(storage.delete({ key: 'gone/soon.txt' })).resolves.toBeUndefined();
    await expect(storage.delete({ key: 'never/existed.txt' })).resolves.toBeUndefined();
  });

  it('checks health: creates a missing root, fails when the root cannot be a folder', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
    expect(await readdir(parent)).toEqual(['files']);

    const blocker = join(parent, 'not-a-folder');
    await writeFile(blocker, 'file in the way');
    await expect(createLocalFolderStorage({ root: blocker }).check()).rejects.toThrow();
  });
});
