import { createHash } from 'node:crypto';
import { limits } from '@signlink/contracts/constants';
import { pdfsig, pdftotext, qpdfCheck } from '@signlink/pdf/sealing/pdf-tools.test-helpers';
import { verifyPdf } from '@signlink/pdf/sealing/verify-pdf';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { sealingDepsOf } from '../../../test/sealing-deps.ts';
import { seedSignedDocument } from '../../../test/seed-signed-document.ts';
import { injectWithToken, signInSeededUser } from '../../../test/sign-in.ts';
import { documentEvents } from '../../db/schema/document-events.ts';
import { documentParties, documents } from '../../db/schema/documents.ts';
import { messages } from '../../db/schema/messages.ts';
import { documentSeals } from '../../db/schema/signatures.ts';
import { silentJobLogger } from '../../jobs/job-definition.ts';
import { createMemoryLogger, createQueueFactory, waitFor } from '../../jobs/job-test-helpers.ts';
import { readStored } from '../../lib/read-stored.ts';
import { deliverMessage } from '../messaging/deliver-message.ts';
import { findUnsealedSignedDocuments, loadSealSource } from './seal.repository.ts';
import { enqueueSealDocument, sealDocumentJob } from './seal-document.job.ts';
import { type SealingDeps, sealSignedDocument, storeSealedPdf } from './seal-document.ts';

/** Issue 7, part 5: the seal job's steps, resumed after a kill, retried when the TSA is down, and given up on. */
let testApp: TestApp;
let deps: SealingDeps;

beforeAll(async () => {
  testApp = await buildTestApp();
  const { context } = testApp;
  deps = sealingDepsOf(context);
}, 60_000);
afterAll(() => testApp?.close());
afterEach(() => testApp.context.sealing.tsaSimulator?.controls.reset());

const tsa = () => {
  const simulator = testApp.context.sealing.tsaSimulator;
  if (!simulator) throw new Error('the tests run with the TSA simulator');
  return simulator.controls;
};
const sealOf = async (documentId: string) =>
  (await testApp.database.db.select().from(documentSeals).where(eq(documentSeals.documentId, documentId)))[0];
const documentOf = async (documentId: string) =>
  (await testApp.database.db.select().from(documents).where(eq(documents.id, documentId)))[0];
const eventsOf = (documentId: string) =>
  testApp.database.db.select().from(documentEvents).where(eq(documentEvents.documentId, documentId));
const sealedBytes = async (documentId: string) => {
  const seal = await sealOf(documentId);
  return readStored(testApp.context.storage, seal?.sealedStorageKey ?? 'missing');
};

