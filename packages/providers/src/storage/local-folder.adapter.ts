import { randomUUID } from 'node:crypto';
import { constants, createWriteStream, type Dir, type Stats } from 'node:fs';
import { access, type FileHandle, lstat, mkdir, open, opendir, rename, stat, unlink } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DigestStream, toReadable } from './digest-stream.ts';
import {
  type ListedObject,
  type ListObjectsInput,
  type ObjectKeyInput,
  type ObjectStat,
  type PutObjectInput,
  type RemovedUploads,
  type Storage,
  StorageKeyError,
  StorageNotFoundError,
  type StoredObject,
} from './storage.port.ts';
import { assertStorageKey, isStorageKey } from './storage-key.ts';

export interface LocalFolderStorageConfig {
  /** Absolute or relative folder; the server passes `<DATA_DIR>/files`. Created when missing. */
  root: string;
}

/**
 * Partial writes land here, never under a key. Keys cannot start with a dot (see `assertStorageKey`), so this
 * folder can never collide with a stored object. It lives inside the root so `rename` stays on one file system
 * and is atomic. Files left behind by a crash are safe to remove once they are older than any upload.
 */
export const TEMP_FOLDER = '.tmp';

/** Error codes that mean "nothing is stored there": missing, or a path segment is a file, not a folder. */
const MISSING_CODES = new Set(['ENOENT', 'ENOTDIR']);

function isMissing(error: unknown): boolean {
  return MISSING_CODES.has((error as NodeJS.ErrnoException).code ?? '');
}

const DEFAULT_PAGE_SIZE = 1000;

/** A folder not made yet holds nothing to list. */
async function openDirIfPresent(folder: string): Promise<Dir | undefined> {
  try {
    return await opendir(folder);
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** Removed by another process since its folder was read: not there, so not listed. */
const lstatIfPresent = (path: string) =>
  lstat(path).catch((error: unknown) => (isMissing(error) ? null : Promise.reject(error)));

/**
 * Depth first, one open directory handle per level: memory stays bounded by the key depth, not the number of
 * files. Names starting with a dot (the temporary folder) can be no key's segment, so they are skipped.
 */
async function* walkFiles(folder: string, keyPrefix: string): AsyncGenerator<ListedObject> {
  const entries = await openDirIfPresent(folder);
  if (!entries) return;
  for await (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const key = `${keyPrefix}${entry.name}`;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      yield* walkFiles(path, `${key}/`);
      continue;
    }
    if (!entry.isFile() || !isStorageKey(key)) continue;
    const stats = await lstatIfPresent(path);
    if (stats) yield { key, size: stats.size, lastModified: stats.mtime };
  }
}

/**
 * Stores each key as a file under the root folder (the embedded default, ARCHITECTURE "Data").
 * The content type is not kept: callers record it in the database alongside the SHA-256.
 */
export function createLocalFolderStorage({ root }: LocalFolderStorageConfig): Storage {
  const rootPath = resolve(root);
  const tempPath = join(rootPath, TEMP_FOLDER);

  /** Validates the key, then re-checks the resolved path so nothing can ever land outside the root. */
  function pathOf(key: string): string {
    assertStorageKey(key);
    const path = resolve(rootPath, ...key.split('/'));
    if (!path.startsWith(rootPath + sep)) throw new StorageKeyError(key, 'resolves outside the storage root');
    return path;
  }

  async function put({ key, body }: PutObjectInput): Promise<StoredObject> {
    const target = pathOf(key);
    const source = toReadable(body);
    await mkdir(tempPath, { recursive: true });
    const tempFile = join(tempPath, `${randomUUID()}.part`);
    try {
      const digest = new DigestStream();
      // `flush` syncs the file to disk before it closes, so a power cut after the rename below cannot leave an
      // empty or short file under the key.
      await pipeline(source, digest, createWriteStream(tempFile, { flags: 'wx', mode: 0o640, flush: true }));
      await mkdir(dirname(target), { recursive: true });
      await rename(tempFile, target);
      return { key, ...digest.digest };
    } catch (error) {
      source.destroy();
      await unlink(tempFile).catch(() => {});
      throw error;
    }
  }

  async function get({ key }: ObjectKeyInput): Promise<Readable> {
    const path = pathOf(key);
    let handle: FileHandle;
    try {
      handle = await open(path, 'r');
    } catch (error) {
      if (isMissing(error)) throw new StorageNotFoundError(key);
      throw error;
    }
    // A key that names a folder (a prefix of other keys) holds no object.
    const stats = await handle.stat().catch(async (error: unknown) => {
      await handle.close();
      throw error;
    });
    if (!stats.isFile()) {
      await handle.close();
      throw new StorageNotFoundError(key);
    }
    return handle.createReadStream();
  }

  async function statObject({ key }: ObjectKeyInput): Promise<ObjectStat | null> {
    const path = pathOf(key);
    let stats: Stats;
    try {
      stats = await stat(path);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    return stats.isFile() ? { size: stats.size, lastModified: stats.mtime } : null;
  }

  async function deleteObject({ key }: ObjectKeyInput): Promise<void> {
    const path = pathOf(key);
    try {
      await unlink(path);
    } catch (error) {
      if (isMissing(error)) return;
      // Linux says EISDIR, macOS EPERM, when the key names a folder of other keys: no object of its own.
      const isFolder = await stat(path).then(
        (stats) => stats.isDirectory(),
        () => false,
      );
      if (isFolder) return;
      throw error;
    }
  }

  async function* list({ prefix = '', pageSize = DEFAULT_PAGE_SIZE }: ListObjectsInput = {}) {
    // Walk from the deepest folder the prefix names whole, then filter on the rest of it.
    const folderPart = prefix.slice(0, prefix.lastIndexOf('/') + 1);
    if (folderPart) assertStorageKey(folderPart.slice(0, -1));
    let page: ListedObject[] = [];
    for await (const object of walkFiles(join(rootPath, ...folderPart.split('/')), folderPart)) {
      if (!object.key.startsWith(prefix)) continue;
      page.push(object);
      if (page.length >= pageSize) {
        yield page;
        page = [];
      }
    }
    if (page.length > 0) yield page;
  }

  async function removeIncompleteUploads({ startedBefore }: { startedBefore: Date }): Promise<RemovedUploads> {
    const removed: RemovedUploads = { count: 0, bytes: 0, names: [] };
    for await (const object of walkTemporaries(tempPath)) {
      // The last write, not the start: a slow upload still streaming keeps touching its file.
      if (object.lastModified >= startedBefore) continue;
      await unlink(join(tempPath, object.key)).catch((error: unknown) => {
        if (!isMissing(error)) throw error;
      });
      removed.count += 1;
      removed.bytes += object.size;
      removed.names.push(`${TEMP_FOLDER}/${object.key}`);
    }
    return removed;
  }

  async function check(): Promise<void> {
    await mkdir(tempPath, { recursive: true });
    await access(rootPath, constants.R_OK | constants.W_OK);
    await access(tempPath, constants.R_OK | constants.W_OK);
  }

  return { put, get, stat: statObject, delete: deleteObject, list, removeIncompleteUploads, check };
}

/** The temporary folder's `.part` files, as objects named by file name. */
async function* walkTemporaries(folder: string): AsyncGenerator<ListedObject> {
  const entries = await openDirIfPresent(folder);
  if (!entries) return;
  for await (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.part')) continue;
    const stats = await lstatIfPresent(join(folder, entry.name));
    if (stats) yield { key: entry.name, size: stats.size, lastModified: stats.mtime };
  }
}
