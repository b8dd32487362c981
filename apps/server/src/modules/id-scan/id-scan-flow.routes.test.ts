import { idSpecimens } from '@signlink/simulators/onfido/id-specimens';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { sealingDepsOf } from '../../../test/sealing-deps.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { documents } from '../../db/schema/documents.ts';
import { documentSignatures } from '../../db/schema/signatures.ts';
import { drawing, signedEventsOf } from '../links/link-signing.test-helpers.ts';
import { sealSignedDocument } from '../sealing/seal-document.ts';
import { freePort, imagesOf, scanDocument, scanRow, seedIdScanDocument, specimen } from './id-scan.test-helpers.ts';

/**
 * Types 5 and 6 end to end over HTTP against the Onfido simulator: its webhooks come back to this app, listening on
 * loopback. The request and service logs are kept to prove no name or document number is in them.
 */
let testApp: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  const port = await freePort();
  testApp = await buildTestApp({
    env: { PUBLIC_URL: `http://127.0.0.1:${port}` },
    logger: pino({ level: 'info' }, { write: (line: string) => logLines.push(line) }) as never,
  });
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
const balanceOf = async (accountId: string) =>
  (await db().select().from(accounts).where(eq(accounts.id, accountId)))[0]?.balanceMinor;
const signaturesOf = (documentId: string) =>
  db().select().from(documentSignatures).where(eq(documentSignatures.documentId, documentId));

