import { CreateMultipartUploadCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { type RunningS3Simulator, startS3Simulator } from '@signlink/simulators/s3/s3-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Client, createS3Storage, type S3StorageConfig } from './s3.adapter.ts';
import type { Storage } from './storage.port.ts';
import { listAll, simulatorS3Config } from './storage-test-helpers.ts';

const BUCKET = 'signlink-listing';

describe('S3 storage against the S3 simulator: listing and partial writes', () => {
  let simulator: RunningS3Simulator;
  let config: S3StorageConfig;
  let storage: Storage;

  beforeAll(async () => {
    simulator = await startS3Simulator({ buckets: [BUCKET] });
    config = simulatorS3Config({ endpoint: simulator.url, bucket: BUCKET, prefix: 'installations/one' });
    storage = createS3Storage(config);
  });

  afterAll(async () => {
    await simulator.close();
  });

  it('lists the objects under its prefix page by page (ListObjectsV2 continuation tokens), by key prefix', async () => {
    const keys = ['accounts/a1/logo', 'documents/d1/a.pdf', 'documents/d1/b.pdf', 'documents/d2/c.pdf', 'top.bin'];
    for (const [index, key] of keys.entries()) await storage.put({ key, body: new Uint8Array(index + 1) });
    const client = createS3Client(config);
    // Another installation's object and a name that is no key of ours: neither is listed.
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'installations/two/documents/x.pdf', Body: 'x' }));
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'installations/one/bad name', Body: 'x' }));
    const started = Date.now();

    const all = await listAll(storage, { pageSize: 2 });
    expect(all.map((object) => [object.key, object.size])).toEqual(keys.map((key, index) => [key, index + 1]));
    for (const object of all) expect(Math.abs(object.lastModified.getTime() - started)).toBeLessThan(60_000);
    expect((await listAll(storage, { prefix: 'documents/d1/', pageSize: 1 })).map((object) => object.key)).toEqual([
      'documents/d1/a.pdf',
      'documents/d1/b.pdf',
    ]);
  });

  it('aborts multipart uploads begun before the cut-off under its prefix, and no others', async () => {
    const client = createS3Client(config);
    const begin = async (Key: string) =>
      (await client.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key }))).UploadId;
    const ours = await begin('installations/one/documents/d9/big.pdf');
    await begin('installations/two/documents/d9/big.pdf');
    expect(simulator.store.pendingUploadCount).toBe(2);

    expect(await storage.removeIncompleteUploads({ startedBefore: new Date(Date.now() - 3600_000) })).toMatchObject({
      count: 0,
    });
    const removed = await storage.removeIncompleteUploads({ startedBefore: new Date(Date.now() + 1000) });
    expect(removed).toMatchObject({ count: 1, names: [`documents/d9/big.pdf ${ours}`] });
    expect(simulator.store.pendingUploadCount).toBe(1);
  });
});
