import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ageOrder, approvedOrder, bankIdControls, startOrder } from '../../../test/bankid-test-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { seedDocument } from '../../../test/seed-document.ts';
import { seedLink } from '../../../test/seed-link.ts';
import { documents, linkVerifications } from '../../db/schema/documents.ts';
import { documentSignatures } from '../../db/schema/signatures.ts';
import { requestTokenFor, sealJobsOf, signedEventsOf } from './link-signing.test-helpers.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp?.close());
afterEach(() => testApp.bankId.simulator?.controls.reset());

const controls = () => bankIdControls(testApp);
const post = (url: string, payload: Record<string, unknown> = {}) =>
  testApp.app.inject({ method: 'POST', url, payload });
const decode = (base64?: string) => Buffer.from(base64 ?? '', 'base64').toString('utf8');
const validateSignature = (linkId: string, body: Record<string, unknown>) =>
  post(`/v2/linktinker/links/${linkId}/validation/validate/bankid`, body);

describe("a recipient's BankID gate, links/{id}/bankid (SPEC section 7, issue 4)", () => {
  it('starts an identification for the link, naming the document in the app, and refreshes it by link', async () => {
    const { linkId } = await seedLink(testApp.database.db, { title: 'Hyresavtal', language: 'sv' });
    const { started, order } = await startOrder(testApp, `/v2/linktinker/links/${linkId.toLowerCase()}/bankid`, {
      requestToken: 'page-1',
    });
    expect(order).toMatchObject({ purpose: 'link-access', kind: 'auth', linkId, requestToken: 'page-1' });
    const atBankId = controls().findOrder(order.orderRef);
    expect(atBankId?.request.kind).toBe('auth');
    expect(decode(atBankId?.request.userVisibleData)).toBe('Legitimera dig för att öppna dokumentet "Hyresavtal".');

    const refreshed = await testApp.app.inject(`/v2/linktinker/links/${linkId}/bankid/${started.ClientAccessKey}`);
    expect(refreshed.json()).toMatchObject({ Status: 'pending', QrCodeData: expect.stringMatching(/^bankid\./) });
    controls().approve(order.orderRef, '199001011239');
    await ageOrder(testApp, started.ClientAccessKey);
    const done = await testApp.app.inject(`/v2/linktinker/links/${linkId}/bankid/${started.ClientAccessKey}`);
    expect(done.json()).toEqual({ Status: 'complete' });
  });

  it("keeps one link's orders from every other link and from the app's endpoints", async () => {
    const own = await seedLink(testApp.database.db);
    const other = await seedLink(testApp.database.db);
    const { started } = await startOrder(testApp, `/v2/linktinker/links/${own.linkId}/bankid`);
    const viaOther = await testApp.app.inject(`/v2/linktinker/links/${other.linkId}/bankid/${started.ClientAccessKey}`);
    expect(viaOther.statusCode).toBe(404);
    expect(viaOther.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await testApp.app.inject(`/v2/linktinker/app/bankid/${started.ClientAccessKey}`)).statusCode).toBe(404);
    const appOrder = await startOrder(testApp, '/v2/linktinker/app/bankid');
    const appViaLink = await testApp.app.inject(
      `/v2/linktinker/links/${own.linkId}/bankid/${appOrder.started.ClientAccessKey}`,
    );
    expect(appViaLink.statusCode).toBe(404);
    // Cancelling through another link leaves the order alone.
    await post(`/v2/linktinker/links/${other.linkId}/bankid/${started.ClientAccessKey}/cancel`);
    const stillThere = await testApp.app.inject(`/v2/linktinker/links/${own.linkId}/bankid/${started.ClientAccessKey}`);
    expect(stillThere.json()).toMatchObject({ Status: 'pending' });
    const cancelled = await post(`/v2/linktinker/links/${own.linkId}/bankid/${started.ClientAccessKey}/cancel`);
    expect(cancelled.statusCode).toBe(204);
    const after = await testApp.app.inject(`/v2/linktinker/links/${own.linkId}/bankid/${started.ClientAccessKey}`);
    expect(after.json()).toMatchObject({ Status: 'cancelled' });
  });

  it('refuses an unknown link, a withdrawn one, and a malformed id, with the catalogue errors', async () => {
    const unknown = await post('/v2/linktinker/links/NOSUCHLINK123/bankid');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'INVALID_LINK' });
    const { linkId } = await seedLink(testApp.database.db, { status: 'withdrawn' });
    const withdrawn = await post(`/v2/linktinker/links/${linkId}/bankid?lang=es`);
    expect(withdrawn.statusCode).toBe(410);
    expect(withdrawn.json()).toMatchObject({ code: 'LINK_RECALLED', message: expect.stringMatching(/enlace/i) });
    const malformed = await post('/v2/linktinker/links/ab%3Cscript%3E/bankid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('signing a slot with BankID, links/{id}/validation/…bankid', () => {
  /** A sent document whose second party signs by BankID, and that party's link with its RequestToken. */
  async function bankIdSlot(options: Parameters<typeof seedDocument>[1] = {}) {
    const doc = await seedDocument(testApp.database.db, {
      title: 'NDA 2026',
      parties: [{ signatureType: 'e-signature' }, { signatureType: 'bankid', name: 'Erik J' }],
      ...options,
    });
    const party = doc.parties.at(-1);
    if (!party) throw new Error('a party');
    const requestToken = await requestTokenFor(testApp, party.linkCode);
    return { doc, party, linkId: party.linkCode, requestToken };
  }
  const signatureUrl = (linkId: string) => `/v2/linktinker/links/${linkId}/validation/bankid`;
  const signaturesOf = (documentId: string) =>
    testApp.database.db.select().from(documentSignatures).where(eq(documentSignatures.documentId, documentId));

  it("signs the document's title and SHA-256, keeps the signer for the slot and records the slot's signature once", async () => {
    const { doc, linkId, requestToken, party } = await bankIdSlot();
    const [document] = await testApp.database.db.select().from(documents).where(eq(documents.id, doc.documentId));
    const originalSha256 = document?.originalSha256;
    const { started, order } = await startOrder(testApp, signatureUrl(linkId), { requestToken, SignatureIndex: 1 });
    expect(order).toMatchObject({ purpose: 'link-signature', kind: 'sign' });
    const atBankId = controls().findOrder(order.orderRef);
    expect(atBankId?.request.kind).toBe('sign');
    const shown = decode(atBankId?.request.userVisibleData);
    expect(shown).toContain('I sign the document "NDA 2026".');
    expect(shown).toContain(originalSha256);
    expect(JSON.parse(decode(atBankId?.request.userNonVisibleData))).toEqual({
      documentId: doc.documentId,
      linkId,
      originalSha256,
    });

    const body = { ClientAccessKey: started.ClientAccessKey, SignatureIndex: 1, TimeZoneOffsetMinutes: -60 };
    expect((await validateSignature(linkId, body)).json()).toEqual({ Status: 'pending' });
    controls().approve(order.orderRef, '198507142381');
    await ageOrder(testApp, started.ClientAccessKey);
    const validated = await validateSignature(linkId, body);
    expect(validated.statusCode, validated.body).toBe(200);
    const answer = validated.json();
    expect(answer).toMatchObject({
      Status: 'complete',
      SignatureIndex: 1,
      User: { PersonalNumber: '19850714-2381', Name: 'Erik Johansson', GivenName: 'Erik', Surname: 'Johansson' },
      Signing: {
        State: 'open',
        Aggregates: { allSigned: false, anySigned: true, userAllSigned: true, lastSignByMe: true },
      },
    });
    expect(answer.Signing.Signatures[1]).toMatchObject({ index: 1, type: 1, signed: true, access: true });
    const kept = await testApp.database.db.select().from(linkVerifications).where(eq(linkVerifications.linkId, linkId));
    expect(kept).toEqual([
      expect.objectContaining({
        signatureIndex: 1,
        kind: 'bankid-person',
        bankIdOrderId: order.id,
        value: expect.objectContaining({ personalNumber: '198507142381', timeZoneOffsetMinutes: -60 }),
      }),
    ]);
    expect(await signaturesOf(doc.documentId)).toEqual([
      expect.objectContaining({
        partyId: party.id,
        signatureIndex: 1,
        method: 'bankid',
        signerName: 'Erik Johansson',
        personalNumber: '198507142381',
        timeZoneOffsetMinutes: -60,
        ink: null,
      }),
    ]);

    // The browser's retry answers the same and keeps nothing twice; another party's slot is refused.
    const retried = await validateSignature(linkId, body);
    expect(retried.json()).toEqual(answer);
    const otherSlot = await validateSignature(linkId, { ...body, SignatureIndex: 0 });
    expect(otherSlot.statusCode).toBe(403);
    expect(otherSlot.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(
      await testApp.database.db.select().from(linkVerifications).where(eq(linkVerifications.linkId, linkId)),
    ).toHaveLength(1);
    expect(await signaturesOf(doc.documentId)).toHaveLength(1);
    expect(await signedEventsOf(testApp, doc.documentId)).toHaveLength(1);
  });

  it('records one signature when the same completed order is validated twice at once, and the last one seals', async () => {
    const { doc, linkId, requestToken } = await bankIdSlot({ parties: [{ signatureType: 'bankid' }] });
    const { key } = await approvedOrder(testApp, signatureUrl(linkId), '199001011239', { requestToken });
    const body = { ClientAccessKey: key, SignatureIndex: 0 };
    const answers = await Promise.all([validateSignature(linkId, body), validateSignature(linkId, body)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers[0]?.json().Signing).toMatchObject({ State: 'sealing', Aggregates: { allSigned: true } });
    const kept = await testApp.database.db.select().from(linkVerifications).where(eq(linkVerifications.linkId, linkId));
    expect(kept).toHaveLength(1);
    expect(await signaturesOf(doc.documentId)).toHaveLength(1);
    expect(await signedEventsOf(testApp, doc.documentId)).toHaveLength(1);
    expect(await sealJobsOf(testApp, doc.documentId)).toBe(1);
  });

  it("starts a signature order only with the link's RequestToken, and for a slot this person may sign by BankID", async () => {
    const { doc, linkId, requestToken } = await bankIdSlot();
    const elsewhere = await bankIdSlot();
    const start = (body: Record<string, unknown>) => post(signatureUrl(linkId), body);

    const cases: [Record<string, unknown>, number, string][] = [
      [{}, 403, 'ACCESS_FAILED'],
      [{ requestToken: 'page-2' }, 403, 'ACCESS_FAILED'],
      [{ requestToken: elsewhere.requestToken }, 403, 'ACCESS_FAILED'],
      [{ requestToken: await requestTokenFor(testApp, doc.parties[0]?.linkCode ?? '') }, 403, 'ACCESS_FAILED'],
      [
        { requestToken: await requestTokenFor(testApp, linkId, new Date(Date.now() - 3 * 3600_000)) },
        401,
        'SESSION_EXPIRED',
      ],
      [{ requestToken, SignatureIndex: 0 }, 403, 'FORBIDDEN'],
      [{ requestToken, SignatureIndex: 5 }, 404, 'NOT_FOUND'],
    ];
    for (const [body, status, code] of cases) {
      const response = await start(body);
      expect([response.statusCode, response.json().code], JSON.stringify(body)).toEqual([status, code]);
    }
    // An e-signature slot is not signed by BankID, and a signed slot not again.
    const ink = await bankIdSlot({ parties: [{ signatureType: 'e-signature' }] });
    const inkStart = await post(signatureUrl(ink.linkId), { requestToken: ink.requestToken, SignatureIndex: 0 });
    expect(inkStart.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { reason: 'wrong-signature-method' } });
    const signed = await bankIdSlot({
      parties: [{ signatureType: 'bankid', signedAt: new Date() }, { signatureType: 'bankid' }],
    });
    const again = await post(signatureUrl(signed.linkId), { requestToken: signed.requestToken, SignatureIndex: 1 });
    expect(again.statusCode).toBe(200);
    const signedFirst = await post(signatureUrl(signed.doc.parties[0]?.linkCode ?? ''), {
      requestToken: await requestTokenFor(testApp, signed.doc.parties[0]?.linkCode ?? ''),
      SignatureIndex: 0,
    });
    expect(signedFirst.json()).toMatchObject({ code: 'DOCUMENT_SAVE_FAILED' });
  });

  it("needs the slot's required fields, and takes them on the same order's next validation", async () => {
    const { doc, linkId, requestToken } = await bankIdSlot({
      parties: [{ signatureType: 'bankid' }],
      fields: [
        {
          id: 'sig-0',
          type: 'signature',
          signatureIndex: 0,
          page: 1,
          x: 10,
          y: 10,
          width: 150,
          height: 50,
          required: true,
          name: 'Signature[0]',
        },
        {
          id: 'text-0',
          type: 'text',
          signatureIndex: 0,
          page: 1,
          x: 10,
          y: 70,
          width: 150,
          height: 20,
          required: true,
          name: 'Text[0]',
        },
      ],
    });
    const { key } = await approvedOrder(testApp, signatureUrl(linkId), '199001011239', { requestToken });
    const missing = await validateSignature(linkId, { ClientAccessKey: key, SignatureIndex: 0 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ code: 'MANDATORY_FIELDS_MISSING', details: { fields: ['Text[0]'] } });
    expect(await signaturesOf(doc.documentId)).toHaveLength(0);
    const filled = await validateSignature(linkId, {
      ClientAccessKey: key,
      SignatureIndex: 0,
      FormValues: { 'Text[0]': 'Stockholm' },
    });
    expect(filled.statusCode, filled.body).toBe(200);
    expect((await signaturesOf(doc.documentId))[0]?.formValues).toEqual({ 'Text[0]': 'Stockholm' });
  });

  it('does not sign with an identification order, nor with a cancelled one', async () => {
    const { linkId, requestToken } = await bankIdSlot();
    const access = await approvedOrder(testApp, `/v2/linktinker/links/${linkId}/bankid`, '199001011239');
    const withAccess = await validateSignature(linkId, { ClientAccessKey: access.key, SignatureIndex: 1 });
    expect(withAccess.statusCode).toBe(404);

    const { started, order } = await startOrder(testApp, signatureUrl(linkId), { requestToken });
    controls().cancelByUser(order.orderRef);
    await ageOrder(testApp, started.ClientAccessKey);
    const cancelled = await validateSignature(linkId, { ClientAccessKey: started.ClientAccessKey, SignatureIndex: 1 });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toMatchObject({ code: 'ACTION_CANCELLED' });
  });

  it('refuses a slot index out of range and a time-zone offset beyond 14 hours', async () => {
    const { linkId, requestToken } = await bankIdSlot();
    const { key } = await approvedOrder(testApp, signatureUrl(linkId), '199001011239', { requestToken });
    for (const body of [
      { ClientAccessKey: key, SignatureIndex: -1 },
      { ClientAccessKey: key, SignatureIndex: 100 },
      { ClientAccessKey: key, SignatureIndex: 1, TimeZoneOffsetMinutes: 15 * 60 },
    ]) {
      const response = await validateSignature(linkId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });
});
