import { roles } from '@signlink/contracts/auth/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { injectWithToken } from '../../../test/sign-in.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { payments } from '../../db/schema/payments.ts';
import { topUpKit } from './top-up-test-helpers.ts';

let testApp: TestApp;
let kit: Awaited<ReturnType<typeof topUpKit>>;

beforeAll(async () => {
  testApp = await buildTestApp({ env: { PUBLIC_URL: 'http://localhost:0' } });
  kit = await topUpKit(testApp);
}, 60_000);
afterAll(() => testApp?.close());

describe('top-up products (DECISIONS "prices", "top-up")', () => {
  it('lists the SEK products with 25% VAT on top for a Swedish company, and the custom limits', async () => {
    const admin = await kit.signIn();
    const reply = await injectWithToken(testApp, admin.token, 'GET', '/v2/linktinker/app/balance/payments/products');
    expect(reply.statusCode, reply.body).toBe(200);
    const body = reply.json();
    expect(body).toMatchObject({
      Currency: 'SEK',
      VatPercent: 25,
      CustomAmountMin: 100_00,
      CustomAmountMax: 100_000_00,
    });
    expect(body.Products.map((product: { Amount: number }) => product.Amount)).toEqual([
      100_00, 250_00, 500_00, 1_000_00, 2_500_00,
    ]);
    expect(body.Products[2]).toEqual({
      ProductId: 'top-up-3',
      Amount: 500_00,
      Vat: 125_00,
      Total: 625_00,
      Currency: 'SEK',
    });
  });

  it('lists EUR products without Swedish VAT for a German company', async () => {
    const admin = await kit.signIn({ currency: 'EUR' });
    await testApp.database.db.update(accounts).set({ countryCode: 'DE' }).where(eq(accounts.id, admin.accountId));
    const body = (
      await injectWithToken(testApp, admin.token, 'GET', '/v2/linktinker/app/balance/payments/products')
    ).json();
    expect(body).toMatchObject({ Currency: 'EUR', VatPercent: 0, CustomAmountMin: 10_00, CustomAmountMax: 10_000_00 });
    expect(body.Products[0]).toEqual({ ProductId: 'top-up-1', Amount: 10_00, Vat: 0, Total: 10_00, Currency: 'EUR' });
  });
});

