import { pricePlans } from '@signlink/contracts/billing/price-list';
import { pdftotext } from '@signlink/pdf/sealing/pdf-tools.test-helpers';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { seedPricePlan } from '../../../test/seed-price-plan.ts';
import { injectWithToken } from '../../../test/sign-in.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { payments, receipts } from '../../db/schema/payments.ts';
import { planSubscriptions } from '../../db/schema/plans.ts';
import { silentJobLogger } from '../../jobs/job-definition.ts';
import { addYearsUtc } from '../../lib/calendar.ts';
import { renewPricePlans } from './renew-price-plans.ts';
import { topUpKit } from './top-up-test-helpers.ts';

let testApp: TestApp;
let kit: Awaited<ReturnType<typeof topUpKit>>;

beforeAll(async () => {
  testApp = await buildTestApp({ env: { PUBLIC_URL: 'http://localhost:0' } });
  kit = await topUpKit(testApp);
}, 60_000);
afterAll(() => testApp?.close());

const order = (token: string, planId: string, Years: number) =>
  injectWithToken(testApp, token, 'POST', `/v2/linktinker/app/payments/priceplans/${planId}/order`, { Years });

const plansOf = (accountId: string) =>
  testApp.database.db.select().from(planSubscriptions).where(eq(planSubscriptions.accountId, accountId));

const paymentOf = async (paymentId: string) =>
  (await testApp.database.db.select().from(payments).where(eq(payments.id, paymentId)))[0];

describe('GET linktinker/app/priceplans', () => {
  it("lists the plans in the account's currency with VAT, and no live plan yet", async () => {
    const admin = await kit.signIn();
    const reply = await injectWithToken(testApp, admin.token, 'GET', '/v2/linktinker/app/priceplans');
    expect(reply.statusCode, reply.body).toBe(200);
    const body = reply.json();
    expect(body).toMatchObject({ Currency: 'SEK', Active: null, CanOrder: true, InvoiceCustomer: false, MaxYears: 3 });
    expect(body.Plans[1]).toEqual({
      PricePlanId: 'MEDIUM',
      YearlyFee: pricePlans.MEDIUM.yearlyFee.SEK,
      SignaturesPerYear: 300,
      Currency: 'SEK',
      VatPercent: 25,
      AllowsSharing: true,
    });
    expect(body.Plans[0].AllowsSharing).toBe(false);
  });

  it('says a personal account cannot order, and shows a live plan with its current year', async () => {
    const admin = await kit.signIn({ currency: 'EUR' });
    const { db } = testApp.database;
    await db.update(accounts).set({ kind: 'personal', countryCode: 'DE' }).where(eq(accounts.id, admin.accountId));
    const startsAt = new Date(Date.now() - 400 * 24 * 3600 * 1000);
    await seedPricePlan(db, { accountId: admin.accountId, planId: 'LARGE', startsAt, years: 2, signaturesUsed: 7 });
    const body = (await injectWithToken(testApp, admin.token, 'GET', '/v2/linktinker/app/priceplans')).json();
    expect(body).toMatchObject({ Currency: 'EUR', CanOrder: false });
    expect(body.Plans[2]).toMatchObject({ YearlyFee: 1_499_00, VatPercent: 0 });
    // 400 days in, the second plan year is current: the first year's 7 signatures lapsed with it.
    expect(body.Active).toMatchObject({
      PricePlanId: 'LARGE',
      Status: 'active',
      Years: 2,
      SignaturesUsed: 0,
      YearEndDate: addYearsUtc(startsAt, 2).toISOString(),
      Renews: true,
    });
  });
});

