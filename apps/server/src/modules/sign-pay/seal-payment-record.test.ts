import { createHash } from 'node:crypto';
import { formatMoney } from '@signlink/contracts/format/format-amount';
import { pdfsig, pdftotext } from '@signlink/pdf/sealing/pdf-tools.test-helpers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { sealingDepsOf } from '../../../test/sealing-deps.ts';
import { seedSignedDocument } from '../../../test/seed-signed-document.ts';
import { signPayPayments } from '../../db/schema/sign-pay.ts';
import { silentJobLogger } from '../../jobs/job-definition.ts';
import { createQueueFactory, jobRow, waitFor } from '../../jobs/job-test-helpers.ts';
import { readStored } from '../../lib/read-stored.ts';
import { sealSignedDocument } from '../sealing/seal-document.ts';
import { seedPaidPayment, seedSealedDocumentWithPayment } from './payment-record-test-helpers.ts';
import { enqueuePaymentRecord, paymentRecordDeps, sealPaymentRecordJob } from './seal-payment-record.job.ts';
import { sealPaymentRecord } from './seal-payment-record.ts';

/** README "Sign & Pay records": a paid payment's record is a second sealed PDF, made once, after the document's seal. */
let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp();
}, 60_000);
afterAll(() => testApp?.close());

const deps = () => paymentRecordDeps({ database: testApp.database, services: testApp.context });
const paymentOf = async (id: string) =>
  (await testApp.database.db.select().from(signPayPayments).where(eq(signPayPayments.id, id)))[0];
const runJob = (signPayPaymentId: string) =>
  sealPaymentRecordJob.handler({
    data: { signPayPaymentId },
    jobId: 'test',
    attempt: 1,
    isLastAttempt: false,
    context: { database: testApp.database, logger: silentJobLogger, services: testApp.context },
  });

const sealedDocumentWithPayment = (language: 'en-us' | 'sv' | 'es' = 'en-us') =>
  seedSealedDocumentWithPayment(testApp, { language });

describe('the sealed payment record', () => {
  it('is a sealed PDF naming the amounts, VAT, currency, the pi_ id and the sealed document', async () => {
    const { doc, payment, sealedSha256 } = await sealedDocumentWithPayment('sv');
    await runJob(payment.id);

    const row = await paymentOf(payment.id);
    expect(row?.recordStorageKey).toMatch(new RegExp(`^documents/${doc.documentId}/payment-record-`));
    expect(row?.recordSealedAt).toBeInstanceOf(Date);
    const bytes = await readStored(testApp.context.storage, row?.recordStorageKey ?? 'missing');
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(row?.recordSha256);

    const check = pdfsig(bytes);
    expect(check.signatureValid, check.output).toBe(true);
    expect(check.wholeDocument, check.output).toBe(true);
    expect(check.output.match(/Signature #/g)).toHaveLength(1);

    const text = pdftotext(bytes, { raw: true });
    expect(text).toContain('Betalningsverifikat');
    expect(text).toContain(formatMoney(12_500, 'SEK', 'sv'));
    expect(text).toContain(formatMoney(10_000, 'SEK', 'sv'));
    expect(text).toContain(formatMoney(2_500, 'SEK', 'sv'));
    expect(text).toContain('Moms 25 %');
    expect(text).toContain('SEK');
    expect(text).toContain(payment.providerPaymentId);
    expect(text).toContain('Stripe');
    expect(text).toContain('2026-11-27 14:05:09 UTC');
    expect(text).toContain('Nils Nilsson');
    expect(text).toContain('payer@example.com');
    expect(text).toContain(doc.documentId);
    expect(text.replace(/\s+/g, '')).toContain(sealedSha256);
  }, 60_000);

  it('is made once however often the job runs, one after another or at once', async () => {
    const { payment } = await sealedDocumentWithPayment();
    await runJob(payment.id);
    const first = await paymentOf(payment.id);
    expect(await sealPaymentRecord(deps(), { signPayPaymentId: payment.id })).toBe('already-made');
    expect(await paymentOf(payment.id)).toEqual(first);

    const racing = await sealedDocumentWithPayment();
    const outcomes = await Promise.all([
      sealPaymentRecord(deps(), { signPayPaymentId: racing.payment.id }),
      sealPaymentRecord(deps(), { signPayPaymentId: racing.payment.id }),
    ]);
    expect(outcomes.filter((outcome) => outcome === 'sealed')).toHaveLength(1);
    const raced = await paymentOf(racing.payment.id);
    const bytes = await readStored(testApp.context.storage, raced?.recordStorageKey ?? 'missing');
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(raced?.recordSha256);
  }, 60_000);

  it('makes nothing for a payment that is not paid', async () => {
    const { db } = testApp.database;
    const doc = await seedSignedDocument(db, testApp.context.storage);
    await sealSignedDocument(sealingDepsOf(testApp.context), { documentId: doc.documentId });
    const party = doc.parties[0] ?? { id: '', signatureIndex: 0 };
    for (const status of ['open', 'refunded'] as const) {
      const payment = await seedPaidPayment(db, {
        documentId: doc.documentId,
        accountId: doc.accountId,
        party,
        status,
      });
      expect(await sealPaymentRecord(deps(), { signPayPaymentId: payment.id })).toBe('not-paid');
      expect((await paymentOf(payment.id))?.recordStorageKey).toBeNull();
      await db.delete(signPayPayments).where(eq(signPayPayments.id, payment.id));
    }
    expect(await sealPaymentRecord(deps(), { signPayPaymentId: 'spp_none' })).toBe('no-payment');
  }, 60_000);
});

describe('the seal-payment-record job on the real queue', () => {
  const queues = createQueueFactory(() => testApp.database);
  afterAll(() => queues.stopAll());

  it('is retried while the document is not sealed, and makes no record until it is', async () => {
    const { db } = testApp.database;
    const doc = await seedSignedDocument(db, testApp.context.storage);
    const payer = doc.parties[1] ?? { id: '', signatureIndex: 1 };
    const payment = await seedPaidPayment(db, { documentId: doc.documentId, accountId: doc.accountId, party: payer });
    const queue = await queues.start([sealPaymentRecordJob], { services: () => testApp.context });
    await db.transaction((tx) => enqueuePaymentRecord(queue, tx, payment.id));
    // A second "paid" (a replayed webhook) enqueues nothing more.
    await enqueuePaymentRecord(queue, undefined, payment.id);
    const { rows } = await testApp.database.executeSql(
      `SELECT id FROM pgboss.job WHERE name = $1 AND data->>'signPayPaymentId' = $2`,
      [sealPaymentRecordJob.id, payment.id],
    );
    expect(rows).toHaveLength(1);
    const jobId = (rows[0] as { id: string }).id;
    await queue.work();
    // Failed and waiting for its retry (15 s and more away): not given up on, not completed.
    await waitFor(async () => (await jobRow(testApp.database, jobId))?.state === 'retry', { timeoutMs: 20_000 });
    expect((await paymentOf(payment.id))?.recordStorageKey).toBeNull();

    // Sealing queues it again under a key of its own (the first job may have given up by then); that run makes it.
    await sealSignedDocument(sealingDepsOf(testApp.context), { documentId: doc.documentId });
    const { rows: queued } = await testApp.database.executeSql(
      `SELECT id FROM pgboss.job WHERE name = $1 AND data->>'signPayPaymentId' = $2`,
      [sealPaymentRecordJob.id, payment.id],
    );
    expect(queued).toHaveLength(2);
    await runJob(payment.id);
    expect((await paymentOf(payment.id))?.recordSha256).toMatch(/^[0-9a-f]{64}$/);
  }, 60_000);
});
