import { roles } from '@signlink/contracts/auth/roles';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { sealingDepsOf } from '../../../test/sealing-deps.ts';
import { seedSignedDocument } from '../../../test/seed-signed-document.ts';
import { injectWithToken, signInSeededUser } from '../../../test/sign-in.ts';
import { documentEvents } from '../../db/schema/document-events.ts';
import { documents } from '../../db/schema/documents.ts';
import { documentSeals } from '../../db/schema/signatures.ts';
import { createQueueFactory, waitFor } from '../../jobs/job-test-helpers.ts';
import { enqueueSealDocument, sealDocumentJob } from './seal-document.job.ts';
import { type SealingDeps, sealSignedDocument } from './seal-document.ts';

/** Issue 7, part 5: the owner starts a seal again after the job's retries gave up. */
let testApp: TestApp;
let deps: SealingDeps;
const queues = createQueueFactory(() => testApp.database);

beforeAll(async () => {
  testApp = await buildTestApp();
  const { context } = testApp;
  deps = sealingDepsOf(context);
}, 60_000);
afterAll(() => testApp?.close());
afterEach(async () => {
  await queues.stopAll();
  testApp.context.sealing.tsaSimulator?.controls.reset();
});

const tsa = () => {
  const simulator = testApp.context.sealing.tsaSimulator;
  if (!simulator) throw new Error('the tests run with the TSA simulator');
  return simulator.controls;
};
const sealOf = async (documentId: string) =>
  (await testApp.database.db.select().from(documentSeals).where(eq(documentSeals.documentId, documentId)))[0];
const stateOf = async (documentId: string) =>
  (await testApp.database.db.select().from(documents).where(eq(documents.id, documentId)))[0]?.state;
/** The document's history after its seed: the sealing events with their data, in order. */
const sealEventsOf = async (documentId: string) =>
  (
    await testApp.database.db
      .select()
      .from(documentEvents)
      .where(eq(documentEvents.documentId, documentId))
      .orderBy(documentEvents.sequence)
  )
    .filter((event) => event.type.startsWith('seal-') || event.type === 'completed-and-sealed')
    .map((event) => ({ type: event.type, data: event.data }));
/** The seal jobs pg-boss holds for the document, whatever their state. */
const sealJobsOf = async (documentId: string) => {
  const { rows } = await testApp.database.executeSql(
    `select state from pgboss.job where name = '${sealDocumentJob.id}' and data->>'documentId' = '${documentId}'`,
  );
  return rows.map((row) => (row as { state: string }).state).sort();
};
const retry = (token: string | null, documentId: string) =>
  injectWithToken(testApp, token, 'POST', `/v2/linktinker/errands/${documentId}/seal/retry`);

/** A signed document whose seal job ran out of retries while the TSA was down: failed, its job spent. */
async function failedSeal(options: Parameters<typeof seedSignedDocument>[2] = {}) {
  const doc = await seedSignedDocument(testApp.database.db, testApp.context.storage, options);
  await testApp.database.db.transaction((tx) => enqueueSealDocument(testApp.context.queue, tx, doc.documentId));
  // The job ended as pg-boss leaves one after its last retry, still holding its key `seal:{id}`.
  await testApp.database.executeSql(
    `update pgboss.job set state = 'failed', completed_on = now() where name = '${sealDocumentJob.id}' and data->>'documentId' = '${doc.documentId}'`,
  );
  tsa().isDown = true;
  await expect(sealSignedDocument(deps, { documentId: doc.documentId, isLastAttempt: true })).rejects.toThrow();
  tsa().isDown = false;
  expect(await sealOf(doc.documentId)).toMatchObject({ status: 'failed', attempts: 1 });
  // The owner now sees "error": the history says sealing failed, without the error, which is ours to read.
  expect(await sealEventsOf(doc.documentId)).toEqual([{ type: 'seal-failed', data: { attempts: 1 } }]);
  return doc;
}

describe('a seal that gives up', () => {
  it('writes seal-failed once: another failed run of a failed seal adds nothing', async () => {
    const doc = await failedSeal();
    tsa().isDown = true;
    await expect(sealSignedDocument(deps, { documentId: doc.documentId, isLastAttempt: true })).rejects.toThrow();
    expect(await sealOf(doc.documentId)).toMatchObject({ status: 'failed', attempts: 2 });
    expect(await sealEventsOf(doc.documentId)).toEqual([{ type: 'seal-failed', data: { attempts: 1 } }]);
  });

  it('writes nothing while retries remain', async () => {
    const doc = await seedSignedDocument(testApp.database.db, testApp.context.storage);
    tsa().isDown = true;
    await expect(sealSignedDocument(deps, { documentId: doc.documentId, isLastAttempt: false })).rejects.toThrow();
    expect(await sealOf(doc.documentId)).toMatchObject({ status: 'pending', attempts: 1 });
    expect(await sealEventsOf(doc.documentId)).toEqual([]);
  });
});

