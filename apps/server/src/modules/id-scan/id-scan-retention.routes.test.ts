import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { readStored } from '../../lib/read-stored.ts';
import {
  freePort,
  type IdScanCalls,
  imagesOf,
  scanDocument,
  seedIdScanDocument,
  specimen,
} from './id-scan.test-helpers.ts';
import { decryptIdScanImage, idScanImageKey } from './id-scan-image-crypto.ts';
import { purgeDueIdScanImages } from './purge-id-scan-images.job.ts';

/** With a retention of 7 days, the images stay encrypted after the check until the purge runs past their due time. */
let testApp: TestApp;
beforeAll(async () => {
  const port = await freePort();
  testApp = await buildTestApp({
    env: { PUBLIC_URL: `http://127.0.0.1:${port}`, ID_SCAN_IMAGE_RETENTION_DAYS: '7' },
  });
  await testApp.app.listen({ port, host: '127.0.0.1' });
  await testApp.idVerification.simulator?.controls.setOutcome({ faceMatch: 'clear', liveness: 'clear', delayMs: 50 });
}, 60_000);
afterAll(() => testApp?.close());

describe('ID-scan images kept for the retention days', () => {
  it('keeps them encrypted after the check and deletes them when the purge runs past due', async () => {
    const doc = await seedIdScanDocument(testApp, [{ name: 'Anna Maria Eriksson', signatureType: 'live-id' }]);
    const checkedAt = Date.now();
    const { idScanId, state } = await scanDocument(doc.calls[0] as IdScanCalls, {
      documentType: 'passport',
      sides: [['front', specimen('passport-valid.png')]],
      face: specimen('face.jpg'),
    });
    expect(state.Status).toBe('passed');
    const images = await imagesOf(testApp, idScanId);
    expect(images).toHaveLength(2);
    const key = idScanImageKey(testApp.context.config);
    for (const image of images) {
      expect(image.deletedAt).toBeNull();
      expect(image.deleteAfter?.getTime()).toBeGreaterThanOrEqual(checkedAt + 7 * 86_400_000 - 1000);
      const stored = await readStored(testApp.context.storage, image.storageKey);
      const plain = specimen(image.kind === 'face' ? 'face.jpg' : 'passport-valid.png');
      expect(Buffer.from(stored).includes(plain.subarray(0, 32))).toBe(false);
      expect(Buffer.from(decryptIdScanImage(key, stored)).equals(plain)).toBe(true);
    }

    const db = testApp.database.db;
    const storage = testApp.context.storage;
    expect(await purgeDueIdScanImages({ db, storage }, new Date(checkedAt + 6 * 86_400_000))).toBe(0);
    for (const image of await imagesOf(testApp, idScanId)) expect(image.deletedAt).toBeNull();
    expect(await purgeDueIdScanImages({ db, storage }, new Date(checkedAt + 8 * 86_400_000))).toBe(2);
    for (const image of await imagesOf(testApp, idScanId)) {
      expect(image.deletedAt).not.toBeNull();
      expect(await storage.stat({ key: image.storageKey })).toBeNull();
    }
  }, 60_000);
});
