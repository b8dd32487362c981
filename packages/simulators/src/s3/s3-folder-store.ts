import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
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
  S3Error,
  type S3Object,
  type S3Store,
} from './s3-store.ts';

export interface S3FolderStoreOptions {
  /** The folder every process of one installation shares, e.g. `<DATA_DIR>/simulators/s3`. */
  root: string;
  /** When given, only these buckets exist (more via CreateBucket); otherwise any bucket exists on first use. */
  buckets?: string[];
}

interface UploadMeta {
  bucket: string;
  key: string;
  contentType: string;
  initiated: string;
}

/** File names cap at 255 bytes; base64url grows a key by a third, so longer keys cannot be a file of their own. */
const MAX_FILE_NAME = 255;

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/**
 * Objects as files in a folder, so several server processes (each mounting the simulator under /sim/s3) see one
 * bucket, and objects outlive a restart, as real S3's do. Each object is one file, written to a temporary name
 * and renamed into place (atomic for readers in any process); its first line holds the content type and ETag as
 * JSON, the rest is the body, and the file's mtime is the object's LastModified. Names are base64url of the key,
 * which keeps any S3 key a flat, safe file name and lists in a folder without reading the files.
 */
export class S3FolderStore implements S3Store {
  readonly #root: string;
  readonly #isAutoCreate: boolean;

  constructor({ root, buckets }: S3FolderStoreOptions) {
    this.#root = root;
    this.#isAutoCreate = buckets === undefined;
    for (const name of buckets ?? []) mkdirSync(this.#bucketPath(name), { recursive: true });
  }

  #bucketPath(bucket: string): string {
    return join(this.#root, 'buckets', bucket);
  }

  #uploadPath(uploadId: string): string {
    // Upload ids are ours (UUIDs); anything else names no upload and must not become a path.
    if (!/^[0-9a-f-]{36}$/.test(uploadId)) throw noSuchUpload();
    return join(this.#root, 'uploads', uploadId);
  }

  async #bucket(bucket: string): Promise<string> {
    const path = this.#bucketPath(bucket);
    if (this.#isAutoCreate) {
      await mkdir(path, { recursive: true });
      return path;
    }
    const stats = await stat(path).catch(() => null);
    if (!stats?.isDirectory()) throw noSuchBucket();
    return path;
  }

  async #objectPath({ bucket, key }: ObjectRef): Promise<string> {
    const name = Buffer.from(key).toString('base64url');
    if (name.length > MAX_FILE_NAME) throw new S3Error(400, 'KeyTooLongError', 'Your key is too long (simulator).');
    return join(await this.#bucket(bucket), name);
  }

  async #writeAtomically(path: string, data: Buffer): Promise<void> {
    const tempFolder = join(this.#root, 'tmp');
    await mkdir(tempFolder, { recursive: true });
    const temp = join(tempFolder, randomUUID());
    await writeFile(temp, data);
    await rename(temp, path);
  }

