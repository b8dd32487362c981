import { StorageKeyError } from './storage.port.ts';

/** S3 caps keys at 1024 bytes of UTF-8; our charset is ASCII, so characters equal bytes. */
export const MAX_STORAGE_KEY_LENGTH = 1024;

/**
 * One path segment: starts with a letter or digit (so `.`, `..` and hidden names such as the local adapter's
 * `.tmp` folder can never be addressed), then letters, digits, `.`, `_`, `-`.
 */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * Keys are relative, slash-separated paths in a charset that is safe both as a file path on every common
 * file system and as an S3 key without encoding surprises. Throws `StorageKeyError` otherwise.
 */
export function assertStorageKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0) throw new StorageKeyError(String(key), 'empty');
  if (key.length > MAX_STORAGE_KEY_LENGTH) {
    throw new StorageKeyError(key, `longer than ${MAX_STORAGE_KEY_LENGTH} characters`);
  }
  if (key.startsWith('/')) throw new StorageKeyError(key, 'must be relative (no leading slash)');
  for (const segment of key.split('/')) {
    if (segment === '') throw new StorageKeyError(key, 'empty path segment');
    if (segment === '.' || segment === '..') throw new StorageKeyError(key, 'contains "." or ".." segment');
    if (!SEGMENT.test(segment)) {
      throw new StorageKeyError(key, 'segments must start with a letter or digit and use only A-Z a-z 0-9 . _ -');
    }
  }
}

/** The same rules as a predicate: a listing skips names that are no key of ours. */
export function isStorageKey(key: string): boolean {
  try {
    assertStorageKey(key);
    return true;
  } catch {
    return false;
  }
}