describe('ordering a plan by card', () => {
  it('charges the yearly fee times the years with VAT, and starts the plan when paid, with a receipt period', async () => {
    const admin = await kit.signIn();
    const reply = await order(admin.token, 'MEDIUM', 2);
    expect(reply.statusCode, reply.body).toBe(201);
    const { SessionId, PaymentId } = reply.json();
    const session = kit.controls.findSession(SessionId);
    expect(session.amountTotal).toBe(2 * 6_990_00 * 1.25);
    expect(session.successUrl).toMatch(/\/#\/subscriptionpaymentreturn\?session_id=\{CHECKOUT_SESSION_ID\}$/);
    expect(session.cancelUrl).toMatch(new RegExp(`/#/paymentcancelled\\?session_id=${PaymentId}$`));
    expect(await plansOf(admin.accountId)).toEqual([]);

    kit.controls.pay(SessionId);
    await kit.delivered();
    const payment = await paymentOf(PaymentId);
    expect(payment).toMatchObject({ status: 'paid', kind: 'price-plan', productId: 'MEDIUM', amountMinor: 13_980_00 });
    const [plan] = await plansOf(admin.accountId);
    expect(plan).toMatchObject({
      planId: 'MEDIUM',
      status: 'active',
      years: 2,
      signaturesPerYear: 300,
      signaturesUsed: 0,
      paymentMethod: 'card',
      paymentId: PaymentId,
      startsAt: payment?.paidAt,
      yearStartsAt: payment?.paidAt,
    });
    expect(plan?.endsAt).toEqual(addYearsUtc(plan?.startsAt ?? new Date(), 2));
    const [receipt] = await testApp.database.db.select().from(receipts).where(eq(receipts.paymentId, PaymentId));
    expect(receipt).toMatchObject({ periodStart: plan?.startsAt, periodEnd: plan?.endsAt, renews: true });
    // SPEC section 3, Receipt: the period and that it renews, printed.
    const pdf = await injectWithToken(testApp, admin.token, 'GET', `/v2/linktinker/app/receipts/${receipt?.id}/pdf`);
    const day = (at: Date | undefined) => at?.toISOString().slice(0, 10) ?? '';
    const text = pdftotext(pdf.rawPayload, { layout: true });
    expect(text).toContain(`${day(plan?.startsAt)} – ${day(plan?.endsAt)}`);
    expect(text).toContain(`Renews automatically on ${day(plan?.endsAt)}`);
    expect(text).not.toContain('Top-ups are non-refundable');

    // The return page's poll says what was bought.
    const polled = (await kit.poll(admin.token, SessionId)).json();
    expect(polled).toMatchObject({ Status: 'paid', Kind: 'price-plan', ProductId: 'MEDIUM', ReceiptId: receipt?.id });
    const listed = (await injectWithToken(testApp, admin.token, 'GET', '/v2/linktinker/app/priceplans')).json();
    expect(listed.Active).toMatchObject({ PricePlanId: 'MEDIUM', PaymentMethod: 'card', SignaturesUsed: 0 });
    const again = await order(admin.token, 'LARGE', 1);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('PRICE_PLAN_ALREADY_ACTIVE');
  });

  it('refuses a personal account, writing nothing', async () => {
    const admin = await kit.signIn();
    const { db } = testApp.database;
    await db.update(accounts).set({ kind: 'personal' }).where(eq(accounts.id, admin.accountId));
    const reply = await order(admin.token, 'SMALL', 1);
    expect(reply.statusCode).toBe(422);
    expect(reply.json().code).toBe('PRICE_PLAN_NEEDS_COMPANY');
    expect(await db.select().from(payments).where(eq(payments.accountId, admin.accountId))).toEqual([]);
  });

  it('a second order ends the first open checkout, so only one of them can be paid', async () => {
    const admin = await kit.signIn();
    const first = (await order(admin.token, 'SMALL', 1)).json();
    const second = await order(admin.token, 'LARGE', 1);
    expect(second.statusCode, second.body).toBe(201);
    await kit.delivered();
    expect((await paymentOf(first.PaymentId))?.status).toBe('expired');
    expect(kit.controls.findSession(first.SessionId).status).toBe('expired');
    kit.controls.pay(second.json().SessionId);
    await kit.delivered();
    expect((await plansOf(admin.accountId)).map((plan) => [plan.planId, plan.status])).toEqual([['LARGE', 'active']]);
  });

  it('a first order paid but not yet reported is applied when a second is made, which is then refused', async () => {
    const admin = await kit.signIn();
    const first = (await order(admin.token, 'SMALL', 1)).json();
    kit.controls.holdEvents();
    kit.controls.pay(first.SessionId);
    const second = await order(admin.token, 'LARGE', 1);
    await kit.controls.releaseEvents();
    await kit.delivered();
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().code).toBe('PRICE_PLAN_ALREADY_ACTIVE');
    expect((await paymentOf(first.PaymentId))?.status).toBe('paid');
    expect((await plansOf(admin.accountId)).map((plan) => [plan.planId, plan.status])).toEqual([['SMALL', 'active']]);
  });

  it('a plan paid while another is live is kept, to start when the live one ends', async () => {
    const admin = await kit.signIn();
    const { db } = testApp.database;
    const started = (await order(admin.token, 'MEDIUM', 1)).json();
    // A plan that came another way meanwhile (a partner set it up): the paid checkout must not be lost.
    const live = await seedPricePlan(db, { accountId: admin.accountId, planId: 'SMALL' });
    kit.controls.pay(started.SessionId);
    await kit.delivered();
    expect((await paymentOf(started.PaymentId))?.status).toBe('paid');
    const [queued] = await db
      .select()
      .from(planSubscriptions)
      .where(and(eq(planSubscriptions.accountId, admin.accountId), eq(planSubscriptions.paymentId, started.PaymentId)));
    expect(queued).toMatchObject({ status: 'pending', planId: 'MEDIUM', startsAt: live.endsAt, renewalOf: live.id });
    const [receipt] = await db.select().from(receipts).where(eq(receipts.paymentId, started.PaymentId));
    expect(receipt).toMatchObject({ periodStart: live.endsAt, periodEnd: queued?.endsAt });

    // At the live plan's end the renewal job starts the term paid ahead instead of renewing (and billing) again.
    const atEnd = new Date(live.endsAt.getTime() + 1_000);
    // Other tests' plans in this database may be due too; this account's rows tell what happened to this one.
    const renewal = await renewPricePlans(
      { db, provider: testApp.context.payments.provider, logger: silentJobLogger },
      atEnd,
    );
    expect(renewal).toMatchObject({ failed: 0 });
    expect(renewal.started).toBeGreaterThanOrEqual(1);
    const after = async () => (await plansOf(admin.accountId)).map((plan) => [plan.planId, plan.status]).sort();
    expect(await after()).toEqual([
      ['MEDIUM', 'active'],
      ['SMALL', 'ended'],
    ]);
    await renewPricePlans({ db, provider: testApp.context.payments.provider, logger: silentJobLogger }, atEnd);
    expect(await after()).toEqual([
      ['MEDIUM', 'active'],
      ['SMALL', 'ended'],
    ]);
  });
});
