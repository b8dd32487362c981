import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageOrder, bankIdControls, startOrder } from '../../../test/bankid-test-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { seedDocument } from '../../../test/seed-document.ts';
import { injectWithToken, signInSeededUser } from '../../../test/sign-in.ts';
import { drawing, requestTokenFor, signInk } from '../links/link-signing.test-helpers.ts';

/**
 * The document's page names who really signed by BankID: the party "Bob Berg" signed by the simulator's Erik
 * Johansson reaches the sender as the verified name beside the party, not only in the sealed audit trail.
 */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
}, 60_000);
afterAll(() => testApp?.close());

/** The BankID app's person for 198507142381 in the simulator. */
const bankIdPerson = { personalNumber: '198507142381', name: 'Erik Johansson' };

async function signWithBankId(linkId: string, signatureIndex: number) {
  const requestToken = await requestTokenFor(testApp, linkId);
  const { started, order } = await startOrder(testApp, `/v2/linktinker/links/${linkId}/validation/bankid`, {
    requestToken,
    SignatureIndex: signatureIndex,
  });
  bankIdControls(testApp).approve(order.orderRef, bankIdPerson.personalNumber);
  await ageOrder(testApp, started.ClientAccessKey);
  const validated = await testApp.app.inject({
    method: 'POST',
    url: `/v2/linktinker/links/${linkId}/validation/validate/bankid`,
    payload: { ClientAccessKey: started.ClientAccessKey, SignatureIndex: signatureIndex, TimeZoneOffsetMinutes: 0 },
  });
  expect(validated.statusCode, validated.body).toBe(200);
}

describe("GET errands/{id}: a party's verified name", () => {
  it('carries the name BankID proved, and none for an unsigned party or a drawn signature', async () => {
    const owner = await signInSeededUser(testApp);
    const doc = await seedDocument(testApp.database.db, {
      owner,
      parties: [
        { name: 'Anna Andersson', signatureType: 'e-signature' },
        { name: 'Bob Berg', signatureType: 'bankid' },
        { name: 'Cecilia Carlsson', signatureType: 'bankid' },
      ],
    });
    const [anna, bob] = doc.parties;
    if (!anna || !bob) throw new Error('parties');
    await signWithBankId(bob.linkCode, 1);
    const inked = await signInk(testApp, anna.linkCode, {
      SignatureIndex: 0,
      RequestToken: await requestTokenFor(testApp, anna.linkCode),
      InkSignatureJsonData: drawing(1),
      CanvasWidth: 300,
      CanvasHeight: 100,
    });
    expect(inked.statusCode, inked.body).toBe(200);

    const detail = await injectWithToken(testApp, owner.token, 'GET', `/v2/linktinker/errands/${doc.documentId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const parties = detail.json().Parties as { Name: string; Signed: boolean; VerifiedName: string | null }[];
    expect(parties.map(({ Name, Signed, VerifiedName }) => ({ Name, Signed, VerifiedName }))).toEqual([
      { Name: 'Anna Andersson', Signed: true, VerifiedName: null },
      { Name: 'Bob Berg', Signed: true, VerifiedName: bankIdPerson.name },
      { Name: 'Cecilia Carlsson', Signed: false, VerifiedName: null },
    ]);
  });
});