describe('starting a top-up', () => {
  it('prices a product on the server and opens a Checkout Session for the total with VAT', async () => {
    const admin = await kit.signIn();
    const started = await kit.startTopUp(admin.token, { ProductId: 'top-up-3' });
    expect(new URL(started.Url).pathname).toBe(`/sim/stripe/checkout/${started.SessionId}`);
    const session = kit.controls.findSession(started.SessionId);
    expect(session).toMatchObject({ amountTotal: 625_00, currency: 'sek', clientReferenceId: started.PaymentId });
    expect(session.lines.map((line) => [line.name, line.unitAmount])).toEqual([
      ['Balance top-up', 500_00],
      ['VAT 25%', 125_00],
    ]);
    expect(session.successUrl).toMatch(/\/#\/paymentsuccess\?session_id=\{CHECKOUT_SESSION_ID\}$/);
    expect(session.cancelUrl).toMatch(new RegExp(`/#/paymentcancelled\\?session_id=${started.PaymentId}$`));
    expect(await kit.stateOf(admin.accountId, started.PaymentId)).toMatchObject({ status: 'pending', balance: 0 });
  });

  it('takes custom amounts within the limits and refuses others, writing nothing', async () => {
    const sek = await kit.signIn();
    const eur = await kit.signIn({ currency: 'EUR' });
    const post = (token: string, Amount: number) =>
      injectWithToken(testApp, token, 'POST', '/v2/linktinker/app/balance/payments', { Amount });
    for (const [user, amount] of [
      [sek, 99_99],
      [sek, 100_000_01],
      [eur, 9_99],
      [eur, 10_000_01],
    ] as const) {
      const reply = await post(user.token, amount);
      expect(reply.statusCode, `${amount}`).toBe(422);
      expect(reply.json().code).toBe('TOP_UP_AMOUNT_OUT_OF_RANGE');
    }
    for (const user of [sek, eur]) {
      const rows = await testApp.database.db.select().from(payments).where(eq(payments.accountId, user.accountId));
      expect(rows).toEqual([]);
    }
    expect((await post(sek.token, 100_00)).statusCode).toBe(201);
    expect((await post(sek.token, 100_000_00)).statusCode).toBe(201);
    expect((await post(eur.token, 10_00)).statusCode).toBe(201);
    // A total from the client is no part of the request.
    expect(
      (
        await injectWithToken(testApp, sek.token, 'POST', '/v2/linktinker/app/balance/payments', {
          Amount: 100_00,
          Total: 1,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('refuses read-only users and contributors, and lets regular users top up', async () => {
    const admin = await kit.signIn();
    for (const role of [roles.readOnly, roles.contributor]) {
      const user = await kit.signIn({ role, accountId: admin.accountId });
      const reply = await injectWithToken(testApp, user.token, 'POST', '/v2/linktinker/app/balance/payments', {
        ProductId: 'top-up-1',
      });
      expect(reply.statusCode).toBe(403);
      expect(reply.json().code).toBe('FORBIDDEN');
    }
    const rows = await testApp.database.db.select().from(payments).where(eq(payments.accountId, admin.accountId));
    expect(rows).toEqual([]);
    const regular = await kit.signIn({ role: roles.regular, accountId: admin.accountId });
    await kit.startTopUp(regular.token, { ProductId: 'top-up-1' });
  });
});

describe('paying (through the simulator, the real SDK and signed webhooks)', () => {
  it('credits a completed top-up once, writes its receipt, and the poll says paid with the balance', async () => {
    const admin = await kit.signIn();
    const { PaymentId, SessionId } = await kit.startTopUp(admin.token, { ProductId: 'top-up-3' });
    kit.controls.pay(SessionId);
    await kit.delivered();
    expect(await kit.stateOf(admin.accountId, PaymentId)).toEqual({
      balance: 500_00,
      status: 'paid',
      credits: [500_00],
      receipts: 1,
      events: ['checkout.session.completed'],
    });
    const polled = await kit.poll(admin.token, SessionId);
    expect(polled.statusCode, polled.body).toBe(200);
    expect(polled.json()).toMatchObject({
      Status: 'paid',
      Amount: 500_00,
      Vat: 125_00,
      Total: 625_00,
      Currency: 'SEK',
      TotalBalance: 500_00,
    });
    expect(polled.json().ReceiptId).toMatch(/^rcp_/);
  });

  it('fails an async payment that fails, crediting nothing', async () => {
    const admin = await kit.signIn();
    const { PaymentId, SessionId } = await kit.startTopUp(admin.token, { ProductId: 'top-up-2' });
    kit.controls.pend(SessionId);
    kit.controls.settle(SessionId, 'failed');
    await kit.delivered();
    expect(await kit.stateOf(admin.accountId, PaymentId)).toMatchObject({
      status: 'failed',
      balance: 0,
      credits: [],
      receipts: 0,
    });
    expect((await kit.poll(admin.token, SessionId)).json()).toMatchObject({ Status: 'failed', TotalBalance: 0 });
  });

  it('keeps a submitted async payment pending, then credits it when it settles', async () => {
    const admin = await kit.signIn();
    const { PaymentId, SessionId } = await kit.startTopUp(admin.token, { ProductId: 'top-up-1' });
    kit.controls.pend(SessionId);
    await kit.delivered();
    expect((await kit.poll(admin.token, SessionId)).json()).toMatchObject({ Status: 'pending', TotalBalance: 0 });
    kit.controls.settle(SessionId, 'succeeded');
    await kit.delivered();
    expect(await kit.stateOf(admin.accountId, PaymentId)).toMatchObject({
      status: 'paid',
      credits: [100_00],
      receipts: 1,
    });
  });

  it('keeps a cancelled checkout pending (Stripe keeps the session open) until it expires', async () => {
    const admin = await kit.signIn();
    const { PaymentId, SessionId } = await kit.startTopUp(admin.token, { ProductId: 'top-up-1' });
    kit.controls.cancel(SessionId);
    kit.controls.decline(SessionId);
    // The cancel address carries our payment id, which the poll takes as well.
    expect((await kit.poll(admin.token, PaymentId)).json()).toMatchObject({ Status: 'pending' });
    kit.controls.expire(SessionId);
    await kit.delivered();
    expect(await kit.stateOf(admin.accountId, PaymentId)).toMatchObject({
      status: 'expired',
      credits: [],
      receipts: 0,
    });
    expect((await kit.poll(admin.token, PaymentId)).json()).toMatchObject({ Status: 'expired' });
  });

  it('lets the poll find out an expiry whose webhook never came', async () => {
    const admin = await kit.signIn();
    const { PaymentId, SessionId } = await kit.startTopUp(admin.token, { ProductId: 'top-up-1' });
    kit.controls.holdEvents();
    kit.controls.expire(SessionId);
    expect((await kit.poll(admin.token, SessionId)).json()).toMatchObject({ Status: 'expired' });
    await kit.controls.releaseEvents();
    expect(await kit.stateOf(admin.accountId, PaymentId)).toMatchObject({
      status: 'expired',
      events: ['checkout.session.expired'],
    });
  });

  it("answers another account's session as not found, and read-only users as forbidden", async () => {
    const admin = await kit.signIn();
    const { SessionId, PaymentId } = await kit.startTopUp(admin.token, { ProductId: 'top-up-1' });
    const stranger = await kit.signIn();
    for (const id of [SessionId, PaymentId, 'cs_test_nothing']) {
      const reply = await kit.poll(stranger.token, id);
      expect(reply.statusCode).toBe(404);
      expect(reply.json().code).toBe('NOT_FOUND');
    }
    const readOnly = await kit.signIn({ role: roles.readOnly, accountId: admin.accountId });
    expect((await kit.poll(readOnly.token, SessionId)).statusCode).toBe(403);
  });
});
