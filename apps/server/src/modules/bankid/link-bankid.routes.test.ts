import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ageOrder, approvedOrder, bankIdControls, startOrder } from '../../../test/bankid-test-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { seedLink } from '../../../test/seed-link.ts';
import { linkVerifications } from '../../db/schema/documents.ts';

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
  post(`/v2/links/${linkId}/validation/validate/bankid`, body);

describe("a recipient's BankID gate, links/{id}/bankid (SPEC section 7, issue 4)", () => {
  it('starts an identification for the link, naming the document in the app, and refreshes it by link', async () => {
    const { linkId } = await seedLink(testApp.database.db, { title: 'Hyresavtal', language: 'sv' });
    const { started, order } = await startOrder(testApp, `/v2/links/${linkId.toLowerCase()}/bankid`, {
      requestToken: 'page-1',
    });
    expect(order).toMatchObject({ purpose: 'link-access', kind: 'auth', linkId, requestToken: 'page-1' });
    const atBankId = controls().findOrder(order.orderRef);
    expect(atBankId?.request.kind).toBe('auth');
    expect(decode(atBankId?.request.userVisibleData)).toBe('Legitimera dig för att öppna dokumentet "Hyresavtal".');

    const refreshed = await testApp.app.inject(`/v2/links/${linkId}/bankid/${started.ClientAccessKey}`);
    expect(refreshed.json()).toMatchObject({ Status: 'pending', QrCodeData: expect.stringMatching(/^bankid\./) });
    controls().approve(order.orderRef, '199001011239');
    await ageOrder(testApp, started.ClientAccessKey);
    const done = await testApp.app.inject(`/v2/links/${linkId}/bankid/${started.ClientAccessKey}`);
    expect(done.json()).toEqual({ Status: 'complete' });
  });

  it("keeps one link's orders from every other link and from the app's endpoints", async () => {
    const own = await seedLink(testApp.database.db);
    const other = await seedLink(testApp.database.db);
    const { started } = await startOrder(testApp, `/v2/links/${own.linkId}/bankid`);
    const viaOther = await testApp.app.inject(`/v2/links/${other.linkId}/bankid/${started.ClientAccessKey}`);
    expect(viaOther.statusCode).toBe(404);
    expect(viaOther.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await testApp.app.inject(`/v2/linktinker/app/bankid/${started.ClientAccessKey}`)).statusCode).toBe(404);
    const appOrder = await startOrder(testApp, '/v2/linktinker/app/bankid');
    const appViaLink = await testApp.app.inject(`/v2/links/${own.linkId}/bankid/${appOrder.started.ClientAccessKey}`);
    expect(appViaLink.statusCode).toBe(404);
    // Cancelling through another link leaves the order alone.
    await post(`/v2/links/${other.linkId}/bankid/${started.ClientAccessKey}/cancel`);
    const stillThere = await testApp.app.inject(`/v2/links/${own.linkId}/bankid/${started.ClientAccessKey}`);
    expect(stillThere.json()).toMatchObject({ Status: 'pending' });
    const cancelled = await post(`/v2/links/${own.linkId}/bankid/${started.ClientAccessKey}/cancel`);
    expect(cancelled.statusCode).toBe(204);
    const after = await testApp.app.inject(`/v2/links/${own.linkId}/bankid/${started.ClientAccessKey}`);
    expect(after.json()).toMatchObject({ Status: 'cancelled' });
  });

  it('refuses an unknown link, a withdrawn one, and a malformed id, with the catalogue errors', async () => {
    const unknown = await post('/v2/links/NOSUCHLINK123/bankid');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'INVALID_LINK' });
    const { linkId } = await seedLink(testApp.database.db, { status: 'withdrawn' });
    const withdrawn = await post(`/v2/links/${linkId}/validation/bankid?lang=es`);
    expect(withdrawn.statusCode).toBe(410);
    expect(withdrawn.json()).toMatchObject({ code: 'LINK_RECALLED', message: expect.stringMatching(/enlace/i) });
    const malformed = await post('/v2/links/ab%3Cscript%3E/bankid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('signing a slot with BankID, links/{id}/validation/…bankid', () => {
  it("signs the document's title and SHA-256, and keeps the signer as the slot's verified person", async () => {
    const { linkId, documentId, originalSha256 } = await seedLink(testApp.database.db, { title: 'NDA 2026' });
    const { started, order } = await startOrder(testApp, `/v2/links/${linkId}/validation/bankid`, {
      requestToken: 'page-2',
    });
    expect(order).toMatchObject({ purpose: 'link-signature', kind: 'sign' });
    const atBankId = controls().findOrder(order.orderRef);
    expect(atBankId?.request.kind).toBe('sign');
    const shown = decode(atBankId?.request.userVisibleData);
    expect(shown).toContain('I sign the document "NDA 2026".');
    expect(shown).toContain(originalSha256);
    expect(JSON.parse(decode(atBankId?.request.userNonVisibleData))).toEqual({ documentId, linkId, originalSha256 });
    expect(order.userVisibleData).toBe(shown);

    const body = { ClientAccessKey: started.ClientAccessKey, SignatureIndex: 1, TimeZoneOffsetMinutes: -60 };
    expect((await validateSignature(linkId, body)).json()).toEqual({ Status: 'pending' });
    controls().approve(order.orderRef, '198507142381');
    await ageOrder(testApp, started.ClientAccessKey);
    const validated = await validateSignature(linkId, body);
    expect(validated.json()).toEqual({
      Status: 'complete',
      SignatureIndex: 1,
      User: { PersonalNumber: '19850714-2381', Name: 'Erik Johansson', GivenName: 'Erik', Surname: 'Johansson' },
    });
    const kept = await testApp.database.db.select().from(linkVerifications).where(eq(linkVerifications.linkId, linkId));
    expect(kept).toEqual([
      expect.objectContaining({
        signatureIndex: 1,
        kind: 'bankid-person',
        bankIdOrderId: order.id,
        value: expect.objectContaining({ personalNumber: '198507142381', timeZoneOffsetMinutes: -60 }),
      }),
    ]);

    // The browser's retry answers the same and keeps nothing twice; another slot is refused.
    expect((await validateSignature(linkId, body)).json()).toMatchObject({ Status: 'complete', SignatureIndex: 1 });
    const otherSlot = await validateSignature(linkId, { ...body, SignatureIndex: 2 });
    expect(otherSlot.statusCode).toBe(409);
    expect(otherSlot.json()).toMatchObject({ code: 'ACTION_CANCELLED' });
    expect(
      await testApp.database.db.select().from(linkVerifications).where(eq(linkVerifications.linkId, linkId)),
    ).toHaveLength(1);
  });

  it('keeps one verification when the same completed order is validated twice at once', async () => {
    const { linkId } = await seedLink(testApp.database.db);
    const { key } = await approvedOrder(testApp, `/v2/links/${linkId}/validation/bankid`, '199001011239');
    const body = { ClientAccessKey: key, SignatureIndex: 0 };
    const answers = await Promise.all([validateSignature(linkId, body), validateSignature(linkId, body)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const kept = await testApp.database.db.select().from(linkVerifications).where(eq(linkVerifications.linkId, linkId));
    expect(kept).toHaveLength(1);
  });

  it('does not sign with an identification order, nor with a cancelled one', async () => {
    const { linkId } = await seedLink(testApp.database.db);
    const access = await approvedOrder(testApp, `/v2/links/${linkId}/bankid`, '199001011239');
    const withAccess = await validateSignature(linkId, { ClientAccessKey: access.key, SignatureIndex: 0 });
    expect(withAccess.statusCode).toBe(404);

    const { started, order } = await startOrder(testApp, `/v2/links/${linkId}/validation/bankid`);
    controls().cancelByUser(order.orderRef);
    await ageOrder(testApp, started.ClientAccessKey);
    const cancelled = await validateSignature(linkId, { ClientAccessKey: started.ClientAccessKey, SignatureIndex: 0 });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toMatchObject({ code: 'ACTION_CANCELLED' });
  });

  it('refuses a slot index out of range and a time-zone offset beyond 14 hours', async () => {
    const { linkId } = await seedLink(testApp.database.db);
    const { key } = await approvedOrder(testApp, `/v2/links/${linkId}/validation/bankid`, '199001011239');
    for (const body of [
      { ClientAccessKey: key, SignatureIndex: -1 },
      { ClientAccessKey: key, SignatureIndex: 100 },
      { ClientAccessKey: key, SignatureIndex: 0, TimeZoneOffsetMinutes: 15 * 60 },
    ]) {
      const response = await validateSignature(linkId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });
});
