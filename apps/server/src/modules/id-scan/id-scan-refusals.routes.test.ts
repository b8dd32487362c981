import { idScanLimits } from '@signlink/contracts/id-scan/id-scan';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { documentParties } from '../../db/schema/documents.ts';
import { documentSignatures } from '../../db/schema/signatures.ts';
import {
  freePort,
  type IdScanCalls,
  imagesOf,
  scanDocument,
  scanRow,
  seedIdScanDocument,
  specimen,
  waitForVerdict,
} from './id-scan.test-helpers.ts';

/** Bad input (SPEC section 8, scan errors): each gets its catalogue error, the slot stays unsigned, nothing is charged. */
let testApp: TestApp;
beforeAll(async () => {
  const port = await freePort();
  testApp = await buildTestApp({ env: { PUBLIC_URL: `http://127.0.0.1:${port}` } });
  await testApp.app.listen({ port, host: '127.0.0.1' });
}, 60_000);
afterAll(() => testApp?.close());
beforeEach(async () => {
  await simulator().controls.setOutcome({ faceMatch: 'clear', liveness: 'clear', delayMs: 50 });
});

function simulator() {
  const running = testApp.idVerification.simulator;
  if (!running) throw new Error('simulators are on in tests');
  return running;
}
const db = () => testApp.database.db;

/** A type 6 party's calls, and a check that its slot is unsigned and its account's balance as it was. */
async function livePartyCalls() {
  const doc = await seedIdScanDocument(testApp, [{ name: 'Anna Maria Eriksson', signatureType: 'live-id' }]);
  const [account] = await db().select().from(accounts).where(eq(accounts.id, doc.accountId));
  const calls = doc.calls[0] as IdScanCalls;
  const assertUnsigned = async () => {
    expect(
      await db().select().from(documentSignatures).where(eq(documentSignatures.documentId, doc.documentId)),
    ).toEqual([]);
    const [party] = await db().select().from(documentParties).where(eq(documentParties.documentId, doc.documentId));
    expect(party?.signedAt).toBeNull();
    const [after] = await db().select().from(accounts).where(eq(accounts.id, doc.accountId));
    expect(after?.balanceMinor).toBe(account?.balanceMinor);
  };
  return { calls, assertUnsigned };
}

const passport = () => specimen('passport-valid.png');

describe('a scan that fails', () => {
  it.each([
    ['an expired passport', 'passport-expired.png', 'SCAN_EXPIRED'],
    ['a bad check digit', 'passport-bad-check-digit.png', 'SCAN_UNREADABLE'],
    // Said to be a passport, the licence is read as one: the vendor finds no zone on it. Said to be a licence, it is
    // refused at once as the wrong type (below).
    ['a driving licence sent as a passport', 'driving-licence.png', 'SCAN_UNREADABLE'],
  ])(
    'fails %s with its code; the scan cannot sign',
    async (_case, file, code) => {
      const { calls, assertUnsigned } = await livePartyCalls();
      const { idScanId, state } = await scanDocument(calls, {
        documentType: 'passport',
        sides: [['front', specimen(file)]],
        face: specimen('face.jpg'),
      });
      expect(state).toMatchObject({ Status: 'failed', ErrorCode: code, Evidence: null });
      const signed = await calls.signLive(idScanId);
      expect([signed.statusCode, signed.json().code]).toEqual([409, 'ID_SCAN_REQUIRED']);
      // A failed check's images go as a passed one's do (the webhook's settle may still be releasing them).
      await vi.waitFor(async () => {
        for (const image of await imagesOf(testApp, idScanId)) expect(image.deletedAt).not.toBeNull();
      }, 5_000);
      await assertUnsigned();
    },
    60_000,
  );

  it('fails an unreadable image, at upload or after the check', async () => {
    const { calls, assertUnsigned } = await livePartyCalls();
    const started = (await calls.start()).json();
    const added = await calls.document(started.IdScanId, 'passport', 'front', specimen('unreadable.png'));
    if (added.statusCode === 200) {
      expect((await calls.face(started.IdScanId, specimen('face.jpg'))).statusCode).toBe(200);
      expect((await calls.apply(started.IdScanId)).statusCode).toBe(200);
      const state = await waitForVerdict(calls, started.IdScanId);
      expect(state).toMatchObject({ Status: 'failed', ErrorCode: 'SCAN_UNREADABLE' });
    } else {
      expect([added.statusCode, added.json().code]).toEqual([422, 'SCAN_UNREADABLE']);
    }
    await assertUnsigned();
  }, 60_000);

  it.each([
    ['a face that does not match', { faceMatch: 'consider' as const }, 'SCAN_MATCH_FAILED'],
    ['a failed liveness', { liveness: 'consider' as const }, 'SCAN_LIVENESS_FAILED'],
  ])(
    'fails %s',
    async (_case, outcome, code) => {
      await simulator().controls.setOutcome(outcome);
      const { calls, assertUnsigned } = await livePartyCalls();
      const { idScanId, state } = await scanDocument(calls, {
        documentType: 'passport',
        sides: [['front', passport()]],
        face: specimen('face.jpg'),
      });
      expect(state).toMatchObject({ Status: 'failed', ErrorCode: code });
      expect((await calls.signLive(idScanId)).json().code).toBe('ID_SCAN_REQUIRED');
      await assertUnsigned();
    },
    60_000,
  );
});

