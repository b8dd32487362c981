import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMemoryLogger } from '../../jobs/job-test-helpers.ts';
import { webhookGraceMs } from './find-id-scan.ts';
import { type IdScanCalls, imagesOf, scanRow, seedIdScanDocument, specimen } from './id-scan.test-helpers.ts';
import type { IdScanDeps } from './id-scan-access.ts';
import { settleIdScan } from './settle-id-scan.ts';

/**
 * A check's verdict is written once though the webhook and the state poll may bring it together. This app does not
 * listen, so the simulator's webhook never arrives: the settlements here are the only ones.
 */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
  await testApp.idVerification.simulator?.controls.setOutcome({ faceMatch: 'clear', liveness: 'clear', delayMs: 0 });
}, 60_000);
afterAll(() => testApp?.close());

describe('settling an ID scan', () => {
  it('writes the verdict and releases the images once when several settle at the same time', async () => {
    const doc = await seedIdScanDocument(testApp, [{ name: 'Anna Maria Eriksson', signatureType: 'live-id' }]);
    const calls = doc.calls[0] as IdScanCalls;
    const { IdScanId } = (await calls.start()).json();
    await calls.document(IdScanId, 'passport', 'front', specimen('passport-valid.png'));
    await calls.face(IdScanId, specimen('face.jpg'));
    expect((await calls.apply(IdScanId)).json().Status).toBe('checking');

    const provider = testApp.context.idVerification.provider;
    const scan = await scanRow(testApp, IdScanId);
    if (!provider || !scan?.vendorCheckId) throw new Error('a check');
    const checkId = scan.vendorCheckId;
    const check = await vi.waitFor(async () => {
      const outcome = await provider.readCheck({ checkId });
      if (outcome.status !== 'complete') throw new Error('in progress');
      return outcome;
    });
    const logger = createMemoryLogger();
    const deps: IdScanDeps = {
      db: testApp.database.db,
      secret: testApp.context.config.sessionSecret,
      storage: testApp.context.storage,
      provider,
      config: testApp.context.config,
      logger,
    };
    const settled = await Promise.all([1, 2, 3].map(() => settleIdScan(deps, { scan, check })));
    expect(settled.map((row) => row.status)).toEqual(['passed', 'passed', 'passed']);
    expect(new Set(settled.map((row) => row.completedAt?.getTime())).size).toBe(1);
    expect(logger.entries.filter((entry) => entry.message === 'ID scan settled')).toHaveLength(1);
    for (const image of await imagesOf(testApp, IdScanId)) expect(image.deletedAt).not.toBeNull();
    // Settled already: the poll answers the same without writing again.
    expect((await calls.find(IdScanId)).json()).toMatchObject({ Status: 'passed', ErrorCode: null });
  }, 60_000);

  it('is settled by the state poll when the webhook does not come', async () => {
    const doc = await seedIdScanDocument(testApp, [{ name: 'Anna Maria Eriksson', signatureType: 'live-id' }]);
    const calls = doc.calls[0] as IdScanCalls;
    const { IdScanId } = (await calls.start()).json();
    await calls.document(IdScanId, 'passport', 'front', specimen('passport-valid.png'));
    await calls.face(IdScanId, specimen('face.jpg'));
    await calls.apply(IdScanId);
    // Within the webhook's grace the poll only reports: the vendor is not asked.
    expect((await calls.find(IdScanId)).json().Status).toBe('checking');
    await new Promise((resolve) => setTimeout(resolve, webhookGraceMs + 200));
    expect((await calls.find(IdScanId)).json()).toMatchObject({ Status: 'passed', Evidence: { LiveCheck: 'passed' } });
    expect((await calls.signLive(IdScanId)).statusCode).toBe(200);
  }, 60_000);
});
