import { roles } from '@signlink/contracts/auth/roles';
import { pdftotext } from '@signlink/pdf/sealing/pdf-tools.test-helpers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { injectWithToken } from '../../../test/sign-in.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { topUpKit } from './top-up-test-helpers.ts';

let testApp: TestApp;
let kit: Awaited<ReturnType<typeof topUpKit>>;

beforeAll(async () => {
  testApp = await buildTestApp({ env: { PUBLIC_URL: 'http://localhost:0' } });
  kit = await topUpKit(testApp);
}, 60_000);
afterAll(() => testApp?.close());

/** A top-up paid on the simulator and applied through the return page's poll. */
async function paidTopUp(token: string, body: object) {
  const { SessionId } = await kit.startTopUp(token, body);
  kit.controls.pay(SessionId);
  await kit.delivered();
  const polled = (await kit.poll(token, SessionId)).json();
  expect(polled.Status).toBe('paid');
  return polled.ReceiptId as string;
}

describe('receipts (SPEC section 3, Receipt)', () => {
  it('lists and shows a receipt per payment, numbered in one rising sequence', async () => {
    const admin = await kit.signIn();
    await testApp.database.db
      .update(accounts)
      .set({ legalName: 'Exempelbolaget AB' })
      .where(eq(accounts.id, admin.accountId));
    const first = await paidTopUp(admin.token, { ProductId: 'top-up-3' });
    const second = await paidTopUp(admin.token, { Amount: 123_45 });
    const list = await injectWithToken(testApp, admin.token, 'GET', '/v2/linktinker/app/receipts');
    expect(list.statusCode, list.body).toBe(200);
    const receipts = list.json().Receipts;
    expect(receipts.map((receipt: { Id: string }) => receipt.Id)).toEqual([second, first]);
    expect(receipts[0].Number).toBeGreaterThan(receipts[1].Number);
    const one = await injectWithToken(testApp, admin.token, 'GET', `/v2/linktinker/app/receipts/${second}`);
    expect(one.json()).toMatchObject({
      Id: second,
      Method: 'card',
      Description: 'Balance top-up',
      Subtotal: 123_45,
      VatPercent: 25,
      // 25% of 123.45 is 30.8625: rounded to the öre.
      Vat: 30_86,
      Amount: 154_31,
      Currency: 'SEK',
      PeriodStart: null,
      PeriodEnd: null,
    });
    expect(Date.parse(one.json().PaidAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("answers another account's receipt as not found and read-only users as forbidden", async () => {
    const admin = await kit.signIn();
    const receiptId = await paidTopUp(admin.token, { ProductId: 'top-up-1' });
    const stranger = await kit.signIn();
    for (const url of [`/v2/linktinker/app/receipts/${receiptId}`, `/v2/linktinker/app/receipts/${receiptId}/pdf`]) {
      const reply = await injectWithToken(testApp, stranger.token, 'GET', url);
      expect(reply.statusCode, url).toBe(404);
    }
    expect((await injectWithToken(testApp, stranger.token, 'GET', '/v2/linktinker/app/receipts')).json()).toEqual({
      Receipts: [],
    });
    const readOnly = await kit.signIn({ role: roles.readOnly, accountId: admin.accountId });
    expect((await injectWithToken(testApp, readOnly.token, 'GET', '/v2/linktinker/app/receipts')).statusCode).toBe(403);
  });

  it("prints the receipt as a PDF with its VAT line and total, in the caller's language", async () => {
    const admin = await kit.signIn();
    const receiptId = await paidTopUp(admin.token, { ProductId: 'top-up-5' });
    const english = await injectWithToken(testApp, admin.token, 'GET', `/v2/linktinker/app/receipts/${receiptId}/pdf`);
    expect(english.statusCode, english.body).toBe(200);
    expect(english.headers['content-type']).toBe('application/pdf');
    const text = pdftotext(english.rawPayload, { layout: true });
    expect(text).toContain('Receipt');
    expect(text).toContain('Subtotal excluding VAT');
    expect(text).toMatch(/VAT 25%\s+625\.00 SEK/);
    expect(text).toMatch(/Amount charged\s+3 125\.00 SEK/);

    const swedish = await testApp.app.inject({
      method: 'GET',
      url: `/v2/linktinker/app/receipts/${receiptId}/pdf?lang=sv`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const svText = pdftotext(swedish.rawPayload, { layout: true });
    expect(svText).toMatch(/Moms 25 %\s+625,00 SEK/);
    expect(svText).toMatch(/Debiterat belopp\s+3 125,00 SEK/);
  });
});