describe('POST errands/{id}/seal/retry', () => {
  it('makes a failed seal pending, queues a new job, and that job seals the document', async () => {
    const owner = await signInSeededUser(testApp);
    const doc = await failedSeal({ owner });
    const failed = await sealOf(doc.documentId);

    const response = await retry(owner.token, doc.documentId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ Id: doc.documentId });
    expect(response.json().Status).not.toBe('error');
    // Attempts and the last error stay for the record until the seal succeeds.
    expect(await sealOf(doc.documentId)).toMatchObject({
      status: 'pending',
      attempts: 1,
      failedAt: null,
      lastError: failed?.lastError,
    });
    expect(await sealEventsOf(doc.documentId)).toEqual([
      { type: 'seal-failed', data: { attempts: 1 } },
      { type: 'seal-retried', data: { userId: owner.userId } },
    ]);
    // A job of its own: the first one's key would have dropped it.
    expect(await sealJobsOf(doc.documentId)).toEqual(['created', 'failed']);

    const worker = await queues.start([sealDocumentJob], { services: () => testApp.context });
    await worker.work();
    await waitFor(async () => (await stateOf(doc.documentId)) === 'completed', { timeoutMs: 30_000 });
    expect(await sealOf(doc.documentId)).toMatchObject({ status: 'sealed', attempts: 2, lastError: null });
    // The queue marks the job completed only after its handler returns, a moment after the document's state.
    await waitFor(async () => (await sealJobsOf(doc.documentId)).join() === 'completed,failed', { timeoutMs: 30_000 });
    expect((await sealEventsOf(doc.documentId)).map((event) => event.type)).toEqual([
      'seal-failed',
      'seal-retried',
      'completed-and-sealed',
    ]);

    // Sealed now: nothing left to retry.
    const again = await retry(owner.token, doc.documentId);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('SEAL_NOT_FAILED');
  }, 60_000);

  it('refuses a seal that has not failed (pending, or not begun), changing nothing', async () => {
    const owner = await signInSeededUser(testApp);
    const notBegun = await seedSignedDocument(testApp.database.db, testApp.context.storage, { owner });
    const pending = await seedSignedDocument(testApp.database.db, testApp.context.storage, { owner });
    await testApp.database.db.insert(documentSeals).values({ documentId: pending.documentId, attempts: 2 });
    const before = await sealOf(pending.documentId);
    for (const doc of [notBegun, pending]) {
      const response = await retry(owner.token, doc.documentId);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().code).toBe('SEAL_NOT_FAILED');
      expect(await sealJobsOf(doc.documentId)).toEqual([]);
    }
    expect(await sealOf(notBegun.documentId)).toBeUndefined();
    expect(await sealOf(pending.documentId)).toEqual(before);
  });

  it('refuses a document that is no longer active: the job would never seal it', async () => {
    const owner = await signInSeededUser(testApp);
    const doc = await failedSeal({ owner });
    await testApp.database.db.update(documents).set({ state: 'withdrawn' }).where(eq(documents.id, doc.documentId));
    const response = await retry(owner.token, doc.documentId);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('DOCUMENT_NOT_OPEN');
    expect(await sealOf(doc.documentId)).toMatchObject({ status: 'failed' });
  });

  it('refuses a read-only colleague (403), another account (404) and no token (401), changing nothing', async () => {
    const owner = await signInSeededUser(testApp, { role: roles.administrator });
    const readOnly = await signInSeededUser(testApp, { role: roles.readOnly, accountId: owner.accountId });
    const stranger = await signInSeededUser(testApp, { role: roles.administrator });
    const doc = await failedSeal({ owner, accessLevel: 'shared' });
    const before = await sealOf(doc.documentId);

    // The read-only colleague sees the shared document, so is told no rather than not found.
    expect(
      (await injectWithToken(testApp, readOnly.token, 'GET', `/v2/linktinker/errands/${doc.documentId}`)).statusCode,
    ).toBe(200);
    expect((await retry(readOnly.token, doc.documentId)).statusCode).toBe(403);
    expect((await retry(stranger.token, doc.documentId)).statusCode).toBe(404);
    expect((await retry(null, doc.documentId)).statusCode).toBe(401);
    expect(await sealOf(doc.documentId)).toEqual(before);
    expect(await sealJobsOf(doc.documentId)).toEqual(['failed']);
    expect((await sealEventsOf(doc.documentId)).map((event) => event.type)).toEqual(['seal-failed']);
    // The refusals were about who asked: the owner may.
    expect((await retry(owner.token, doc.documentId)).statusCode).toBe(200);
  });
});