describe('input refused at once', () => {
  it('refuses a driving licence before any check: it has no machine-readable zone', async () => {
    const { calls, assertUnsigned } = await livePartyCalls();
    const { IdScanId } = (await calls.start()).json();
    const refused = await calls.document(IdScanId, 'driving-licence', 'front', specimen('driving-licence.png'));
    expect([refused.statusCode, refused.json().code]).toEqual([422, 'SCAN_WRONG_TYPE']);
    expect(await imagesOf(testApp, IdScanId)).toEqual([]);
    await assertUnsigned();
  });

  it('refuses an image over the limit and bytes that are not an image, whatever their header says', async () => {
    const { calls } = await livePartyCalls();
    const { IdScanId } = (await calls.start()).json();
    const large = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(idScanLimits.maxImageBytes)]);
    const tooLarge = await calls.document(IdScanId, 'passport', 'front', large, 'image/jpeg');
    expect([tooLarge.statusCode, tooLarge.json().code]).toEqual([413, 'FILE_TOO_LARGE']);
    const farTooLarge = await calls.face(IdScanId, Buffer.concat([large, Buffer.alloc(512 * 1024)]));
    expect([farTooLarge.statusCode, farTooLarge.json().code]).toEqual([413, 'FILE_TOO_LARGE']);
    const pdf = Buffer.from('%PDF-1.7\n'.repeat(400));
    const notImage = await calls.document(IdScanId, 'passport', 'front', pdf, 'image/png');
    expect(notImage.json().code).toBe('UPLOAD_WRONG_TYPE');
    const tiny = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100)]);
    expect((await calls.face(IdScanId, tiny, 'image/png')).json().code).toBe('SCAN_UNREADABLE');
    expect(await imagesOf(testApp, IdScanId)).toEqual([]);
  });

  it('refuses to apply before every image is in, and a back side for a passport', async () => {
    const { calls } = await livePartyCalls();
    const { IdScanId } = (await calls.start()).json();
    const early = await calls.apply(IdScanId);
    expect([early.statusCode, early.json().code]).toEqual([422, 'MANDATORY_FIELDS_MISSING']);
    expect((await calls.document(IdScanId, 'passport', 'front', passport())).statusCode).toBe(200);
    const noFace = await calls.apply(IdScanId);
    expect(noFace.json()).toMatchObject({ code: 'MANDATORY_FIELDS_MISSING', details: { fields: ['Face'] } });
    const back = await calls.document(IdScanId, 'passport', 'back', passport());
    expect(back.json().code).toBe('VALIDATION_FAILED');
  });

  it('refuses a forged webhook and changes nothing', async () => {
    await simulator().controls.setOutcome({ delayMs: 60_000 });
    const { calls } = await livePartyCalls();
    const { IdScanId } = (await calls.start()).json();
    await calls.document(IdScanId, 'passport', 'front', passport());
    await calls.face(IdScanId, specimen('face.jpg'));
    expect((await calls.apply(IdScanId)).statusCode).toBe(200);
    const before = await scanRow(testApp, IdScanId);
    const forged = await testApp.app.inject({
      method: 'POST',
      url: '/v2/linktinker/idscan/onfido/webhook',
      headers: { 'content-type': 'application/json', 'x-sha2-signature': 'ab'.repeat(32) },
      payload: JSON.stringify({
        payload: {
          resource_type: 'check',
          action: 'check.completed',
          object: { id: before?.vendorCheckId, status: 'complete' },
        },
      }),
    });
    expect(forged.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    const unsigned = await testApp.app.inject({
      method: 'POST',
      url: '/v2/linktinker/idscan/onfido/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(unsigned.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect(await scanRow(testApp, IdScanId)).toEqual(before);
    expect((await calls.find(IdScanId)).json().Status).toBe('checking');
  });

  it('takes no face for type 5, and no second apply', async () => {
    const doc = await seedIdScanDocument(testApp, [{ name: 'Anna Eriksson', signatureType: 'id-e-signature' }]);
    const calls = doc.calls[0] as IdScanCalls;
    const { IdScanId } = (await calls.start()).json();
    const face = await calls.face(IdScanId, specimen('face.jpg'));
    expect(face.json().code).toBe('SIGNATURE_METHOD_UNAVAILABLE');
    await calls.document(IdScanId, 'national-id', 'front', specimen('national-id-front.png'));
    await calls.document(IdScanId, 'national-id', 'back', specimen('national-id-back.png'));
    expect((await calls.apply(IdScanId)).statusCode).toBe(200);
    expect((await calls.apply(IdScanId)).json().code).toBe('NOT_FOUND');
  });
});
