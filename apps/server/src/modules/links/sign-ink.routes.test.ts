import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { seedDocument } from '../../../test/seed-document.ts';
import { signInSeededUser } from '../../../test/sign-in.ts';
import { documentParties, documents } from '../../db/schema/documents.ts';
import { documentSignatures } from '../../db/schema/signatures.ts';
import { drawing, requestTokenFor, sealJobsOf, signedEventsOf, signInk } from './link-signing.test-helpers.ts';

/** Issue 8, part 6 and the Tests section: `POST linktinker/links/{id}/sign/ink`, every rule over HTTP. */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
}, 60_000);
afterAll(() => testApp?.close());

const db = () => testApp.database.db;
const signaturesOf = (documentId: string) =>
  db().select().from(documentSignatures).where(eq(documentSignatures.documentId, documentId));
const partyOf = async (partyId: string) =>
  (await db().select().from(documentParties).where(eq(documentParties.id, partyId)))[0];

async function twoParties(options: Parameters<typeof seedDocument>[1] = {}) {
  const doc = await seedDocument(db(), { parties: [{ name: 'Anna Andersson' }, { name: 'Bo Berg' }], ...options });
  const [first, second] = doc.parties;
  if (!first || !second) throw new Error('two parties');
  return { doc, first, second };
}

