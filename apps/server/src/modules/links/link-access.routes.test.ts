import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { approvedOrder } from '../../../test/bankid-test-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { seedDocument } from '../../../test/seed-document.ts';
import { documentEvents } from '../../db/schema/document-events.ts';
import { documentParties, linkCodeProofs, links, linkVerifications } from '../../db/schema/documents.ts';
import { freshDestination } from '../verification-codes/verification-codes-test-helpers.ts';
import { requireLinkAccess } from './link-access-guard.ts';
import { passCodeGate, seedGatedLink } from './link-gate-test-helpers.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => testApp.close());
afterEach(() => testApp.bankId.simulator?.controls.reset());

const post = (url: string, payload: Record<string, unknown> = {}) =>
  testApp.app.inject({ method: 'POST', url: `/v2/linktinker/links/${url}`, payload });
const access = (linkId: string, body: Record<string, unknown> = {}) => post(`${linkId}/access`, body);
const refused = (reason: string) => ({ code: 'ACCESS_FAILED', details: { reason } });

describe('POST linktinker/links/{linkID}/access (SPEC sections 3, 4 and 7)', () => {
  it('opens a link without a gate: the files, only this party’s key, a RequestToken, and one opened event', async () => {
    const seeded = await seedDocument(testApp.database.db, {
      storage: testApp.context.storage,
      parties: [
        { name: 'Anna', email: 'anna.a@example.com', phone: '+46701110001' },
        { name: 'Bertil', email: 'bertil.b@example.com', phone: '+46701110002' },
      ],
    });
    const [anna, bertil] = seeded.parties;
    if (!anna || !bertil) throw new Error('parties');

    // Parallel first accesses write one opened event.
    const answers = await Promise.all([1, 2, 3].map(() => access(anna.linkCode.toLowerCase())));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const body = answers[0]?.json();
    expect(body.DocumentId).toBe(seeded.documentId);
    expect(body.Documents).toEqual([
      expect.objectContaining({
        Code: seeded.fileId,
        PageCount: 1,
        Rules: expect.objectContaining({ fields: expect.any(Array) }),
      }),
    ]);
    expect(body.Documents[0].Rules.access).toEqual({ '0': anna.accessKey, '1': bertil.accessKey });
    expect(body.UserData).toEqual([{ Type: 'fieldAccessKey', Value: anna.accessKey }]);
    expect(body.Signatures).toHaveLength(2);
    expect(body.Signatures.map((slot: { access: boolean }) => slot.access)).toEqual([true, false]);
    expect(body.State).toBe('open');
    for (const personal of ['bertil.b@', '701110002', 'Bertil', 'anna.a@', '701110001']) {
      expect(JSON.stringify(body)).not.toContain(personal);
    }
    const opened = await testApp.database.db
      .select()
      .from(documentEvents)
      .where(and(eq(documentEvents.documentId, seeded.documentId), eq(documentEvents.type, 'opened')));
    expect(opened).toHaveLength(1);
    expect(opened[0]?.data).toMatchObject({ partyId: anna.id, gate: 'none' });
    const [party] = await testApp.database.db.select().from(documentParties).where(eq(documentParties.id, anna.id));
    expect(party?.openedAt).not.toBeNull();

    // The RequestToken serves this link's calls, and no other link's.
    const token = body.RequestToken as string;
    const file = await post(`${anna.linkCode}/access/file`, { RequestToken: token, Code: seeded.fileId });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(file.body.startsWith('%PDF-')).toBe(true);
    const report = await post(`${anna.linkCode}/access/report`, { RequestToken: token });
    expect(report.json()).toEqual({ Document: { LinkName: 'Rental agreement' } });
    const guarded = await requireLinkAccess(
      { db: testApp.database.db, secret: testApp.context.config.sessionSecret },
      anna.linkCode,
      token,
    );
    expect(guarded.fieldAccessKeys).toEqual([anna.accessKey]);
    const atBertil = await post(`${bertil.linkCode}/access/file`, { RequestToken: token, Code: seeded.fileId });
    expect(atBertil.statusCode).toBe(403);
    expect(atBertil.json()).toMatchObject(refused('bad-request-token'));
    const other = await seedDocument(testApp.database.db);
    const otherFile = await post(`${anna.linkCode}/access/file`, { RequestToken: token, Code: other.fileId });
    expect(otherFile.statusCode).toBe(404);
    const noToken = await post(`${anna.linkCode}/access/report`, { RequestToken: 'not-a-token' });
    expect(noToken.json()).toMatchObject(refused('bad-request-token'));
  });

  it('asks an SMS-gated link for its proof, uses a proof once, and never at another link', async () => {
    const phone = freshDestination('sms');
    const a = await seedGatedLink(testApp, 'sms', { phone });
    const b = await seedGatedLink(testApp, 'sms', { phone: freshDestination('sms') });
    expect((await access(a.linkId)).json()).toMatchObject(refused('no-proof'));
    const key = await passCodeGate(testApp, a.linkId, 'sms', phone);
    expect((await access(b.linkId, { SmsClientAccessKey: key })).json()).toMatchObject(refused('no-proof'));
    expect((await access(a.linkId, { EmailClientAccessKey: key })).json()).toMatchObject(refused('no-proof'));

    const opened = await access(a.linkId, { SmsClientAccessKey: key });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().UserData).toContainEqual({ Type: 'phoneNumber', Value: phone });
    const again = await access(a.linkId, { SmsClientAccessKey: key });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject(refused('no-proof'));
  });

  it('takes an e-mail proof only within 10 minutes of the code', async () => {
    const email = freshDestination('email');
    const { linkId } = await seedGatedLink(testApp, 'email', { email });
    const key = await passCodeGate(testApp, linkId, 'email', email);
    await testApp.database.db
      .update(linkCodeProofs)
      .set({ verifiedAt: sql`now() - interval '11 minutes'` })
      .where(eq(linkCodeProofs.codeToken, key));
    expect((await access(linkId, { EmailClientAccessKey: key })).json()).toMatchObject(refused('no-proof'));
    const fresh = await passCodeGate(testApp, linkId, 'email', email);
    const opened = await access(linkId, { EmailClientAccessKey: fresh });
    expect(opened.json().UserData).toContainEqual({ Type: 'emailAddress', Value: email });
  });

  it('follows the gate order: BankID before SMS, SMS before e-mail', async () => {
    const phone = freshDestination('sms');
    const email = freshDestination('email');
    const { linkId } = await seedGatedLink(testApp, 'sms', { phone, email });
    await testApp.database.db.update(links).set({ requireEmail: true }).where(eq(links.id, linkId));
    expect((await post(`${linkId}/email`, {})).json()).toMatchObject(refused('gate-not-email'));
    const smsKey = await passCodeGate(testApp, linkId, 'sms', phone);

    await testApp.database.db.update(links).set({ requireBankId: true }).where(eq(links.id, linkId));
    expect((await access(linkId, { SmsClientAccessKey: smsKey })).json()).toMatchObject(refused('no-proof'));
    await testApp.database.db.update(links).set({ requireBankId: false }).where(eq(links.id, linkId));
    expect((await access(linkId, { SmsClientAccessKey: smsKey })).statusCode).toBe(200);
  });

  it("opens a BankID-gated link with a completed order of that link, once, keeping the person as the link's", async () => {
    const { linkId } = await seedGatedLink(testApp, 'bankid');
    const other = await seedGatedLink(testApp, 'bankid');
    const { key, order } = await approvedOrder(testApp, `/v2/linktinker/links/${linkId}/bankid`, '199001011239');
    expect((await access(other.linkId, { BankIdClientAccessKey: key })).statusCode).toBe(404);
    const opened = await access(linkId, { BankIdClientAccessKey: key });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().UserData).toContainEqual({ Type: 'bankIdPerson', Value: '19900101-1239' });
    const kept = await testApp.database.db
      .select()
      .from(linkVerifications)
      .where(eq(linkVerifications.bankIdOrderId, order.id));
    expect(kept).toEqual([expect.objectContaining({ linkId, signatureIndex: null, kind: 'bankid-person' })]);
    expect((await access(linkId, { BankIdClientAccessKey: key })).json()).toMatchObject(refused('proof-used'));
    expect((await access(linkId)).json()).toMatchObject(refused('no-proof'));
  });

  it('answers a withdrawn link as recalled (410) and an unknown one as invalid (404)', async () => {
    const withdrawn = await seedDocument(testApp.database.db, { state: 'withdrawn' });
    const recalled = await access(withdrawn.parties[0]?.linkCode ?? '');
    expect(recalled.statusCode).toBe(410);
    expect(recalled.json()).toMatchObject({ code: 'LINK_RECALLED' });
    const unknown = await access('ABCDEFGHJKMNPQRSTUVW');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'INVALID_LINK' });
  });
});

describe('the page’s visit counter and address', () => {
  it('counts visits, Internet Explorer ones apart, and answers the caller’s address', async () => {
    const { linkId } = await seedGatedLink(testApp, 'none');
    expect((await post(`${linkId}/count`, { LinkId: linkId, IsIe: false })).statusCode).toBe(204);
    expect((await post(`${linkId.toLowerCase()}/count`, { IsIe: true })).statusCode).toBe(204);
    const [row] = await testApp.database.db.select().from(links).where(eq(links.id, linkId));
    expect(row).toMatchObject({ visitCount: 2, ieVisitCount: 1 });
    expect((await post('ABCDEFGHJKMNPQRSTUVW/count', {})).statusCode).toBe(404);
    const ip = await testApp.app.inject({ method: 'GET', url: '/v2/linktinker/ip' });
    expect(ip.json()).toEqual({ ip: '127.0.0.1' });
  });
});