  async #readObject(path: string): Promise<S3Object> {
    let data: Buffer;
    try {
      data = await readFile(path);
    } catch (error) {
      if (isMissing(error)) throw noSuchKey();
      throw error;
    }
    const { mtime } = await stat(path);
    const end = data.indexOf(0x0a);
    const { contentType, etag } = JSON.parse(data.subarray(0, end).toString('utf8')) as S3Object;
    return { body: data.subarray(end + 1), contentType, etag, lastModified: mtime };
  }

  async #writeObject(ref: ObjectRef, object: Omit<S3Object, 'lastModified'>): Promise<S3Object> {
    const path = await this.#objectPath(ref);
    const header = Buffer.from(`${JSON.stringify({ contentType: object.contentType, etag: object.etag })}\n`);
    await this.#writeAtomically(path, Buffer.concat([header, object.body]));
    return { ...object, lastModified: (await stat(path)).mtime };
  }

  async createBucket({ bucket }: { bucket: string }): Promise<void> {
    await mkdir(this.#bucketPath(bucket), { recursive: true });
  }

  async headBucket({ bucket }: { bucket: string }): Promise<void> {
    await this.#bucket(bucket);
  }

  async putObject({ bucket, key, body, contentType }: ObjectRef & { body: Buffer; contentType: string }) {
    return this.#writeObject({ bucket, key }, { body, contentType, etag: quotedMd5(body) });
  }

  async getObject(ref: ObjectRef): Promise<S3Object> {
    return this.#readObject(await this.#objectPath(ref));
  }

  async deleteObject(ref: ObjectRef): Promise<void> {
    await rm(await this.#objectPath(ref), { force: true });
  }

  async listObjects({ bucket, prefix, startAfter, maxKeys }: ListObjectsInput) {
    const folder = await this.#bucket(bucket);
    const keys = (await readdir(folder))
      .map((name) => Buffer.from(name, 'base64url').toString())
      .filter((key) => key.startsWith(prefix) && compareKeys(key, startAfter) > 0)
      .sort(compareKeys);
    const { page, isTruncated } = pageOf(keys, maxKeys);
    const objects: { key: string; object: S3Object }[] = [];
    for (const key of page) {
      // Another process may delete an object between the listing and this read: S3 would not list it either.
      const object = await this.getObject({ bucket, key }).catch((error: unknown) => {
        if (error instanceof S3Error && error.code === 'NoSuchKey') return null;
        throw error;
      });
      if (object) objects.push({ key, object });
    }
    return { objects, isTruncated };
  }

  async createMultipartUpload({ bucket, key, contentType }: ObjectRef & { contentType: string }): Promise<string> {
    await this.#objectPath({ bucket, key });
    const uploadId = randomUUID();
    const folder = this.#uploadPath(uploadId);
    await mkdir(folder, { recursive: true });
    const meta: UploadMeta = { bucket, key, contentType, initiated: new Date().toISOString() };
    await this.#writeAtomically(join(folder, 'upload.json'), Buffer.from(JSON.stringify(meta)));
    return uploadId;
  }

  async #upload({ bucket, key, uploadId }: ObjectRef & { uploadId: string }): Promise<UploadMeta> {
    const meta = await this.#readUploadMeta(uploadId);
    if (!meta || meta.bucket !== bucket || meta.key !== key) throw noSuchUpload();
    return meta;
  }

  async #readUploadMeta(uploadId: string): Promise<UploadMeta | null> {
    try {
      return JSON.parse(await readFile(join(this.#uploadPath(uploadId), 'upload.json'), 'utf8')) as UploadMeta;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async uploadPart(input: ObjectRef & { uploadId: string; partNumber: number; body: Buffer }): Promise<string> {
    await this.#upload(input);
    assertPartNumber(input.partNumber);
    await this.#writeAtomically(join(this.#uploadPath(input.uploadId), `${input.partNumber}.part`), input.body);
    return quotedMd5(input.body);
  }

  async completeMultipartUpload(
    input: ObjectRef & { uploadId: string; parts: { partNumber: number; etag: string }[] },
  ): Promise<S3Object> {
    const meta = await this.#upload(input);
    const folder = this.#uploadPath(input.uploadId);
    const uploaded = new Map<number, { body: Buffer; etag: string }>();
    for (const { partNumber } of input.parts) {
      const body = await readFile(join(folder, `${partNumber}.part`)).catch(() => null);
      if (body) uploaded.set(partNumber, { body, etag: quotedMd5(body) });
    }
    const { body, etag } = assembleParts(input.parts, (partNumber) => uploaded.get(partNumber));
    const object = await this.#writeObject(input, { body, contentType: meta.contentType, etag });
    await rm(folder, { recursive: true, force: true });
    return object;
  }

  async abortMultipartUpload(input: ObjectRef & { uploadId: string }): Promise<void> {
    await this.#upload(input);
    await rm(this.#uploadPath(input.uploadId), { recursive: true, force: true });
  }

  async listMultipartUploads(input: ListUploadsInput) {
    await this.#bucket(input.bucket);
    const ids = await readdir(join(this.#root, 'uploads')).catch((error: unknown) => {
      if (isMissing(error)) return [];
      throw error;
    });
    const uploads: PendingUpload[] = [];
    for (const uploadId of ids) {
      const meta = await this.#readUploadMeta(uploadId).catch(() => null);
      if (!meta || meta.bucket !== input.bucket || !meta.key.startsWith(input.prefix)) continue;
      const upload = { key: meta.key, uploadId, initiated: new Date(meta.initiated) };
      if (isAfterUploadMarker(upload, input)) uploads.push(upload);
    }
    const { page, isTruncated } = pageOf(uploads.sort(compareUploads), input.maxUploads);
    return { uploads: page, isTruncated };
  }
}
