import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { DigestStream, toReadable } from './digest-stream.ts';
import {
  type ListedObject,
  type ListObjectsInput,
  type ObjectKeyInput,
  type ObjectStat,
  type PutObjectInput,
  type RemovedUploads,
  type Storage,
  StorageNotFoundError,
  type StoredObject,
} from './storage.port.ts';
import { assertStorageKey, isStorageKey } from './storage-key.ts';

export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** For S3-compatible services and the simulator, e.g. `http://127.0.0.1:9000`; AWS itself needs none. */
  endpoint?: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key`; most S3-compatible services need it. */
  forcePathStyle?: boolean;
  /** Both or neither; without them the SDK's default chain applies (environment, shared files, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Folder-like prefix inside the bucket, e.g. `signlink/production`, so several installations can share one. */
  prefix?: string;
}

/**
 * Bodies of unknown length are cut into parts of this size; S3's minimum part size is 5 MiB, and lib-storage
 * keeps up to `QUEUE_SIZE` parts in memory per upload, so one upload buffers at most 20 MiB.
 */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 4;
/** ListObjectsV2 and ListMultipartUploads answer at most 1000 entries a call. */
const MAX_PAGE_SIZE = 1000;

function normalizePrefix(prefix: string | undefined): string {
  const trimmed = (prefix ?? '').replace(/^\/+|\/+$/g, '');
  if (trimmed) assertStorageKey(trimmed);
  return trimmed;
}

/** S3 answers a missing object with 404: `NoSuchKey` from GET, a bodiless `NotFound` from HEAD. */
function isNotFound(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

export function createS3Client(config: S3StorageConfig): S3Client {
  const { region, endpoint, forcePathStyle, accessKeyId, secretAccessKey } = config;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error('S3 storage needs both accessKeyId and secretAccessKey, or neither');
  }
  const clientConfig: S3ClientConfig = {
    region,
    forcePathStyle: forcePathStyle ?? false,
    // Since SDK 3.729 the default (WHEN_SUPPORTED) adds CRC32 checksums to every upload, streamed bodies as
    // aws-chunked with a trailer; several S3-compatible services (older MinIO, Ceph, R2, B2) reject those.
    // Integrity does not depend on them: TLS protects the transfer and we record our own SHA-256.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  if (endpoint) clientConfig.endpoint = endpoint;
  if (accessKeyId && secretAccessKey) clientConfig.credentials = { accessKeyId, secretAccessKey };
  return new S3Client(clientConfig);
}

/** Stores each key as an object in an S3 bucket (ARCHITECTURE "Scale-out": used when `S3_BUCKET` is set). */
export function createS3Storage(config: S3StorageConfig): Storage {
  const { bucket } = config;
  const prefix = normalizePrefix(config.prefix);
  const client = createS3Client(config);

  function objectKey(key: string): string {
    assertStorageKey(key);
    return prefix ? `${prefix}/${key}` : key;
  }

  async function put({ key, body, contentType }: PutObjectInput): Promise<StoredObject> {
    const Key = objectKey(key);
    const source = toReadable(body);
    // The digest sits between the caller's stream and the upload, hashing exactly the bytes S3 receives.
    const digest = new DigestStream();
    source.on('error', (error) => digest.destroy(error));
    // lib-storage reads `digest` with an async iterator, which sees the error itself; this listener only keeps
    // a late error (after the upload has already failed and stopped reading) from crashing the process.
    digest.on('error', () => {});
    source.pipe(digest);
    const upload = new Upload({
      client,
      params: { Bucket: bucket, Key, Body: digest, ContentType: contentType ?? 'application/octet-stream' },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      // On failure lib-storage aborts the multipart upload, so no parts linger and no object appears.
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      source.destroy();
      digest.destroy();
      throw error;
    }
    return { key, ...digest.digest };
  }

  async function get({ key }: ObjectKeyInput): Promise<Readable> {
    try {
      const response = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
      if (!(response.Body instanceof Readable)) throw new Error('S3 GetObject returned no Node.js stream');
      return response.Body;
    } catch (error) {
      if (isNotFound(error)) throw new StorageNotFoundError(key);
      throw error;
    }
  }

  async function stat({ key }: ObjectKeyInput): Promise<ObjectStat | null> {
    try {
      const response = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
      return { size: response.ContentLength ?? 0, lastModified: response.LastModified ?? new Date(0) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async function deleteObject({ key }: ObjectKeyInput): Promise<void> {
    // S3 answers 204 whether or not the key existed, which makes delete idempotent.
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
  }

  /** Our keys as S3 has them under the prefix; anything else in the bucket is not ours. */
  function keyOf(objectKeyInBucket: string | undefined): string | null {
    if (objectKeyInBucket === undefined) return null;
    const key = prefix ? objectKeyInBucket.slice(prefix.length + 1) : objectKeyInBucket;
    const isOurs = !prefix || objectKeyInBucket.startsWith(`${prefix}/`);
    return isOurs && isStorageKey(key) ? key : null;
  }

  async function* list({ prefix: keyPrefix = '', pageSize = MAX_PAGE_SIZE }: ListObjectsInput = {}) {
    const Prefix = prefix ? `${prefix}/${keyPrefix}` : keyPrefix;
    let ContinuationToken: string | undefined;
    do {
      const response = await client.send(
        new ListObjectsV2Command({
          Bucket: bucket,
          Prefix,
          MaxKeys: Math.min(pageSize, MAX_PAGE_SIZE),
          ...(ContinuationToken ? { ContinuationToken } : {}),
        }),
      );
      const page: ListedObject[] = [];
      for (const object of response.Contents ?? []) {
        const key = keyOf(object.Key);
        if (key) page.push({ key, size: object.Size ?? 0, lastModified: object.LastModified ?? new Date(0) });
      }
      if (page.length > 0) yield page;
      ContinuationToken = response.IsTruncated ? response.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  /**
   * A process killed mid-upload leaves a multipart upload that S3 keeps, and bills, until aborted (a bucket
   * lifecycle rule can do the same; this works on any S3-compatible service). Single PUTs leave nothing.
   */
  async function removeIncompleteUploads({ startedBefore }: { startedBefore: Date }): Promise<RemovedUploads> {
    const removed: RemovedUploads = { count: 0, bytes: 0, names: [] };
    let KeyMarker: string | undefined;
    let UploadIdMarker: string | undefined;
    do {
      const response = await client.send(
        new ListMultipartUploadsCommand({
          Bucket: bucket,
          ...(prefix ? { Prefix: `${prefix}/` } : {}),
          ...(KeyMarker ? { KeyMarker } : {}),
          ...(UploadIdMarker ? { UploadIdMarker } : {}),
        }),
      );
      for (const upload of response.Uploads ?? []) {
        const key = keyOf(upload.Key);
        if (!key || !upload.UploadId || !upload.Initiated || upload.Initiated >= startedBefore) continue;
        await client.send(
          new AbortMultipartUploadCommand({ Bucket: bucket, Key: upload.Key, UploadId: upload.UploadId }),
        );
        removed.count += 1;
        removed.names.push(`${key} ${upload.UploadId}`);
      }
      const isTruncated = response.IsTruncated ?? false;
      KeyMarker = isTruncated ? response.NextKeyMarker : undefined;
      UploadIdMarker = isTruncated ? response.NextUploadIdMarker : undefined;
    } while (KeyMarker);
    return removed;
  }

  async function check(): Promise<void> {
    // Fails on a wrong endpoint, missing bucket or bad credentials alike: all mean files cannot be stored.
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  }

  return { put, get, stat, delete: deleteObject, list, removeIncompleteUploads, check };
}
