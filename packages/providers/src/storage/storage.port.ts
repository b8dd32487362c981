import type { Readable } from 'node:stream';

/** What callers may store: a stream (uploads, generated PDFs) or bytes already in memory. */
export type StorageBody = Readable | Uint8Array;

export interface PutObjectInput {
  /** Relative key such as `documents/4f2c…/original.pdf`; see `assertStorageKey` for the rules. */
  key: string;
  body: StorageBody;
  contentType?: string;
}

/** Measured while the bytes streamed through, so the database can record them without a second read. */
export interface StoredObject {
  key: string;
  size: number;
  /** Lower-case hex SHA-256 of the stored bytes. */
  sha256: string;
}

export interface ObjectKeyInput {
  key: string;
}

export interface ObjectStat {
  size: number;
  /** When the object was last written: a put under an existing key renews it. */
  lastModified: Date;
}

/** One object as a listing reports it. */
export interface ListedObject {
  key: string;
  size: number;
  lastModified: Date;
}

export interface ListObjectsInput {
  /** Only keys starting with this, e.g. `documents/`; all keys by default. */
  prefix?: string;
  /** Objects per page; 1000 (S3's maximum) by default. */
  pageSize?: number;
}

/** Partial writes a crash left behind, removed by `removeIncompleteUploads`. */
export interface RemovedUploads {
  count: number;
  /** Bytes freed, where the storage tells them (S3 does not without a ListParts call per upload). */
  bytes: number;
  /** Temporary file names or `<key> <upload id>`, for the log. */
  names: string[];
}

/**
 * Files (uploaded PDFs, sealed PDFs, attachments, knowledge files) stored by key (ARCHITECTURE "Data").
 * Every adapter validates keys, writes all-or-nothing, and reports size and SHA-256.
 */
export interface Storage {
  /** Stores the body under the key, replacing any earlier object; never leaves a partial object on failure. */
  put(input: PutObjectInput): Promise<StoredObject>;
  /** A stream of the object's bytes; rejects with `StorageNotFoundError` when the key has no object. */
  get(input: ObjectKeyInput): Promise<Readable>;
  /** The object's size, or null when the key has no object. */
  stat(input: ObjectKeyInput): Promise<ObjectStat | null>;
  /** Removes the object; deleting a missing key succeeds. */
  delete(input: ObjectKeyInput): Promise<void>;
  /**
   * Every object, in pages of bounded size so a large store never loads into memory at once. Names that are not
   * valid keys (see `assertStorageKey`) are not ours and are left out; partial writes are never listed.
   */
  list(input?: ListObjectsInput): AsyncIterable<ListedObject[]>;
  /**
   * Removes partial writes last touched before `startedBefore` (a process killed mid-`put`): the local folder's
   * temporary files, S3's unfinished multipart uploads. A write still under way is newer and stays.
   */
  removeIncompleteUploads(input: { startedBefore: Date }): Promise<RemovedUploads>;
  /** Health check: resolves when the storage is reachable and usable, throws otherwise. */
  check(): Promise<void>;
}

export class StorageNotFoundError extends Error {
  override readonly name = 'StorageNotFoundError';
  readonly key: string;

  constructor(key: string) {
    super(`No stored object under key "${key}"`);
    this.key = key;
  }
}

export class StorageKeyError extends Error {
  override readonly name = 'StorageKeyError';
  readonly key: string;

  constructor(key: string, reason: string) {
    super(`Invalid storage key "${key}": ${reason}`);
    this.key = key;
  }
}
