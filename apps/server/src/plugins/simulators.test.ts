import { createS3Storage } from '@signlink/providers/storage/s3.adapter';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

describe('simulators under /sim', () => {
  it('serve the S3 protocol to the real S3 adapter when simulators are on', async () => {
    testApp = await buildTestApp({ env: { SIMULATORS: 'on' } });
    const origin = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const storage = createS3Storage({
      bucket: 'signlink-dev',
      region: 'eu-north-1',
      endpoint: `${origin}/sim/s3`,
      forcePathStyle: true,
      accessKeyId: 'sim',
      secretAccessKey: 'sim',
    });
    const stored = await storage.put({ key: 'docs/a.pdf', body: new TextEncoder().encode('%PDF-1.7 hello') });
    expect(stored.size).toBe(14);
    expect(await storage.stat({ key: 'docs/a.pdf' })).toEqual({ size: 14 });
  });

  it('do not exist when simulators are off', async () => {
    testApp = await buildTestApp({ env: { SIMULATORS: 'off' } });
    const response = await testApp.app.inject({ method: 'PUT', url: '/sim/s3/bucket/key', payload: 'x' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('ROUTE_NOT_FOUND');
  });
});
