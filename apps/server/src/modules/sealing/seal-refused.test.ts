import { issueSealCertificate, sharedTestPki } from '@signlink/pdf/sealing/local-pki';
import {
  type RunningRevocationServer,
  serialOf,
  startRevocationServer,
} from '@signlink/pdf/sealing/revocation-server.test-helpers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { seedSignedDocument } from '../../../test/seed-signed-document.ts';
import { injectWithToken, signInSeededUser } from '../../../test/sign-in.ts';
import { documents } from '../../db/schema/documents.ts';
import { documentSeals } from '../../db/schema/signatures.ts';
import { PermanentJobError } from '../../jobs/job-definition.ts';
import { createQueueFactory, jobRow, waitFor } from '../../jobs/job-test-helpers.ts';
import { sealDocumentJob } from './seal-document.job.ts';
import { type SealingDeps, sealSignedDocument } from './seal-document.ts';

/**
 * Issue 7: a seal certificate its CA has revoked makes no seal, and the seal job does not retry it for half an hour
 * (each run fetching the same revocation): the seal fails at once, its last error saying why, through the real
 * PDF worker threads and a real CRL served on loopback.
 */
let testApp: TestApp;
let revocation: RunningRevocationServer;
let deps: SealingDeps;
let revokedKey: { p12: Uint8Array; password: string };
const pki = sharedTestPki();
const revokedAt = new Date('2026-02-03T04:05:06Z');
const keyCompromise = 1;

beforeAll(async () => {
  testApp = await buildTestApp();
  revocation = await startRevocationServer(pki.ca);
  const certificate = issueSealCertificate(pki.ca, { revocation: { crlUrl: revocation.crlUrl } });
  revocation.revoked.set(serialOf(certificate.certPem), { at: revokedAt, reason: keyCompromise });
  revokedKey = { p12: certificate.p12, password: certificate.password };
  const { context } = testApp;
  deps = {
    database: context.database,
    storage: context.storage,
    queue: context.queue,
    messaging: context.messaging,
    sealPdf: (request) => context.pdf.seal({ ...request, key: revokedKey }, context.sealing.timestamping),
  };
}, 60_000);
afterAll(async () => {
  await revocation?.close();
  await testApp?.close();
});

const sealOf = async (documentId: string) =>
  (await testApp.database.db.select().from(documentSeals).where(eq(documentSeals.documentId, documentId)))[0];

describe('a revoked seal certificate', () => {
  it('fails the seal on the first run, not the last, with the revocation as its last error', async () => {
    const owner = await signInSeededUser(testApp);
    const doc = await seedSignedDocument(testApp.database.db, testApp.context.storage, { owner });
    const error = await sealSignedDocument(deps, { documentId: doc.documentId, isLastAttempt: false }).catch(
      (failure: unknown) => failure,
    );
    // PermanentJobError: the job queue ends the job's retries (job-queue.test.ts shows it does).
    expect(error).toBeInstanceOf(PermanentJobError);
    const seal = await sealOf(doc.documentId);
    expect(seal).toMatchObject({ status: 'failed', attempts: 1, sealedStorageKey: null });
    expect(seal?.failedAt).toBeInstanceOf(Date);
    expect(seal?.lastError).toContain('"Signlink Local Seal"');
    expect(seal?.lastError).toContain(`revoked since ${revokedAt.toISOString()} (keyCompromise)`);
    const [document] = await testApp.database.db.select().from(documents).where(eq(documents.id, doc.documentId));
    expect(document?.state).toBe('active');
    const summary = await injectWithToken(testApp, owner.token, 'GET', `/v2/linktinker/errands/${doc.documentId}`);
    expect(summary.json().Status).toBe('error');
  });

  it('ends the seal job failed on its first run, its retries unused', async () => {
    const doc = await seedSignedDocument(testApp.database.db, testApp.context.storage);
    const queues = createQueueFactory(() => testApp.database);
    try {
      const { sealing } = testApp.context;
      const queue = await queues.start([sealDocumentJob], {
        services: () => ({ ...testApp.context, sealing: { ...sealing, key: revokedKey } }),
      });
      await queue.work();
      const id = await queue.enqueue({ job: sealDocumentJob, data: { documentId: doc.documentId } });
      // Without PermanentJobError the job would wait 15 seconds in "retry" for its second run.
      await waitFor(async () => (await jobRow(testApp.database, id as string))?.state === 'failed', {
        timeoutMs: 30_000,
      });
      expect(await jobRow(testApp.database, id as string)).toEqual({ state: 'failed', retryCount: 0 });
      expect(await sealOf(doc.documentId)).toMatchObject({ status: 'failed', attempts: 1 });
    } finally {
      await queues.stopAll();
    }
  }, 40_000);
});
