import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startS3Simulator } from '@signlink/simulators/s3/s3-simulator';
import { describe, expect, it } from 'vitest';
import { createStorage } from './create-storage.ts';

describe('createStorage', () => {
  it('builds local folder storage that writes under the root', async () => {
    const root = await mkdtemp(join(tmpdir(), 'signlink-create-storage-'));
    try {
      const storage = createStorage({ driver: 'local', root });
      await storage.put({ key: 'x/y.txt', body: Buffer.from('local') });
      expect(await readFile(join(root, 'x', 'y.txt'), 'utf8')).toBe('local');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('builds S3 storage that writes to the bucket', async () => {
    const simulator = await startS3Simulator({ buckets: ['files'] });
    try {
      const storage = createStorage({
        driver: 's3',
        bucket: 'files',
        region: 'eu-north-1',
        endpoint: simulator.url,
        forcePathStyle: true,
        accessKeyId: 'simulator',
        secretAccessKey: 'simulator-secret',
      });
      await storage.put({ key: 'x/y.txt', body: Buffer.from('s3') });
      expect((await simulator.store.getObject({ bucket: 'files', key: 'x/y.txt' })).body.toString()).toBe('s3');
    } finally {
      await simulator.close();
    }
  });

  it('refuses half-given S3 credentials', () => {
    expect(() =>
      createStorage({ driver: 's3', bucket: 'files', region: 'eu-north-1', accessKeyId: 'only-id' }),
    ).toThrow('both accessKeyId and secretAccessKey');
  });
});
