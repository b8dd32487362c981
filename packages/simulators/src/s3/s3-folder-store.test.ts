import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { S3FolderStore } from './s3-folder-store.ts';
import { buildS3Simulator, startS3Simulator } from './s3-simulator.ts';
import { MIN_PART_SIZE } from './s3-store.ts';

const keysIn = (xml: string) => [...xml.matchAll(/<Key>([^<]+)<\/Key>/g)].map((match) => match[1]);

describe('S3 simulator on a shared folder', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 's3-folder-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('keeps objects across a restart and shows them to a second instance on the same folder', async () => {
    const first = await startS3Simulator({ store: new S3FolderStore({ root, buckets: ['files'] }) });
    const second = buildS3Simulator({ store: new S3FolderStore({ root, buckets: ['files'] }) });
    const put = await fetch(`${first.url}/files/documents/d1/a.pdf`, {
      method: 'PUT',
      body: 'first',
      headers: { 'content-type': 'application/pdf' },
    });
    expect(put.status).toBe(200);

    const seen = await second.inject({ method: 'GET', url: '/files/documents/d1/a.pdf' });
    expect(seen.body).toBe('first');
    expect(seen.headers['content-type']).toBe('application/pdf');
    expect(seen.headers.etag).toBe(put.headers.get('etag'));
    await second.inject({ method: 'PUT', url: '/files/documents/d2/b.pdf', payload: 'second' });
    await first.close();

    const restarted = await startS3Simulator({ store: new S3FolderStore({ root, buckets: ['files'] }) });
    expect(await (await fetch(`${restarted.url}/files/documents/d1/a.pdf`)).text()).toBe('first');
    const listed = await (await fetch(`${restarted.url}/files?list-type=2&prefix=documents/&max-keys=1`)).text();
    expect(keysIn(listed)).toEqual(['documents/d1/a.pdf']);
    expect(listed).toContain('<IsTruncated>true</IsTruncated>');
    await restarted.close();

    await second.inject({ method: 'DELETE', url: '/files/documents/d1/a.pdf' });
    const gone = await second.inject({ method: 'GET', url: '/files/documents/d1/a.pdf' });
    expect(gone.body).toContain('<Code>NoSuchKey</Code>');
  });

  it('shares multipart uploads between instances, lists pending ones in pages, and aborts them', async () => {
    const a = buildS3Simulator({ store: new S3FolderStore({ root }) });
    const b = buildS3Simulator({ store: new S3FolderStore({ root }) });
    const begin = async (key: string) => {
      const response = await a.inject({ method: 'POST', url: `/files/${key}?uploads` });
      return /<UploadId>([^<]+)<\/UploadId>/.exec(response.body)?.[1] ?? '';
    };
    const big = await begin('big.bin');
    const left = await begin('left.bin');
    const first = await b.inject({
      method: 'PUT',
      url: `/files/big.bin?partNumber=1&uploadId=${big}`,
      payload: Buffer.alloc(MIN_PART_SIZE, 1),
    });
    const second = await a.inject({ method: 'PUT', url: `/files/big.bin?partNumber=2&uploadId=${big}`, payload: 'x' });

    const page = await b.inject({ method: 'GET', url: '/files?uploads&max-uploads=1' });
    expect(keysIn(page.body)).toEqual(['big.bin']);
    expect(page.body).toContain('<IsTruncated>true</IsTruncated>');
    expect(page.body).toMatch(/<Initiated>\d{4}-\d\d-\d\dT/);
    const marker = `key-marker=big.bin&upload-id-marker=${big}`;
    const next = await b.inject({ method: 'GET', url: `/files?uploads&${marker}` });
    expect(keysIn(next.body)).toEqual(['left.bin']);

    const parts = [first, second]
      .map((part, index) => `<Part><PartNumber>${index + 1}</PartNumber><ETag>${part.headers.etag}</ETag></Part>`)
      .join('');
    const done = await b.inject({
      method: 'POST',
      url: `/files/big.bin?uploadId=${big}`,
      payload: `<CompleteMultipartUpload>${parts}</CompleteMultipartUpload>`,
      headers: { 'content-type': 'application/xml' },
    });
    expect(done.statusCode).toBe(200);
    expect((await a.inject({ method: 'HEAD', url: '/files/big.bin' })).headers['content-length']).toBe(
      String(MIN_PART_SIZE + 1),
    );

    expect((await b.inject({ method: 'DELETE', url: `/files/left.bin?uploadId=${left}` })).statusCode).toBe(204);
    expect(keysIn((await a.inject({ method: 'GET', url: '/files?uploads' })).body)).toEqual([]);
  });

  it('knows only the configured buckets when given a list', async () => {
    const app = buildS3Simulator({ store: new S3FolderStore({ root, buckets: ['files'] }) });
    expect((await app.inject({ method: 'HEAD', url: '/files' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/other/key' })).body).toContain('<Code>NoSuchBucket</Code>');
  });
});
