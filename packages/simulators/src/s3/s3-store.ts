import { createHash } from 'node:crypto';

/** S3 rejects a multipart upload whose parts, other than the last, are below 5 MiB (EntityTooSmall). */
export const MIN_PART_SIZE = 5 * 1024 * 1024;
const MAX_PART_NUMBER = 10_000;

export interface S3Object {
  body: Buffer;
  contentType: string;
  /** Quoted, as S3 sends it: `"<md5 hex>"`, or `"<md5 of part md5s>-<part count>"` after a multipart upload. */
  etag: string;
  lastModified: Date;
}

/** A multipart upload begun and neither completed nor aborted, as ListMultipartUploads reports it. */
export interface PendingUpload {
  key: string;
  uploadId: string;
  initiated: Date;
}

/** An S3 error response: the HTTP status and the `<Code>` that SDKs map to typed exceptions. */
export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface ObjectRef {
  bucket: string;
  key: string;
}

export interface ListObjectsInput {
  bucket: string;
  prefix: string;
  startAfter: string;
  maxKeys: number;
}

export interface ListUploadsInput {
  bucket: string;
  prefix: string;
  /** S3's `key-marker` and `upload-id-marker`: uploads after this pair, or after every upload of the key without one. */
  keyMarker: string;
  uploadIdMarker: string;
  maxUploads: number;
}

/**
 * What the simulator's HTTP layer needs of a store, with S3's rules and error codes. Asynchronous because the
 * folder store (shared by every process on one data folder) reads and writes files.
 */
export interface S3Store {
  createBucket(input: { bucket: string }): Promise<void>;
  headBucket(input: { bucket: string }): Promise<void>;
  putObject(input: ObjectRef & { body: Buffer; contentType: string }): Promise<S3Object>;
  getObject(input: ObjectRef): Promise<S3Object>;
  /** S3 deletes are idempotent: a missing key still succeeds. */
  deleteObject(input: ObjectRef): Promise<void>;
  /** Keys in UTF-8 binary order, as S3 lists them; `startAfter` doubles as the continuation token. */
  listObjects(input: ListObjectsInput): Promise<{ objects: { key: string; object: S3Object }[]; isTruncated: boolean }>;
  createMultipartUpload(input: ObjectRef & { contentType: string }): Promise<string>;
  uploadPart(input: ObjectRef & { uploadId: string; partNumber: number; body: Buffer }): Promise<string>;
  completeMultipartUpload(
    input: ObjectRef & { uploadId: string; parts: { partNumber: number; etag: string }[] },
  ): Promise<S3Object>;
  abortMultipartUpload(input: ObjectRef & { uploadId: string }): Promise<void>;
  listMultipartUploads(input: ListUploadsInput): Promise<{ uploads: PendingUpload[]; isTruncated: boolean }>;
}

export function quotedMd5(data: Buffer): string {
  return `"${createHash('md5').update(data).digest('hex')}"`;
}

export function compareKeys(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

export const noSuchBucket = () => new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');
export const noSuchKey = () => new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
export const noSuchUpload = () => new S3Error(404, 'NoSuchUpload', 'The specified multipart upload does not exist.');

export function assertPartNumber(partNumber: number): void {
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_PART_NUMBER) {
    throw new S3Error(400, 'InvalidArgument', `Part number must be an integer between 1 and ${MAX_PART_NUMBER}`);
  }
}

/**
 * CompleteMultipartUpload's rules, shared by both stores: the parts named, in ascending order, each with the ETag
 * it was uploaded with, all but the last at least 5 MiB. Answers the object's body and its multipart ETag.
 */
export function assembleParts(
  requested: { partNumber: number; etag: string }[],
  uploaded: (partNumber: number) => { body: Buffer; etag: string } | undefined,
): { body: Buffer; etag: string } {
  if (requested.length === 0) throw new S3Error(400, 'MalformedXML', 'The XML you provided was not well-formed');
  const chosen: { body: Buffer; etag: string }[] = [];
  let previous = 0;
  for (const { partNumber, etag } of requested) {
    if (partNumber <= previous)
      throw new S3Error(400, 'InvalidPartOrder', 'The list of parts was not in ascending order.');
    previous = partNumber;
    const part = uploaded(partNumber);
    if (!part || part.etag.replaceAll('"', '') !== etag.replaceAll('"', '')) {
      throw new S3Error(400, 'InvalidPart', `Part ${partNumber} was not uploaded or its ETag does not match.`);
    }
    chosen.push(part);
  }
  if (chosen.slice(0, -1).some((part) => part.body.length < MIN_PART_SIZE)) {
    throw new S3Error(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed object size.');
  }
  const md5s = chosen.map((part) => Buffer.from(part.etag.replaceAll('"', ''), 'hex'));
  const etag = `"${createHash('md5').update(Buffer.concat(md5s)).digest('hex')}-${chosen.length}"`;
  return { body: Buffer.concat(chosen.map((part) => part.body)), etag };
}

/** The page S3 answers for a sorted list: at most `max` items, and whether more follow. */
export function pageOf<T>(sorted: T[], max: number): { page: T[]; isTruncated: boolean } {
  const page = sorted.slice(0, max);
  return { page, isTruncated: sorted.length > page.length };
}

/** Uploads in listing order (key, then upload id: ours, where S3 orders one key's uploads by initiation). */
export function isAfterUploadMarker(upload: PendingUpload, { keyMarker, uploadIdMarker }: ListUploadsInput): boolean {
  const byKey = compareKeys(upload.key, keyMarker);
  if (byKey !== 0) return byKey > 0;
  return uploadIdMarker !== '' && upload.uploadId > uploadIdMarker;
}

export function compareUploads(a: PendingUpload, b: PendingUpload): number {
  return compareKeys(a.key, b.key) || (a.uploadId < b.uploadId ? -1 : a.uploadId > b.uploadId ? 1 : 0);
}
