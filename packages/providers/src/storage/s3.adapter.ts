import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { DigestStream, toReadable } from './digest-stream.ts';
import {
  type ObjectKeyInput,
  type ObjectStat,
  type PutObjectInput,
  type Storage,
  StorageNotFoundError,
  type StoredObject,
} from './storage.port.ts';
import { assertStorageKey } from './storage-key.ts';

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
      return { size: response.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async function deleteObject({ key }: ObjectKeyInput): Promise<void> {
    // S3 answers 204 whether or not the key existed, which makes delete idempotent.
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
  }

  async function check(): Promise<void> {
    // Fails on a wrong endpoint, missing bucket or bad credentials alike: all mean files cannot be stored.
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  }

  return { put, get, stat, delete: deleteObject, check };
}
