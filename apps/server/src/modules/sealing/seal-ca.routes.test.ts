import { createHash, X509Certificate } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

describe('GET /v2/linktinker/verify/ca', () => {
  it('hands anyone the CA certificate behind our seals, as PEM, without a login', async () => {
    testApp = await buildTestApp();
    const response = await testApp.app.inject({ url: '/v2/linktinker/verify/ca' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/x-pem-file/);
    const ca = new X509Certificate(response.body);
    expect(ca.ca).toBe(true);
    expect(ca.checkIssued(ca)).toBe(true);

    const { sealing } = testApp.context;
    expect(sealing.trustAnchorsPem.map((pem) => new X509Certificate(pem).fingerprint256)).toContain(ca.fingerprint256);
    // The app's TSA (the simulator, without TSA_URL) answers, and its certificate comes from the same CA.
    expect(sealing.tsaSimulator).toBeDefined();
    const digest = new Uint8Array(createHash('sha256').update('sealed').digest());
    expect((await sealing.timestampingProvider.timestamp(digest, 'SHA-256')).byteLength).toBeGreaterThan(0);
    expect(sealing.tsaSimulator?.controls.tokensIssued).toBe(1);
  });

  it('answers NOT_FOUND when the seal certificate names no CA', async () => {
    testApp = await buildTestApp();
    testApp.context.sealing.caPem = undefined;
    const response = await testApp.app.inject({ url: '/v2/linktinker/verify/ca' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
