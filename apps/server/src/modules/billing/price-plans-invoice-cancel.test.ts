import { roles } from '@signlink/contracts/auth/roles';
import { isValidOcrReference } from '@signlink/contracts/billing/ocr-reference';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { makeInvoiceCustomer, seedPricePlan } from '../../../test/seed-price-plan.ts';
import { injectWithToken, signInSeededUser } from '../../../test/sign-in.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { invoices, planSubscriptions } from '../../db/schema/plans.ts';
import { addYearsUtc } from '../../lib/calendar.ts';
import { cancelPricePlan } from './cancel-price-plan.ts';
import { sendInvoicesJob } from './send-invoices.job.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
}, 60_000);
afterAll(() => testApp?.close());

const dayMs = 24 * 3600 * 1000;
const signIn = () => signInSeededUser(testApp, { role: roles.administrator });
const invoiceOrder = (token: string, planId: string, Years: number) =>
  injectWithToken(testApp, token, 'POST', `/v2/linktinker/app/priceplans/${planId}/invoice`, { Years });
const cancel = (token: string) => injectWithToken(testApp, token, 'POST', '/v2/linktinker/app/priceplans/cancel');
const plansOf = (accountId: string) =>
  testApp.database.db.select().from(planSubscriptions).where(eq(planSubscriptions.accountId, accountId));

describe('ordering a plan by invoice', () => {
  it('starts the plan at once and invoices the whole prepaid term with a valid OCR reference, 10 days net', async () => {
    const admin = await signIn();
    const { db } = testApp.database;
    await makeInvoiceCustomer(db, admin.accountId);
    const reply = await invoiceOrder(admin.token, 'SMALL', 2);
    expect(reply.statusCode, reply.body).toBe(201);
    const body = reply.json();
    expect(body.Plan).toMatchObject({ PricePlanId: 'SMALL', Status: 'active', Years: 2, PaymentMethod: 'invoice' });
    const [invoice] = await db.select().from(invoices).where(eq(invoices.id, body.InvoiceId));
    expect(invoice).toMatchObject({
      number: body.InvoiceNumber,
      subtotalMinor: 2 * 2_990_00,
      vatPercent: 25,
      vatMinor: 2 * 747_50,
      totalMinor: 2 * 3_737_50,
      currency: 'SEK',
      invoiceEmail: 'invoices@example.com',
      sentAt: null,
    });
    expect(isValidOcrReference(invoice?.ocrReference ?? '')).toBe(true);
    expect((invoice?.dueAt.getTime() ?? 0) - (invoice?.issuedAt.getTime() ?? 0)).toBe(10 * dayMs);
    const [plan] = await plansOf(admin.accountId);
    expect(invoice).toMatchObject({
      planSubscriptionId: plan?.id,
      periodStart: plan?.startsAt,
      periodEnd: plan?.endsAt,
    });
    expect(plan?.endsAt).toEqual(addYearsUtc(plan?.startsAt ?? new Date(), 2));
    // The mailer is asked to run once the order commits, not at its next round.
    const { rows } = await testApp.database.executeSql(
      `select count(*)::int as n from pgboss.job where name = '${sendInvoicesJob.id}'`,
    );
    expect((rows[0] as { n: number }).n).toBeGreaterThan(0);

    const again = await invoiceOrder(admin.token, 'LARGE', 1);
    expect(again.json().code).toBe('PRICE_PLAN_ALREADY_ACTIVE');
  });

  it('shows in the auth state: the live plan, and invoice as the payment setting of an invoice customer', async () => {
    const admin = await signIn();
    const authState = async () => (await injectWithToken(testApp, admin.token, 'GET', '/v2/user')).json();
    expect(await authState()).toMatchObject({ ActivePricePlan: null, PaymentSetting: 'card' });
    await makeInvoiceCustomer(testApp.database.db, admin.accountId);
    expect((await invoiceOrder(admin.token, 'LARGE', 1)).statusCode).toBe(201);
    expect(await authState()).toMatchObject({ ActivePricePlan: 'LARGE', PaymentSetting: 'invoice' });
  });

  it('needs the invoice details, and a company account, writing nothing otherwise', async () => {
    const admin = await signIn();
    const { db } = testApp.database;
    const missing = await invoiceOrder(admin.token, 'SMALL', 1);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().code).toBe('INVOICE_DETAILS_MISSING');
    await makeInvoiceCustomer(db, admin.accountId);
    await db.update(accounts).set({ kind: 'personal' }).where(eq(accounts.id, admin.accountId));
    const personal = await invoiceOrder(admin.token, 'SMALL', 1);
    expect(personal.json().code).toBe('PRICE_PLAN_NEEDS_COMPANY');
    expect(await plansOf(admin.accountId)).toEqual([]);
    expect(await db.select().from(invoices).where(eq(invoices.accountId, admin.accountId))).toEqual([]);
  });
});

describe('cancelling a plan (SPEC section 9: 30 days before the end, usable until then)', () => {
  it('cancels in time, keeps the plan live until its end, and refuses a second cancel', async () => {
    const admin = await signIn();
    const plan = await seedPricePlan(testApp.database.db, { accountId: admin.accountId });
    const reply = await cancel(admin.token);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().Plan).toMatchObject({ Status: 'cancelled', Renews: false, CancelBy: null });
    expect((await plansOf(admin.accountId))[0]).toMatchObject({ status: 'cancelled', cancelledBy: admin.userId });
    const listed = (await injectWithToken(testApp, admin.token, 'GET', '/v2/linktinker/app/priceplans')).json();
    expect(listed.Active).toMatchObject({ Status: 'cancelled', EndDate: plan.endsAt.toISOString() });
    const twice = await cancel(admin.token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('PRICE_PLAN_ALREADY_CANCELLED');
  });

  it('refuses without a live plan', async () => {
    const admin = await signIn();
    const reply = await cancel(admin.token);
    expect(reply.statusCode).toBe(409);
    expect(reply.json().code).toBe('PRICE_PLAN_NOT_ACTIVE');
  });

  it('refuses fewer than 30 days before the end, and accepts on the last day allowed', async () => {
    const admin = await signIn();
    const { db } = testApp.database;
    const startsAt = new Date(Date.UTC(2026, 0, 15));
    const plan = await seedPricePlan(db, { accountId: admin.accountId, startsAt });
    const actor = {
      sessionId: 'ses_test',
      userId: admin.userId,
      accountId: admin.accountId,
      role: roles.administrator,
      accountKind: 'company' as const,
      isPartner: false,
      delegate: null,
    };
    const tooLate = new Date(plan.endsAt.getTime() - 29 * dayMs);
    await expect(cancelPricePlan(db, actor, { now: tooLate })).rejects.toMatchObject({
      code: 'PRICE_PLAN_CANCEL_TOO_LATE',
    });
    expect((await plansOf(admin.accountId))[0]?.status).toBe('active');
    const lastDay = new Date(plan.endsAt.getTime() - 30 * dayMs);
    const cancelled = await cancelPricePlan(db, actor, { now: lastDay });
    expect(cancelled.Plan.Status).toBe('cancelled');

    // The same through HTTP, with a plan whose end is 20 days off now.
    const other = await signIn();
    await seedPricePlan(db, { accountId: other.accountId, startsAt: new Date(Date.now() - 345 * dayMs) });
    const reply = await cancel(other.token);
    expect(reply.statusCode).toBe(422);
    expect(reply.json().code).toBe('PRICE_PLAN_CANCEL_TOO_LATE');
  });
});
