import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { S3MemoryStore } from './s3-memory-store.ts';
import { buildS3Simulator, s3SimulatorPlugin, startS3Simulator } from './s3-simulator.ts';
import { MIN_PART_SIZE } from './s3-store.ts';

function completeXml(parts: { partNumber: number; etag: string }[]): string {
  const inner = parts
    .map(
      ({ partNumber, etag }) =>
        `<Part><ETag>${etag.replaceAll('"', '&quot;')}</ETag><PartNumber>${partNumber}</PartNumber></Part>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><CompleteMultipartUpload xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${inner}</CompleteMultipartUpload>`;
}

describe('S3 simulator', () => {
  it('stores a body verbatim whatever its content type, and mounts under a prefix', async () => {
    const store = new S3MemoryStore();
    const host = Fastify();
    host.register(s3SimulatorPlugin, { prefix: '/sim/s3', store });
    host.post('/echo', async (req) => req.body);

    const json = '{ "not": "parsed" }';
    const put = await host.inject({
      method: 'PUT',
      url: '/sim/s3/files/a/b.json',
      payload: json,
      headers: { 'content-type': 'application/json' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect((await store.getObject({ bucket: 'files', key: 'a/b.json' })).body.toString()).toBe(json);

    const get = await host.inject({ method: 'GET', url: '/sim/s3/files/a/b.json' });
    expect(get.body).toBe(json);
    expect(get.headers['content-type']).toBe('application/json');

    // The host application's own JSON parsing is untouched by the plugin's raw-body parser.
    const echo = await host.inject({ method: 'POST', url: '/echo', payload: { a: 1 } });
    expect(echo.json()).toEqual({ a: 1 });
  });

  it('answers a missing key with a NoSuchKey XML error, and HEAD with a bare 404', async () => {
    const app = buildS3Simulator();
    const get = await app.inject({ method: 'GET', url: '/files/missing.pdf' });
    expect(get.statusCode).toBe(404);
    expect(get.headers['content-type']).toContain('application/xml');
    expect(get.body).toContain('<Code>NoSuchKey</Code>');

    const head = await app.inject({ method: 'HEAD', url: '/files/missing.pdf' });
    expect(head.statusCode).toBe(404);
    expect(head.body).toBe('');
  });

  it('knows only the configured buckets when given a list', async () => {
    const app = buildS3Simulator({ buckets: ['files'] });
    expect((await app.inject({ method: 'HEAD', url: '/files' })).statusCode).toBe(200);
    const other = await app.inject({ method: 'GET', url: '/other/key' });
    expect(other.statusCode).toBe(404);
    expect(other.body).toContain('<Code>NoSuchBucket</Code>');
  });

  it('enforces multipart rules: part size, ETags, order, and aborted uploads', async () => {
    const app = buildS3Simulator();
    const start = async () => {
      const response = await app.inject({ method: 'POST', url: '/files/big.bin?uploads' });
      return /<UploadId>([^<]+)<\/UploadId>/.exec(response.body)?.[1] ?? '';
    };
    const uploadPart = async (uploadId: string, partNumber: number, size: number) => {
      const url = `/files/big.bin?partNumber=${partNumber}&uploadId=${uploadId}`;
      const response = await app.inject({ method: 'PUT', url, payload: Buffer.alloc(size, partNumber) });
      return { partNumber, etag: String(response.headers.etag) };
    };
    const complete = (uploadId: string, parts: { partNumber: number; etag: string }[]) =>
      app.inject({
        method: 'POST',
        url: `/files/big.bin?uploadId=${uploadId}`,
        payload: completeXml(parts),
        headers: { 'content-type': 'application/xml' },
      });

    const small = await start();
    const tooSmall = [await uploadPart(small, 1, 1024), await uploadPart(small, 2, 1024)];
    expect((await complete(small, tooSmall)).body).toContain('<Code>EntityTooSmall</Code>');
    expect((await complete(small, [{ partNumber: 1, etag: '"0000"' }])).body).toContain('<Code>InvalidPart</Code>');
    expect((await complete(small, [...tooSmall].reverse())).body).toContain('<Code>InvalidPartOrder</Code>');
    expect((await app.inject({ method: 'DELETE', url: `/files/big.bin?uploadId=${small}` })).statusCode).toBe(204);
    expect((await complete(small, tooSmall)).body).toContain('<Code>NoSuchUpload</Code>');

    const good = await start();
    const parts = [await uploadPart(good, 1, MIN_PART_SIZE), await uploadPart(good, 2, 10)];
    const done = await complete(good, parts);
    expect(done.statusCode).toBe(200);
    expect(done.body).toMatch(/<ETag>&quot;[0-9a-f]{32}-2&quot;<\/ETag>/);
    const head = await app.inject({ method: 'HEAD', url: '/files/big.bin' });
    expect(head.headers['content-length']).toBe(String(MIN_PART_SIZE + 10));
  });

  it('lists objects by prefix in pages (ListObjectsV2)', async () => {
    const app = buildS3Simulator();
    for (const key of ['docs/b', 'docs/a', 'docs/c', 'other/x']) {
      await app.inject({ method: 'PUT', url: `/files/${key}`, payload: key });
    }
    const first = await app.inject({ method: 'GET', url: '/files?list-type=2&prefix=docs/&max-keys=2' });
    expect([...first.body.matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1])).toEqual(['docs/a', 'docs/b']);
    expect(first.body).toContain('<IsTruncated>true</IsTruncated>');
    const token = /<NextContinuationToken>([^<]+)</.exec(first.body)?.[1] ?? '';
    const second = await app.inject({
      method: 'GET',
      url: `/files?list-type=2&prefix=docs/&continuation-token=${token}`,
    });
    expect([...second.body.matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1])).toEqual(['docs/c']);
    expect(second.body).toContain('<IsTruncated>false</IsTruncated>');
  });

  it('refuses operations it does not implement instead of pretending', async () => {
    const app = buildS3Simulator();
    const copy = await app.inject({
      method: 'PUT',
      url: '/files/copy',
      headers: { 'x-amz-copy-source': '/files/src' },
    });
    expect(copy.statusCode).toBe(501);
    expect(copy.body).toContain('<Code>NotImplemented</Code>');
  });

  it('listens on a loopback port and closes', async () => {
    const simulator = await startS3Simulator();
    expect(simulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${simulator.url}/files/hello.txt`, { method: 'PUT', body: 'hi' });
    expect(response.status).toBe(200);
    expect((await simulator.store.getObject({ bucket: 'files', key: 'hello.txt' })).body.toString()).toBe('hi');
    await simulator.close();
    await expect(fetch(`${simulator.url}/files/hello.txt`)).rejects.toThrow();
  });
});