describe('sealing a fully signed document', () => {
  it('stores a sealed PDF that pdfsig, qpdf and our verifier accept, then completes the document once', async () => {
    const doc = await seedSignedDocument(testApp.database.db, testApp.context.storage, { language: 'sv' });
    expect(await sealSignedDocument(deps, { documentId: doc.documentId })).toBe('sealed');

    const seal = await sealOf(doc.documentId);
    expect(seal).toMatchObject({ status: 'sealed', attempts: 1, lastError: null });
    const bytes = await sealedBytes(doc.documentId);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(seal?.sealedSha256);
    const check = pdfsig(bytes);
    expect(check.signatureValid, check.output).toBe(true);
    expect(check.wholeDocument, check.output).toBe(true);
    expect(qpdfCheck(bytes)).toMatchObject({ ok: true });
    const verification = await verifyPdf(bytes, { trustAnchorsPem: testApp.context.sealing.trustAnchorsPem });
    expect(verification.verdict).toBe('valid');

    // Stamped values, both signers and the Swedish audit trail with the original's hash.
    const text = pdftotext(bytes, { raw: true });
    expect(text).toContain('Value from Åsa Öberg');
    expect(text).toContain('Signerat med BankID');
    expect(text).toContain('Verifikat');
    expect(text).toContain('Nils Nilsson');
    expect(text).toContain('19900101-1234');
    const original = await documentOf(doc.documentId);
    expect(text.replace(/\s+/g, '')).toContain(original?.originalSha256);

    expect(original).toMatchObject({ state: 'completed' });
    expect(original?.completedAt).toBeInstanceOf(Date);
    const events = await eventsOf(doc.documentId);
    const sealedEvents = events.filter((event) => event.type === 'completed-and-sealed');
    expect(sealedEvents).toHaveLength(1);
    expect(sealedEvents[0]?.data).toEqual({ sealedSha256: seal?.sealedSha256 });

    // Every party hears of it on each channel of its invitation method: e-mail, and e-mail plus SMS.
    const notices = await testApp.database.db.select().from(messages).where(eq(messages.documentId, doc.documentId));
    const completed = notices.filter((message) => message.kind === 'document-completed');
    expect(completed.map((message) => message.channel).sort()).toEqual(['email', 'email', 'sms']);
    // The e-mails carry the sealed PDF itself, by storage key; the text its link only.
    const sealedPdf = {
      storageKey: seal?.sealedStorageKey,
      filename: 'Rental agreement.pdf',
      contentType: 'application/pdf',
    };
    for (const notice of completed) {
      expect(notice.attachments, notice.channel).toEqual(notice.channel === 'email' ? [sealedPdf] : null);
    }

    // Run again (a retried job): nothing new, no second timestamp.
    const requests = tsa().tokensIssued;
    expect(await sealSignedDocument(deps, { documentId: doc.documentId })).toBe('already-sealed');
    expect(tsa().tokensIssued).toBe(requests);
    expect((await eventsOf(doc.documentId)).length).toBe(events.length);
  });

  it('hides the personal number in stamp and audit trail when the document says so', async () => {
    const doc = await seedSignedDocument(testApp.database.db, testApp.context.storage, {
      settings: { hidePersonalNumber: true },
    });
    await sealSignedDocument(deps, { documentId: doc.documentId });
    const text = pdftotext(await sealedBytes(doc.documentId), { raw: true });
    expect(text).toContain('Signed with BankID');
    expect(text).not.toContain('19900101-1234');
    expect(text).toContain('19900101-****');
  });

  it('killed after storing the sealed file, it finishes on restart without sealing again', async () => {
    const doc = await seedSignedDocument(testApp.database.db, testApp.context.storage);
    const source = await loadSealSource(testApp.database.db, doc.documentId);
    await testApp.database.db.insert(documentSeals).values({ documentId: doc.documentId, attempts: 1 });
    await storeSealedPdf(deps, source as NonNullable<typeof source>, 'signlink');
    const stored = await sealOf(doc.documentId);
    expect(stored?.sealedSha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await documentOf(doc.documentId))?.state).toBe('active');

    const requests = tsa().tokensIssued;
    expect(await sealSignedDocument(deps, { documentId: doc.documentId })).toBe('sealed');
    expect(tsa().tokensIssued).toBe(requests);
    expect(await sealOf(doc.documentId)).toMatchObject({ status: 'sealed', sealedSha256: stored?.sealedSha256 });
    expect((await documentOf(doc.documentId))?.state).toBe('completed');
  });

  it('a TSA that is down fails the run, which is retried; the last failure shows as an error to the owner', async () => {
    const owner = await signInSeededUser(testApp);
    const doc = await seedSignedDocument(testApp.database.db, testApp.context.storage, { owner });
    const statusOf = async () =>
      (await injectWithToken(testApp, owner.token, 'GET', `/v2/linktinker/errands/${doc.documentId}`)).json().Status;
    tsa().isDown = true;
    await expect(sealSignedDocument(deps, { documentId: doc.documentId })).rejects.toThrow();
    expect(await sealOf(doc.documentId)).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await sealOf(doc.documentId))?.lastError).toBeTruthy();
    expect((await documentOf(doc.documentId))?.state).toBe('active');

    await expect(sealSignedDocument(deps, { documentId: doc.documentId, isLastAttempt: true })).rejects.toThrow();
    expect(await sealOf(doc.documentId)).toMatchObject({ status: 'failed', attempts: 2 });
    expect(await statusOf()).toBe('error');
    const list = await injectWithToken(testApp, owner.token, 'GET', '/v2/linktinker/errands?status=error');
    expect(list.json().Errands.map((item: { Id: string }) => item.Id)).toEqual([doc.documentId]);

    // The TSA back, a later run (the owner's retry, or the job run by hand) seals it.
    tsa().isDown = false;
    expect(await sealSignedDocument(deps, { documentId: doc.documentId })).toBe('sealed');
    expect(await sealOf(doc.documentId)).toMatchObject({ status: 'sealed', lastError: null });
    expect(await statusOf()).toBe('signed');
  });

  it('does nothing while a party has not signed', async () => {
    const doc = await seedSignedDocument(testApp.database.db, testApp.context.storage);
    await testApp.database.db
      .update(documentParties)
      .set({ signedAt: null })
      .where(eq(documentParties.id, doc.parties[1]?.id ?? ''));
    expect(await sealSignedDocument(deps, { documentId: doc.documentId })).toBe('not-ready');
    expect(await sealOf(doc.documentId)).toBeUndefined();
  });
});

