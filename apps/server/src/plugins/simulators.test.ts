import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createS3Storage } from '@signlink/providers/storage/s3.adapter';
import { readAll } from '@signlink/providers/storage/storage-test-helpers';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

let testApp: TestApp | undefined;
let otherApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  await otherApp?.close();
  testApp = undefined;
  otherApp = undefined;
});

const simulatedS3 = (origin: string) =>
  createS3Storage({
    bucket: 'signlink-dev',
    region: 'eu-north-1',
    endpoint: `${origin}/sim/s3`,
    forcePathStyle: true,
    accessKeyId: 'sim',
    secretAccessKey: 'sim',
  });

describe('simulators under /sim', () => {
  it('serve the S3 protocol to the real S3 adapter when simulators are on', async () => {
    testApp = await buildTestApp({ env: { SIMULATORS: 'on' } });
    const origin = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const storage = simulatedS3(origin);
    const stored = await storage.put({ key: 'docs/a.pdf', body: new TextEncoder().encode('%PDF-1.7 hello') });
    expect(stored.size).toBe(14);
    expect(await storage.stat({ key: 'docs/a.pdf' })).toMatchObject({ size: 14 });
  });

  it('serve one bucket from every process on one data folder, as S3 would', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'signlink-shared-s3-'));
    const env = { SIMULATORS: 'on', DATA_DIR: dataDir };
    testApp = await buildTestApp({ env });
    otherApp = await buildTestApp({ env });
    const first = simulatedS3(await testApp.app.listen({ port: 0, host: '127.0.0.1' }));
    const second = simulatedS3(await otherApp.app.listen({ port: 0, host: '127.0.0.1' }));

    await first.put({ key: 'documents/d1/a.pdf', body: new TextEncoder().encode('%PDF-1.7 shared') });
    expect((await readAll(await second.get({ key: 'documents/d1/a.pdf' }))).toString()).toBe('%PDF-1.7 shared');
    await second.delete({ key: 'documents/d1/a.pdf' });
    expect(await first.stat({ key: 'documents/d1/a.pdf' })).toBeNull();
  });

  it('serve the Onfido simulator’s tester page and outcome, shared with its controls', async () => {
    testApp = await buildTestApp({ env: { SIMULATORS: 'on' } });
    const simulator = testApp.context.idVerification.simulator;
    if (!simulator) throw new Error('simulators are on');
    expect((await testApp.app.inject('/sim/onfido/')).body).toContain('<title>Onfido simulator</title>');
    const set = await testApp.app.inject({
      method: 'POST',
      url: '/sim/onfido/outcome',
      payload: { faceMatch: 'consider' },
    });
    expect(set.json()).toMatchObject({ faceMatch: 'consider' });
    expect(await simulator.controls.outcome()).toMatchObject({ faceMatch: 'consider' });
  });

  it('do not exist when simulators are off', async () => {
    testApp = await buildTestApp({ env: { SIMULATORS: 'off' } });
    const response = await testApp.app.inject({ method: 'PUT', url: '/sim/s3/bucket/key', payload: 'x' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('ROUTE_NOT_FOUND');
    expect((await testApp.app.inject('/sim/onfido/outcome')).statusCode).toBe(404);
  });
});