describe('signing with an ID scan', () => {
  it('signs type 6 with a passport and a live check, once; the document completes and seals', async () => {
    const doc = await seedIdScanDocument(testApp, [
      { name: 'Anna Maria Eriksson', signatureType: 'live-id' },
      { name: 'Bo Berg', signatureType: 'live-id' },
    ]);
    const balance = await balanceOf(doc.accountId);
    const [anna, bo] = doc.calls;
    if (!anna || !bo) throw new Error('two parties');

    const { idScanId, state } = await scanDocument(anna, {
      documentType: 'passport',
      sides: [['front', specimen('passport-valid.png')]],
      face: specimen('face.jpg'),
    });
    expect(state).toMatchObject({
      Status: 'passed',
      ErrorCode: null,
      NeedsFace: true,
      Received: { Front: true, Back: false, Face: true },
      Evidence: {
        DocumentType: 'passport',
        ExpiryDate: expect.stringMatching(/^2034-/),
        NameMatches: true,
        LiveCheck: 'passed',
        FaceMatch: 'passed',
      },
    });
    expect(state.Evidence.NumberLast4).toBe(idSpecimens.passportValid.number.slice(-4));

    // The check is in: with retention 0 the images are gone from storage, their rows say when. The webhook's settle
    // may still be releasing them when the poll already reads the verdict it committed.
    await vi.waitFor(async () => {
      const images = await imagesOf(testApp, idScanId);
      expect(images.map((image) => image.kind).sort()).toEqual(['document-front', 'face']);
      for (const image of images) {
        expect(image.deletedAt).not.toBeNull();
        expect(await testApp.context.storage.stat({ key: image.storageKey })).toBeNull();
      }
    }, 5_000);

    // Bo cannot sign his slot with Anna's scan.
    const borrowed = await bo.signLive(idScanId, 1);
    expect([borrowed.statusCode, borrowed.json().code]).toEqual([409, 'ID_SCAN_REQUIRED']);

    const signed = await anna.signLive(idScanId);
    expect(signed.statusCode, signed.body).toBe(200);
    const retried = await anna.signLive(idScanId);
    expect(retried.statusCode).toBe(200);
    const [row, ...others] = await signaturesOf(doc.documentId);
    expect(others).toHaveLength(0);
    expect(row).toMatchObject({ method: 'id-live', idScanId, signerName: 'Anna Maria Eriksson', ink: null });
    expect((await scanRow(testApp, idScanId))?.usedAt).not.toBeNull();
    const [event] = await signedEventsOf(testApp, doc.documentId);
    expect(event?.data).toMatchObject({
      method: 'id-live',
      idScan: { DocumentType: 'passport', NameMatches: true, LiveCheck: 'passed', VendorCheckId: expect.any(String) },
    });

    // Bo's own passport scan reads Anna's name: it passes, and the mismatch is kept for the sender.
    const bos = await scanDocument(bo, {
      documentType: 'passport',
      sides: [['front', specimen('passport-valid.png')]],
      face: specimen('face.jpg'),
      signatureIndex: 1,
    });
    expect(bos.state).toMatchObject({ Status: 'passed', Evidence: { NameMatches: false } });
    // A passed scan that already signed is not another slot's, nor a second signature's.
    const again = await bo.signLive(idScanId, 1);
    expect(again.json().code).toBe('ID_SCAN_REQUIRED');
    expect((await bo.signLive(bos.idScanId, 1)).statusCode).toBe(200);

    const outcome = await sealSignedDocument(sealingDepsOf(testApp.context), { documentId: doc.documentId });
    expect(['sealed', 'already-sealed']).toContain(outcome);
    const [document] = await db().select().from(documents).where(eq(documents.id, doc.documentId));
    expect(document?.state).toBe('completed');
    // Signatures are charged when the document is sent: scanning and signing take nothing more.
    expect(await balanceOf(doc.accountId)).toBe(balance);
  }, 60_000);

  it('signs type 5 with a national ID card, front and back, and a drawn signature', async () => {
    const doc = await seedIdScanDocument(testApp, [{ name: 'Anna Eriksson', signatureType: 'id-e-signature' }]);
    const [anna] = doc.calls;
    if (!anna) throw new Error('one party');
    const { idScanId, state } = await scanDocument(anna, {
      documentType: 'national-id',
      sides: [
        ['front', specimen('national-id-front.png')],
        ['back', specimen('national-id-back.png')],
      ],
    });
    expect(state).toMatchObject({
      Status: 'passed',
      NeedsFace: false,
      Received: { Front: true, Back: true, Face: false },
      Evidence: { DocumentType: 'national-id', NameMatches: true, LiveCheck: 'not-run', FaceMatch: 'not-run' },
    });
    // Type 6's live check is not type 5's: the live-only signature is refused for this slot.
    const live = await anna.signLive(idScanId);
    expect([live.statusCode, live.json().code]).toEqual([400, 'VALIDATION_FAILED']);

    const signed = await anna.signInk(idScanId, {
      InkSignatureJsonData: drawing(),
      CanvasWidth: 400,
      CanvasHeight: 160,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().State).toBe('sealing');
    const [row] = await signaturesOf(doc.documentId);
    expect(row).toMatchObject({ method: 'ink-with-id', idScanId, signerName: 'Anna Eriksson' });
    expect(row?.ink).toMatchObject({ width: 400, height: 160 });
  }, 60_000);

  it('logs ids and codes, never a name read or a number', async () => {
    const doc = await seedIdScanDocument(testApp, [{ name: 'Anna Maria Eriksson', signatureType: 'live-id' }]);
    const [anna] = doc.calls;
    if (!anna) throw new Error('one party');
    const { idScanId } = await scanDocument(anna, {
      documentType: 'passport',
      sides: [['front', specimen('passport-valid.png')]],
      face: specimen('face.jpg'),
    });
    const row = await scanRow(testApp, idScanId);
    const logs = logLines.join('\n');
    expect(logs).toContain(idScanId);
    expect(logs).toContain('ID scan settled');
    const { number } = idSpecimens.passportValid;
    for (const secret of ['ERIKSSON', 'Eriksson', 'ANNA', 'Anna', row?.nameRead ?? 'none', number]) {
      expect(logs).not.toContain(secret);
    }
    // Four digits turn up inside ports and durations, so the number's last four are looked for as a whole value.
    const values = (value: unknown): unknown[] =>
      value !== null && typeof value === 'object' ? Object.values(value).flatMap(values) : [value];
    const logged = logLines.flatMap((line) => values(JSON.parse(line)).map(String));
    expect(logged).not.toContain(number.slice(-4));
  }, 60_000);
});