describe('the completion e-mail', () => {
  const deliver = (messageId: string) =>
    deliverMessage({
      messageId,
      attempt: 1,
      isLastAttempt: false,
      database: testApp.database,
      queue: testApp.context.queue,
      logger: silentJobLogger,
      messaging: testApp.context.messaging,
      storage: testApp.context.storage,
    });
  const completionEmailTo = async (documentId: string, to: string) => {
    const rows = await testApp.database.db.select().from(messages).where(eq(messages.documentId, documentId));
    const row = rows.find((message) => message.kind === 'document-completed' && message.recipient === to);
    if (!row) throw new Error(`no completion e-mail to ${to}`);
    return row;
  };

  it('reaches each party with the sealed PDF attached, named after the document', async () => {
    const doc = await seedSignedDocument(testApp.database.db, testApp.context.storage, {
      title: 'Avtal: hyra 2027/åäö',
      parties: [{ name: 'Åsa Öberg', email: 'asa.attached@example.com', signatureType: 'e-signature' }],
    });
    expect(await sealSignedDocument(deps, { documentId: doc.documentId })).toBe('sealed');
    await deliver((await completionEmailTo(doc.documentId, 'asa.attached@example.com')).id);

    const [received] =
      (await testApp.context.messaging.devMailbox?.list({ recipient: 'asa.attached@example.com' })) ?? [];
    const seal = await sealOf(doc.documentId);
    expect(received?.attachments).toEqual([
      {
        filename: 'Avtal_ hyra 2027_åäö.pdf',
        contentType: 'application/pdf',
        size: seal?.sealedByteSize,
        sha256: seal?.sealedSha256,
      },
    ]);
    expect(received?.links.some((link) => link.includes('/'))).toBe(true);
  });

  it(`goes with the link only when the sealed PDF is larger than ${limits.maxEmailAttachmentBytes} bytes`, async () => {
    const doc = await seedSignedDocument(testApp.database.db, testApp.context.storage, {
      parties: [{ name: 'Per Persson', email: 'per.large@example.com', signatureType: 'e-signature' }],
    });
    // Stored (step 1), then recorded as one byte over the limit: step 2 must leave the file out.
    const source = await loadSealSource(testApp.database.db, doc.documentId);
    await testApp.database.db.insert(documentSeals).values({ documentId: doc.documentId, attempts: 1 });
    await storeSealedPdf(deps, source as NonNullable<typeof source>, 'signlink');
    await testApp.database.db
      .update(documentSeals)
      .set({ sealedByteSize: limits.maxEmailAttachmentBytes + 1 })
      .where(eq(documentSeals.documentId, doc.documentId));
    expect(await sealSignedDocument(deps, { documentId: doc.documentId })).toBe('sealed');

    const row = await completionEmailTo(doc.documentId, 'per.large@example.com');
    expect(row.attachments).toBeNull();
    await deliver(row.id);
    const [received] = (await testApp.context.messaging.devMailbox?.list({ recipient: 'per.large@example.com' })) ?? [];
    expect(received?.attachments).toBeUndefined();
    expect(received?.links.length).toBeGreaterThan(0);
  });
});

describe('the sweeper', () => {
  it('finds signed documents left unsealed for five minutes, not fresh ones, sealed ones or failed ones', async () => {
    const { db } = testApp.database;
    const old = new Date(Date.now() - 10 * 60_000);
    const stale = await seedSignedDocument(db, testApp.context.storage, { signedAt: old });
    const fresh = await seedSignedDocument(db, testApp.context.storage);
    const failed = await seedSignedDocument(db, testApp.context.storage, { signedAt: old });
    await db.insert(documentSeals).values({ documentId: failed.documentId, status: 'failed', updatedAt: old });
    const found = await findUnsealedSignedDocuments(db, {
      signedBefore: new Date(Date.now() - 5 * 60_000),
      limit: 500,
    });
    expect(found).toContain(stale.documentId);
    expect(found).not.toContain(fresh.documentId);
    expect(found).not.toContain(failed.documentId);
  });
});

describe('the seal-document job on the real queue', () => {
  const queues = createQueueFactory(() => testApp.database);
  afterAll(() => queues.stopAll());

  it('runs once the transaction that enqueued it commits, and not when it rolls back', async () => {
    const { db } = testApp.database;
    const committed = await seedSignedDocument(db, testApp.context.storage);
    const rolledBack = await seedSignedDocument(db, testApp.context.storage);
    const logger = createMemoryLogger();
    const queue = await queues.start([sealDocumentJob], {
      logger,
      // Follow-up jobs (the notices) go to the app's queue, which knows every definition.
      services: () => testApp.context,
    });
    await db.transaction(async (tx) => enqueueSealDocument(queue, tx, committed.documentId));
    await db
      .transaction(async (tx) => {
        await enqueueSealDocument(queue, tx, rolledBack.documentId);
        throw new Error('the signature could not be stored');
      })
      .catch(() => undefined);
    await queue.work();
    await waitFor(async () => (await documentOf(committed.documentId))?.state === 'completed', {
      timeoutMs: 30_000,
    }).catch(async (error) => {
      throw new Error(
        `${error.message}: ${JSON.stringify(logger.entries)} ${JSON.stringify(await sealOf(committed.documentId))}`,
      );
    });
    expect(await sealOf(committed.documentId)).toMatchObject({ status: 'sealed' });
    expect(await sealOf(rolledBack.documentId)).toBeUndefined();
  }, 40_000);
});