describe('signing a slot with ink', () => {
  it("records the party's signature once, with its evidence, a 'signed' event, and answers with the slots", async () => {
    const { doc, first } = await twoParties();
    const RequestToken = await requestTokenFor(testApp, first.linkCode);
    const response = await signInk(testApp, first.linkCode.toLowerCase(), {
      SignatureIndex: 0,
      RequestToken,
      InkSignatureJsonData: drawing(),
      CanvasWidth: 400,
      CanvasHeight: 160,
      TimeZoneOffsetMinutes: -60,
      AllowServerSubmit: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.State).toBe('open');
    expect(body.Signatures.map((slot: { signed: boolean; access: boolean }) => [slot.signed, slot.access])).toEqual([
      [true, true],
      [false, false],
    ]);
    expect(body.Aggregates).toEqual({
      allSigned: false,
      anySigned: true,
      userAllSigned: true,
      lastSignByMe: true,
      // Nobody is asked to pay.
      allPaid: true,
      userAllPaid: true,
      lastPaymentByMe: false,
    });

    const [row, ...others] = await signaturesOf(doc.documentId);
    expect(others).toHaveLength(0);
    expect(row).toMatchObject({
      partyId: first.id,
      signatureIndex: 0,
      method: 'ink',
      signerName: 'Anna Andersson',
      clarifiedName: null,
      ipAddress: '127.0.0.1',
      userAgent: 'Mozilla/5.0 (test phone)',
      timeZoneOffsetMinutes: -60,
      formValues: {},
    });
    // The stamp's data: the pad's size and the strokes' coordinates, without signature_pad's time and pressure.
    expect(row?.ink).toEqual({
      width: 400,
      height: 160,
      strokes: [
        {
          penColor: 'rgb(0, 0, 0)',
          minWidth: 0.5,
          maxWidth: 2.5,
          points: [
            { x: 10, y: 40 },
            { x: 60, y: 11 },
            { x: 120, y: 70 },
          ],
        },
      ],
    });
    expect((await partyOf(first.id))?.signedAt).toEqual(row?.signedAt);
    const events = await signedEventsOf(testApp, doc.documentId);
    expect(events.map((event) => event.data)).toEqual([
      { partyId: first.id, signatureIndex: 0, method: 'ink', appearance: 'drawn' },
    ]);
    const [document] = await db().select().from(documents).where(eq(documents.id, doc.documentId));
    expect(document?.lastActivityAt).toEqual(row?.signedAt);
    expect(await sealJobsOf(testApp, doc.documentId)).toBe(0);
  });

  it("refuses another party's slot (access map), an unknown slot, and a second signature of a signed slot", async () => {
    const { doc, first } = await twoParties();
    const RequestToken = await requestTokenFor(testApp, first.linkCode);
    const other = await signInk(testApp, first.linkCode, {
      SignatureIndex: 1,
      RequestToken,
      InkSignatureJsonData: drawing(),
    });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'FORBIDDEN', details: { reason: 'slot-of-another-party' } });
    const unknown = await signInk(testApp, first.linkCode, {
      SignatureIndex: 7,
      RequestToken,
      InkSignatureJsonData: drawing(),
    });
    expect(unknown.statusCode).toBe(404);

    expect(
      (await signInk(testApp, first.linkCode, { SignatureIndex: 0, RequestToken, InkSignatureJsonData: drawing(1) }))
        .statusCode,
    ).toBe(200);
    const again = await signInk(testApp, first.linkCode, {
      SignatureIndex: 0,
      RequestToken,
      InkSignatureJsonData: drawing(2),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'DOCUMENT_SAVE_FAILED', details: { reason: 'slot-already-signed' } });
    expect(await signaturesOf(doc.documentId)).toHaveLength(1);
    expect(await signedEventsOf(testApp, doc.documentId)).toHaveLength(1);
  });

  it('records a submission sent twice, and three times at once, once with one event', async () => {
    const { doc, first, second } = await twoParties();
    const payload = {
      SignatureIndex: 0,
      RequestToken: await requestTokenFor(testApp, first.linkCode),
      InkSignatureJsonData: drawing(),
    };
    const firstTry = await signInk(testApp, first.linkCode, payload);
    const retry = await signInk(testApp, first.linkCode, payload);
    expect([firstTry.statusCode, retry.statusCode]).toEqual([200, 200]);
    expect(retry.json()).toEqual(firstTry.json());

    const parallel = {
      SignatureIndex: 1,
      RequestToken: await requestTokenFor(testApp, second.linkCode),
      InkSignatureJsonData: drawing(3),
    };
    const answers = await Promise.all([1, 2, 3].map(() => signInk(testApp, second.linkCode, parallel)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(await signaturesOf(doc.documentId)).toHaveLength(2);
    expect(await signedEventsOf(testApp, doc.documentId)).toHaveLength(2);
    // The last signature queued the seal, once for all three requests.
    expect(await sealJobsOf(testApp, doc.documentId)).toBe(1);
    expect(answers[0]?.json()).toMatchObject({
      State: 'sealing',
      Aggregates: { allSigned: true, anySigned: true, userAllSigned: true, lastSignByMe: true },
    });
  });

  it('refuses a withdrawn, an expired and a completed document', async () => {
    const withdrawnLater = await twoParties();
    const token = await requestTokenFor(testApp, withdrawnLater.first.linkCode);
    // Withdrawn after the token was issued, with the link left as it was: the signature's own check stops it.
    await db().update(documents).set({ state: 'withdrawn' }).where(eq(documents.id, withdrawnLater.doc.documentId));
    const withdrawn = await signInk(testApp, withdrawnLater.first.linkCode, {
      SignatureIndex: 0,
      RequestToken: token,
      InkSignatureJsonData: drawing(),
    });
    expect(withdrawn.statusCode).toBe(410);
    expect(withdrawn.json()).toMatchObject({ code: 'DOCUMENT_WITHDRAWN' });

    // Withdrawn the normal way, the link goes with it.
    const recalled = await twoParties({ state: 'withdrawn' });
    const viaRecalledLink = await signInk(testApp, recalled.first.linkCode, {
      SignatureIndex: 0,
      RequestToken: await requestTokenFor(testApp, recalled.first.linkCode),
      InkSignatureJsonData: drawing(),
    });
    expect(viaRecalledLink.statusCode).toBe(410);

    const expired = await twoParties({ state: 'expired' });
    const late = await signInk(testApp, expired.first.linkCode, {
      SignatureIndex: 0,
      RequestToken: await requestTokenFor(testApp, expired.first.linkCode),
      InkSignatureJsonData: drawing(),
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'DOCUMENT_NOT_OPEN' });
    expect(await signaturesOf(expired.doc.documentId)).toHaveLength(0);

    const completed = await twoParties({ state: 'completed' });
    const after = await signInk(testApp, completed.first.linkCode, {
      SignatureIndex: 0,
      RequestToken: await requestTokenFor(testApp, completed.first.linkCode),
      InkSignatureJsonData: drawing(),
    });
    expect(after.statusCode).toBe(409);
    expect(after.json()).toMatchObject({ code: 'DOCUMENT_COMPLETED' });
  });

  it("refuses a wrong, an expired and another link's RequestToken, also another account's", async () => {
    const { doc, first, second } = await twoParties();
    const elsewhere = await twoParties();
    const attempt = (RequestToken: string) =>
      signInk(testApp, first.linkCode, { SignatureIndex: 0, RequestToken, InkSignatureJsonData: drawing() });

    const wrong = await attempt('not-a-token');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'ACCESS_FAILED' });
    const expired = await attempt(await requestTokenFor(testApp, first.linkCode, new Date(Date.now() - 3 * 3600_000)));
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ code: 'SESSION_EXPIRED' });
    expect((await attempt(await requestTokenFor(testApp, second.linkCode))).statusCode).toBe(403);
    expect((await attempt(await requestTokenFor(testApp, elsewhere.first.linkCode))).statusCode).toBe(403);
    const missing = await signInk(testApp, first.linkCode, { SignatureIndex: 0, InkSignatureJsonData: drawing() });
    expect(missing.statusCode).toBe(400);
    expect(await signaturesOf(doc.documentId)).toHaveLength(0);
  });

  it('refuses ink alone on ID-scan and BankID slots: each has its own signing call', async () => {
    const doc = await seedDocument(db(), {
      parties: [{ signatureType: 'live-id' }, { signatureType: 'id-e-signature' }, { signatureType: 'bankid' }],
    });
    for (const party of doc.parties) {
      const response = await signInk(testApp, party.linkCode, {
        SignatureIndex: party.signatureIndex,
        RequestToken: await requestTokenFor(testApp, party.linkCode),
        InkSignatureJsonData: drawing(),
      });
      expect([response.statusCode, response.json().code]).toEqual([400, 'VALIDATION_FAILED']);
      expect(response.json().details).toMatchObject({ reason: 'wrong-signature-method' });
    }
    expect(await signaturesOf(doc.documentId)).toHaveLength(0);
  });
});

