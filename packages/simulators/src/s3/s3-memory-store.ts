import { randomUUID } from 'node:crypto';
import {
  assembleParts,
  assertPartNumber,
  compareKeys,
  compareUploads,
  isAfterUploadMarker,
  type ListObjectsInput,
  type ListUploadsInput,
  noSuchBucket,
  noSuchKey,
  noSuchUpload,
  type ObjectRef,
  type PendingUpload,
  pageOf,
  quotedMd5,
  type S3Object,
  type S3Store,
} from './s3-store.ts';

interface MultipartUpload {
  bucket: string;
  key: string;
  contentType: string;
  initiated: Date;
  parts: Map<number, { body: Buffer; etag: string }>;
}

export interface S3MemoryStoreOptions {
  /** When given, only these buckets exist (more via CreateBucket); otherwise any bucket exists on first use. */
  buckets?: string[];
}

/** Objects and multipart uploads in this process's memory: for tests that need no folder. */
export class S3MemoryStore implements S3Store {
  readonly #buckets = new Map<string, Map<string, S3Object>>();
  readonly #uploads = new Map<string, MultipartUpload>();
  readonly #isAutoCreate: boolean;

  constructor({ buckets }: S3MemoryStoreOptions = {}) {
    this.#isAutoCreate = buckets === undefined;
    for (const name of buckets ?? []) this.#buckets.set(name, new Map());
  }

  async createBucket({ bucket }: { bucket: string }): Promise<void> {
    if (!this.#buckets.has(bucket)) this.#buckets.set(bucket, new Map());
  }

  #bucket(name: string): Map<string, S3Object> {
    const existing = this.#buckets.get(name);
    if (existing) return existing;
    if (!this.#isAutoCreate) throw noSuchBucket();
    const created = new Map<string, S3Object>();
    this.#buckets.set(name, created);
    return created;
  }

  async headBucket({ bucket }: { bucket: string }): Promise<void> {
    this.#bucket(bucket);
  }

  async putObject({ bucket, key, body, contentType }: ObjectRef & { body: Buffer; contentType: string }) {
    const object = { body, contentType, etag: quotedMd5(body), lastModified: new Date() };
    this.#bucket(bucket).set(key, object);
    return object;
  }

  async getObject({ bucket, key }: ObjectRef): Promise<S3Object> {
    const object = this.#bucket(bucket).get(key);
    if (!object) throw noSuchKey();
    return object;
  }

  async deleteObject({ bucket, key }: ObjectRef): Promise<void> {
    this.#bucket(bucket).delete(key);
  }

  async listObjects({ bucket, prefix, startAfter, maxKeys }: ListObjectsInput) {
    const objects = this.#bucket(bucket);
    const keys = [...objects.keys()].filter((key) => key.startsWith(prefix) && key > startAfter).sort(compareKeys);
    const { page, isTruncated } = pageOf(keys, maxKeys);
    return { objects: page.map((key) => ({ key, object: objects.get(key) as S3Object })), isTruncated };
  }

  async createMultipartUpload({ bucket, key, contentType }: ObjectRef & { contentType: string }): Promise<string> {
    this.#bucket(bucket);
    const uploadId = randomUUID();
    this.#uploads.set(uploadId, { bucket, key, contentType, initiated: new Date(), parts: new Map() });
    return uploadId;
  }

  #upload({ bucket, key, uploadId }: ObjectRef & { uploadId: string }): MultipartUpload {
    const upload = this.#uploads.get(uploadId);
    if (!upload || upload.bucket !== bucket || upload.key !== key) throw noSuchUpload();
    return upload;
  }

  async uploadPart(input: ObjectRef & { uploadId: string; partNumber: number; body: Buffer }): Promise<string> {
    const upload = this.#upload(input);
    assertPartNumber(input.partNumber);
    const etag = quotedMd5(input.body);
    upload.parts.set(input.partNumber, { body: input.body, etag });
    return etag;
  }

  async completeMultipartUpload(
    input: ObjectRef & { uploadId: string; parts: { partNumber: number; etag: string }[] },
  ): Promise<S3Object> {
    const upload = this.#upload(input);
    const { body, etag } = assembleParts(input.parts, (partNumber) => upload.parts.get(partNumber));
    const object = { body, contentType: upload.contentType, etag, lastModified: new Date() };
    this.#bucket(upload.bucket).set(upload.key, object);
    this.#uploads.delete(input.uploadId);
    return object;
  }

  async abortMultipartUpload(input: ObjectRef & { uploadId: string }): Promise<void> {
    this.#upload(input);
    this.#uploads.delete(input.uploadId);
  }

  async listMultipartUploads(input: ListUploadsInput) {
    this.#bucket(input.bucket);
    const uploads: PendingUpload[] = [...this.#uploads]
      .filter(([, upload]) => upload.bucket === input.bucket && upload.key.startsWith(input.prefix))
      .map(([uploadId, { key, initiated }]) => ({ key, uploadId, initiated }))
      .filter((upload) => isAfterUploadMarker(upload, input))
      .sort(compareUploads);
    const { page, isTruncated } = pageOf(uploads, input.maxUploads);
    return { uploads: page, isTruncated };
  }

  /** Multipart uploads begun and neither completed nor aborted; tests use it to prove failed uploads clean up. */
  get pendingUploadCount(): number {
    return this.#uploads.size;
  }
}
