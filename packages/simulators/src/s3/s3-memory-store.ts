import { createHash, randomUUID } from 'node:crypto';

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

interface UploadedPart {
  body: Buffer;
  etag: string;
}

interface MultipartUpload {
  bucket: string;
  key: string;
  contentType: string;
  parts: Map<number, UploadedPart>;
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

export interface S3MemoryStoreOptions {
  /** When given, only these buckets exist (more via CreateBucket); otherwise any bucket exists on first use. */
  buckets?: string[];
}

interface ObjectRef {
  bucket: string;
  key: string;
}

function quotedMd5(data: Buffer): string {
  return `"${createHash('md5').update(data).digest('hex')}"`;
}

/** Objects and multipart uploads in memory, with S3's rules and error codes; the simulator's HTTP layer sits on top. */
export class S3MemoryStore {
  readonly #buckets = new Map<string, Map<string, S3Object>>();
  readonly #uploads = new Map<string, MultipartUpload>();
  readonly #isAutoCreate: boolean;

  constructor({ buckets }: S3MemoryStoreOptions = {}) {
    this.#isAutoCreate = buckets === undefined;
    for (const name of buckets ?? []) this.#buckets.set(name, new Map());
  }

  createBucket({ bucket }: { bucket: string }): void {
    if (!this.#buckets.has(bucket)) this.#buckets.set(bucket, new Map());
  }

  #bucket(name: string): Map<string, S3Object> {
    const existing = this.#buckets.get(name);
    if (existing) return existing;
    if (!this.#isAutoCreate) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');
    const created = new Map<string, S3Object>();
    this.#buckets.set(name, created);
    return created;
  }

  headBucket({ bucket }: { bucket: string }): void {
    this.#bucket(bucket);
  }

  putObject({ bucket, key, body, contentType }: ObjectRef & { body: Buffer; contentType: string }): S3Object {
    const object = { body, contentType, etag: quotedMd5(body), lastModified: new Date() };
    this.#bucket(bucket).set(key, object);
    return object;
  }

  getObject({ bucket, key }: ObjectRef): S3Object {
    const object = this.#bucket(bucket).get(key);
    if (!object) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
    return object;
  }

  /** S3 deletes are idempotent: a missing key still succeeds. */
  deleteObject({ bucket, key }: ObjectRef): void {
    this.#bucket(bucket).delete(key);
  }

  /** Keys in UTF-8 binary order, as S3 lists them; `startAfter` doubles as the continuation token. */
  listObjects({
    bucket,
    prefix,
    startAfter,
    maxKeys,
  }: {
    bucket: string;
    prefix: string;
    startAfter: string;
    maxKeys: number;
  }) {
    const keys = [...this.#bucket(bucket).keys()]
      .filter((key) => key.startsWith(prefix) && key > startAfter)
      .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    const page = keys.slice(0, maxKeys);
    const objects = page.map((key) => ({ key, object: this.getObject({ bucket, key }) }));
    return { objects, isTruncated: keys.length > page.length };
  }

  createMultipartUpload({ bucket, key, contentType }: ObjectRef & { contentType: string }): string {
    this.#bucket(bucket);
    const uploadId = randomUUID();
    this.#uploads.set(uploadId, { bucket, key, contentType, parts: new Map() });
    return uploadId;
  }

  #upload({ bucket, key, uploadId }: ObjectRef & { uploadId: string }): MultipartUpload {
    const upload = this.#uploads.get(uploadId);
    if (!upload || upload.bucket !== bucket || upload.key !== key) {
      throw new S3Error(404, 'NoSuchUpload', 'The specified multipart upload does not exist.');
    }
    return upload;
  }

  uploadPart(input: ObjectRef & { uploadId: string; partNumber: number; body: Buffer }): string {
    const upload = this.#upload(input);
    if (!Number.isInteger(input.partNumber) || input.partNumber < 1 || input.partNumber > MAX_PART_NUMBER) {
      throw new S3Error(400, 'InvalidArgument', `Part number must be an integer between 1 and ${MAX_PART_NUMBER}`);
    }
    const etag = quotedMd5(input.body);
    upload.parts.set(input.partNumber, { body: input.body, etag });
    return etag;
  }

  completeMultipartUpload(
    input: ObjectRef & { uploadId: string; parts: { partNumber: number; etag: string }[] },
  ): S3Object {
    const upload = this.#upload(input);
    if (input.parts.length === 0) throw new S3Error(400, 'MalformedXML', 'The XML you provided was not well-formed');
    const chosen: UploadedPart[] = [];
    let previous = 0;
    for (const { partNumber, etag } of input.parts) {
      if (partNumber <= previous)
        throw new S3Error(400, 'InvalidPartOrder', 'The list of parts was not in ascending order.');
      previous = partNumber;
      const part = upload.parts.get(partNumber);
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
    const body = Buffer.concat(chosen.map((part) => part.body));
    const object = { body, contentType: upload.contentType, etag, lastModified: new Date() };
    this.#bucket(upload.bucket).set(upload.key, object);
    this.#uploads.delete(input.uploadId);
    return object;
  }

  abortMultipartUpload(input: ObjectRef & { uploadId: string }): void {
    this.#upload(input);
    this.#uploads.delete(input.uploadId);
  }

  /** Multipart uploads begun and neither completed nor aborted; tests use it to prove failed uploads clean up. */
  get pendingUploadCount(): number {
    return this.#uploads.size;
  }
}
