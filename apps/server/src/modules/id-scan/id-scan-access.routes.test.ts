import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { seedDocument } from '../../../test/seed-document.ts';
import { requestTokenFor } from '../links/link-signing.test-helpers.ts';
import {
  type IdScanCalls,
  idScanCalls,
  imagesOf,
  scanRow,
  seedIdScanDocument,
  specimen,
} from './id-scan.test-helpers.ts';

/**
 * Who may call the ID-scan routes (SPEC sections 6 and 7): each with its own link's RequestToken, on its own slot and
 * its own scans; L2's token on L1's link, another account's token, L1's scan through L2's link and another party's
 * slot are refused, and nothing changes.
 */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
}, 60_000);
afterAll(() => testApp?.close());

async function twoLiveParties() {
  const doc = await seedIdScanDocument(testApp, [
    { name: 'Anna Maria Eriksson', signatureType: 'live-id' },
    { name: 'Bo Berg', signatureType: 'live-id' },
  ]);
  const [l1, l2] = doc.calls as [IdScanCalls, IdScanCalls];
  const started = await l1.start(0);
  expect(started.statusCode, started.body).toBe(200);
  return { doc, l1, l2, idScanId: started.json().IdScanId as string };
}

describe('the ID-scan routes refuse other parties and other links', () => {
  it("refuses L2's and another account's RequestToken on L1's link, on every call", async () => {
    const { doc, idScanId } = await twoLiveParties();
    const elsewhere = await seedIdScanDocument(testApp, [{ name: 'Cecilia', signatureType: 'live-id' }]);
    const l1Code = doc.parties[0]?.linkCode ?? '';
    for (const token of [
      await requestTokenFor(testApp, doc.parties[1]?.linkCode ?? ''),
      await requestTokenFor(testApp, elsewhere.parties[0]?.linkCode ?? ''),
      'bm90LWEtdG9rZW4tb2YtdXM',
    ]) {
      const wrong = idScanCalls(testApp, l1Code, token);
      const answers = [
        await wrong.start(0),
        await wrong.document(idScanId, 'passport', 'front', specimen('passport-valid.png')),
        await wrong.face(idScanId, specimen('face.jpg')),
        await wrong.apply(idScanId),
        await wrong.find(idScanId),
        await wrong.remove(idScanId),
        await wrong.signLive(idScanId),
        await wrong.signInk(idScanId, { TypedSignature: 'Anna' }),
      ];
      expect(answers.map((answer) => [answer.statusCode, answer.json().code])).toEqual(
        answers.map(() => [403, 'ACCESS_FAILED']),
      );
    }
    expect((await scanRow(testApp, idScanId))?.status).toBe('collecting');
  }, 60_000);

  it("does not find L1's scan through L2's link, and refuses L2 L1's slot", async () => {
    const { l2, idScanId } = await twoLiveParties();
    const answers = [
      await l2.document(idScanId, 'passport', 'front', specimen('passport-valid.png')),
      await l2.face(idScanId, specimen('face.jpg')),
      await l2.apply(idScanId),
      await l2.find(idScanId),
      await l2.remove(idScanId),
    ];
    expect(answers.map((answer) => [answer.statusCode, answer.json().code])).toEqual(
      answers.map(() => [404, 'NOT_FOUND']),
    );
    expect((await l2.signLive(idScanId, 1)).json().code).toBe('ID_SCAN_REQUIRED');
    const slot = await l2.start(0);
    expect([slot.statusCode, slot.json().code]).toEqual([403, 'FORBIDDEN']);
    expect(await imagesOf(testApp, idScanId)).toEqual([]);
    expect((await scanRow(testApp, idScanId))?.status).toBe('collecting');
  }, 60_000);

  it('refuses a scan for a slot that is not type 5 or 6, and a withdrawn document', async () => {
    const doc = await seedIdScanDocument(testApp, [{ name: 'Anna', signatureType: 'e-signature' }]);
    const refused = await (doc.calls[0] as IdScanCalls).start(0);
    expect([refused.statusCode, refused.json().code]).toEqual([422, 'SIGNATURE_METHOD_UNAVAILABLE']);
    const withdrawn = await seedDocument(testApp.database.db, {
      state: 'withdrawn',
      parties: [{ name: 'Anna', signatureType: 'live-id' }],
    });
    const code = withdrawn.parties[0]?.linkCode ?? '';
    const answer = await idScanCalls(testApp, code, await requestTokenFor(testApp, code)).start(0);
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('ends the slot’s unfinished scan when a new one starts, and removes a scan with its images', async () => {
    const { l1, idScanId } = await twoLiveParties();
    expect((await l1.document(idScanId, 'passport', 'front', specimen('passport-valid.png'))).statusCode).toBe(200);
    const [image] = await imagesOf(testApp, idScanId);
    expect(await testApp.context.storage.stat({ key: image?.storageKey ?? '' })).not.toBeNull();
    const next = await l1.start(0);
    expect(next.statusCode).toBe(200);
    expect((await scanRow(testApp, idScanId))?.status).toBe('removed');
    expect(await testApp.context.storage.stat({ key: image?.storageKey ?? '' })).toBeNull();
    expect((await l1.find(idScanId)).json().Status).toBe('removed');

    const removed = await l1.remove(next.json().IdScanId);
    expect(removed.json()).toMatchObject({ Status: 'removed' });
    expect((await l1.apply(next.json().IdScanId)).json().code).toBe('NOT_FOUND');
  }, 60_000);
});

describe('without an identity-verification vendor', () => {
  it('refuses scans and ID signatures as unavailable', async () => {
    const bare = await buildTestApp({ context: { idVerification: { provider: undefined, simulator: undefined } } });
    try {
      const doc = await seedIdScanDocument(bare, [{ name: 'Anna', signatureType: 'live-id' }]);
      const calls = doc.calls[0] as IdScanCalls;
      const started = await calls.start(0);
      expect([started.statusCode, started.json().code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
      const signed = await calls.signLive('ids_0123456789abcdefghij');
      expect(signed.json().code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await bare.close();
    }
  }, 60_000);
});