describe("a signature through a party's link records whose session the browser carried (issue 20)", () => {
  const ink = (RequestToken: string) => ({
    SignatureIndex: 0,
    RequestToken,
    InkSignatureJsonData: drawing(),
    CanvasWidth: 400,
    CanvasHeight: 160,
    TimeZoneOffsetMinutes: 0,
    AllowServerSubmit: true,
  });

  it('records a colleague signed in to the signing browser, in the signature and its history event', async () => {
    const colleague = await signInSeededUser(testApp);
    const { doc, first } = await twoParties({ owner: colleague });
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/v2/linktinker/links/${first.linkCode}/sign/ink`,
      payload: ink(await requestTokenFor(testApp, first.linkCode)),
      headers: { authorization: `Bearer ${colleague.token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await signaturesOf(doc.documentId);
    expect(row?.signingSession).toEqual({ userId: colleague.userId, email: colleague.email });
    const [event] = await signedEventsOf(testApp, doc.documentId);
    expect(event?.data).toMatchObject({ signatureIndex: 0, signedInAs: colleague.email });
    const overview = await testApp.app.inject({
      method: 'GET',
      url: `/v2/linktinker/errands/${doc.documentId}`,
      headers: { authorization: `Bearer ${colleague.token}` },
    });
    const signed = overview.json().History.find((entry: { Type: string }) => entry.Type === 'signed');
    expect(signed?.Details).toMatchObject({ signedInAs: colleague.email, method: 'ink', appearance: 'drawn' });
  });

  it('records that no one was signed in when the browser carried no session', async () => {
    const { doc, first } = await twoParties();
    const response = await signInk(testApp, first.linkCode, ink(await requestTokenFor(testApp, first.linkCode)));
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await signaturesOf(doc.documentId);
    expect(row?.signingSession).toEqual({ userId: null, email: null });
    const [event] = await signedEventsOf(testApp, doc.documentId);
    expect(event?.data).not.toHaveProperty('signedInAs');
  });
});
