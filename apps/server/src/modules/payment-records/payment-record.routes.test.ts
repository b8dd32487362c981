import { createHash } from 'node:crypto';
import { roles } from '@signlink/contracts/auth/roles';
import { pdfsig } from '@signlink/pdf/sealing/pdf-tools.test-helpers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { injectWithToken, signInSeededUser } from '../../../test/sign-in.ts';
import { readStored } from '../../lib/read-stored.ts';
import { requestTokenFor } from '../links/link-signing.test-helpers.ts';
import { findSeal } from '../sealing/seal.repository.ts';
import { seedSealedDocumentWithPayment } from '../sign-pay/payment-record-test-helpers.ts';

/** README "Sign & Pay records" over HTTP: the verify page on a record and on its document, and both downloads. */
let testApp: TestApp;
let owner: Awaited<ReturnType<typeof signInSeededUser>>;
let seeded: Awaited<ReturnType<typeof seedSealedDocumentWithPayment>>;
let record: Uint8Array;

beforeAll(async () => {
  testApp = await buildTestApp();
  owner = await signInSeededUser(testApp, { role: roles.regular });
  seeded = await seedSealedDocumentWithPayment(testApp, { owner, title: 'Konsultavtal', record: true });
  record = await readStored(testApp.context.storage, seeded.payment.recordStorageKey ?? 'missing');
}, 90_000);
afterAll(() => testApp?.close());

const verify = (bytes: Uint8Array) =>
  testApp.app.inject({
    method: 'POST',
    url: '/v2/linktinker/verify',
    payload: Buffer.from(bytes),
    headers: { 'content-type': 'application/pdf' },
  });
const ownerRecordUrl = (documentId: string, paymentId: string) =>
  `/v2/linktinker/projects/${documentId}/payments/${paymentId}/record`;
const linkRecord = async (linkCode: string, paymentId: string, token?: string) =>
  testApp.app.inject({
    method: 'GET',
    url: `/v2/linktinker/links/${linkCode}/payment/record?${new URLSearchParams({
      requestToken: token ?? (await requestTokenFor(testApp, linkCode)),
      paymentId,
    })}`,
  });
const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('POST linktinker/verify with Sign & Pay records', () => {
  it('says a payment record is our valid seal and names the document, amount and time it pays for', async () => {
    const response = await verify(record);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.Verdict).toBe('valid');
    expect(body.Sha256).toBe(seeded.payment.recordSha256);
    expect(body.Document).toBeNull();
    expect(body.PaymentRecord).toEqual({
      PaymentId: seeded.payment.id,
      DocumentId: seeded.doc.documentId,
      DocumentName: 'Konsultavtal',
      DocumentSealedSha256: seeded.sealedSha256,
      Total: 12_500,
      Currency: 'SEK',
      PaidAt: '2026-11-27T14:05:09.000Z',
      RecordSealedAt: seeded.payment.recordSealedAt?.toISOString(),
    });
    expect(body.PaymentRecords).toBeUndefined();
  });

  it('lists the payment records of a sealed document', async () => {
    const seal = await findSeal(testApp.database.db, seeded.doc.documentId);
    const sealed = await readStored(testApp.context.storage, seal?.sealedStorageKey ?? 'missing');
    const body = (await verify(sealed)).json();
    expect(body.Verdict).toBe('valid');
    expect(body.Document).toMatchObject({ Id: seeded.doc.documentId, IsSealedFile: true });
    expect(body.PaymentRecord).toBeUndefined();
    expect(body.PaymentRecords).toEqual([
      {
        PaymentId: seeded.payment.id,
        Total: 12_500,
        Currency: 'SEK',
        PaidAt: '2026-11-27T14:05:09.000Z',
        RecordSha256: seeded.payment.recordSha256,
      },
    ]);
  });

  it('lists none for a sealed document whose payment has no record yet', async () => {
    const other = await seedSealedDocumentWithPayment(testApp, { owner });
    const seal = await findSeal(testApp.database.db, other.doc.documentId);
    const body = (await verify(await readStored(testApp.context.storage, seal?.sealedStorageKey ?? ''))).json();
    expect(body.Document).toMatchObject({ Id: other.doc.documentId });
    expect(body.PaymentRecords).toBeUndefined();
  }, 60_000);
});

describe('GET linktinker/projects/{id}/payments/{paymentId}/record', () => {
  it('gives the owner the sealed record, named in the document language', async () => {
    const response = await injectWithToken(
      testApp,
      owner.token,
      'GET',
      ownerRecordUrl(seeded.doc.documentId, seeded.payment.id),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('Payment%20record.pdf');
    expect(sha256(response.rawPayload)).toBe(seeded.payment.recordSha256);
    expect(pdfsig(response.rawPayload).signatureValid).toBe(true);
  });

  it("refuses another account, and a payment of another of the owner's documents", async () => {
    const stranger = await signInSeededUser(testApp, { role: roles.administrator });
    const url = ownerRecordUrl(seeded.doc.documentId, seeded.payment.id);
    const refused = await injectWithToken(testApp, stranger.token, 'GET', url);
    expect(refused.statusCode, refused.body).toBe(404);
    expect(refused.body).not.toContain('%PDF');

    const other = await seedSealedDocumentWithPayment(testApp, { owner });
    const crossed = await injectWithToken(
      testApp,
      owner.token,
      'GET',
      ownerRecordUrl(other.doc.documentId, seeded.payment.id),
    );
    expect(crossed.statusCode, crossed.body).toBe(404);
    const notYet = await injectWithToken(
      testApp,
      owner.token,
      'GET',
      ownerRecordUrl(other.doc.documentId, other.payment.id),
    );
    expect(notYet.json().code ?? notYet.json().Code ?? notYet.body).toMatch(/DOCUMENT_NOT_SEALED/);
    expect((await testApp.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  }, 60_000);
});

describe('GET linktinker/links/{id}/payment/record', () => {
  it("gives the paying party their record, and refuses it to the other party's link and another token", async () => {
    const [other, payer] = seeded.doc.parties;
    if (!other || !payer) throw new Error('two parties');
    const own = await linkRecord(payer.linkCode, seeded.payment.id);
    expect(own.statusCode, own.body).toBe(200);
    expect(sha256(own.rawPayload)).toBe(seeded.payment.recordSha256);

    const othersLink = await linkRecord(other.linkCode, seeded.payment.id);
    expect(othersLink.statusCode, othersLink.body).toBe(404);
    const othersToken = await linkRecord(
      payer.linkCode,
      seeded.payment.id,
      await requestTokenFor(testApp, other.linkCode),
    );
    expect([401, 403]).toContain(othersToken.statusCode);
  });
});
