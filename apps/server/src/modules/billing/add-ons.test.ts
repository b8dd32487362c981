import { roles } from '@signlink/contracts/auth/roles';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signatureField } from '../../../test/seed-draft.ts';
import { injectWithToken } from '../../../test/sign-in.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { accountAddOns } from '../../db/schema/add-ons.ts';
import { payments, receipts } from '../../db/schema/payments.ts';
import { sendKit } from '../documents/send-test-helpers.ts';
import { activateAddOn, listActiveAddOns } from './account-add-ons.repository.ts';
import { topUpKit } from './top-up-test-helpers.ts';

let testApp: TestApp;
let kit: Awaited<ReturnType<typeof topUpKit>>;
let send: ReturnType<typeof sendKit>;

beforeAll(async () => {
  testApp = await buildTestApp({ env: { PUBLIC_URL: 'http://localhost:0' } });
  kit = await topUpKit(testApp);
  send = sendKit(testApp);
}, 60_000);
afterAll(() => testApp?.close());

const dayMs = 24 * 60 * 60 * 1000;
const db = () => testApp.database.db;
const buy = (token: string, body: object) =>
  injectWithToken(testApp, token, 'POST', '/v2/linktinker/app/payments/addons/activate', body);

/** Starts the purchase, pays it on the simulator and waits for the signed webhook to be applied. */
async function buyAndPay(token: string, AddOnId: string) {
  const reply = await buy(token, { AddOnId });
  expect(reply.statusCode, reply.body).toBe(201);
  const started = reply.json() as { PaymentId: string; SessionId: string };
  kit.controls.pay(started.SessionId);
  await kit.delivered();
  return started;
}

async function addOnRow(accountId: string, addOnId: 'sms-invitation' | 'templates') {
  const [row] = await db()
    .select()
    .from(accountAddOns)
    .where(and(eq(accountAddOns.accountId, accountId), eq(accountAddOns.addOnId, addOnId)));
  return row;
}

const paymentsOf = (accountId: string) => db().select().from(payments).where(eq(payments.accountId, accountId));

describe('GET linktinker/app/addons and addons/smartfields', () => {
  it("lists every add-on priced in the account's currency with its state, to every member", async () => {
    const admin = await kit.signIn();
    const ends = new Date(Date.now() + 200 * dayMs);
    await db().insert(accountAddOns).values({ accountId: admin.accountId, addOnId: 'templates', expiresAt: ends });
    await activateAddOn(db(), { accountId: admin.accountId, addOnId: 'smart-fields' });
    const reader = await kit.signIn({ role: roles.readOnly, accountId: admin.accountId });
    const reply = await injectWithToken(testApp, reader.token, 'GET', '/v2/linktinker/app/addons');
    expect(reply.statusCode, reply.body).toBe(200);
    const { AddOns } = reply.json();
    expect(AddOns.map((addOn: { AddOnId: string }) => addOn.AddOnId)).toEqual([
      'sms-invitation',
      'whatsapp-invitation',
      'mobile-verification',
      'email-verification',
      'templates',
      'account-document-sharing',
      'smart-fields',
    ]);
    expect(AddOns[0]).toEqual({
      AddOnId: 'sms-invitation',
      YearlyFee: 490_00,
      VatPercent: 25,
      Currency: 'SEK',
      Active: false,
      ActiveUntil: null,
      CanBuy: true,
      Enables: ['sms-invitations', 'sms-reminders'],
    });
    expect(AddOns[4]).toMatchObject({
      AddOnId: 'templates',
      Active: true,
      ActiveUntil: ends.toISOString(),
      CanBuy: false,
    });
    expect(AddOns[6]).toMatchObject({ AddOnId: 'smart-fields', Active: true, ActiveUntil: null, CanBuy: false });

    const fields = await injectWithToken(testApp, reader.token, 'GET', '/v2/linktinker/app/addons/smartfields');
    expect(fields.statusCode, fields.body).toBe(200);
    expect(fields.json()).toEqual({
      Active: true,
      SmartFields: [
        { SmartFieldId: 'signing-date', Source: 'signing' },
        { SmartFieldId: 'signer-verified-name', Source: 'identification' },
        { SmartFieldId: 'personal-number', Source: 'identification' },
        { SmartFieldId: 'organisation-number', Source: 'account' },
      ],
    });
  });

  it('prices in EUR without Swedish VAT for a German account, and says smart fields are off', async () => {
    const admin = await kit.signIn({ currency: 'EUR' });
    await db().update(accounts).set({ countryCode: 'DE' }).where(eq(accounts.id, admin.accountId));
    const { AddOns } = (await injectWithToken(testApp, admin.token, 'GET', '/v2/linktinker/app/addons')).json();
    expect(AddOns[4]).toMatchObject({ AddOnId: 'templates', YearlyFee: 99_00, VatPercent: 0, Currency: 'EUR' });
    const fields = await injectWithToken(testApp, admin.token, 'GET', '/v2/linktinker/app/addons/smartfields');
    expect(fields.json().Active).toBe(false);
  });
});

describe('POST linktinker/app/payments/addons/activate', () => {
  it('opens a Checkout Session for the yearly fee with VAT, and activates nothing until paid', async () => {
    const admin = await kit.signIn();
    const reply = await buy(admin.token, { AddOnId: 'sms-invitation' });
    expect(reply.statusCode, reply.body).toBe(201);
    const { PaymentId, SessionId } = reply.json();
    const session = kit.controls.findSession(SessionId);
    expect(session).toMatchObject({ amountTotal: 612_50, currency: 'sek', clientReferenceId: PaymentId });
    expect(session.lines.map((line) => [line.name, line.unitAmount])).toEqual([
      ['Add-on: SMS invitations, one year', 490_00],
      ['VAT 25%', 122_50],
    ]);
    expect(session.successUrl).toMatch(/\/#\/paymentsuccess\?session_id=\{CHECKOUT_SESSION_ID\}$/);
    const [payment] = await paymentsOf(admin.accountId);
    expect(payment).toMatchObject({
      kind: 'add-on',
      productId: 'sms-invitation',
      status: 'pending',
      totalMinor: 612_50,
    });
    expect(await listActiveAddOns(db(), admin.accountId)).toEqual([]);
  });

  it('activates a paid add-on for a year, with its receipt, and sending by SMS is then allowed', async () => {
    const sender = await send.signInSender({ balanceMinor: 100_00 });
    const draft = await send.draft(sender, {
      parties: [{ name: 'Cai', email: null, phone: '070-123 45 67', invitationMethod: 'sms' }],
      fields: [signatureField(0)],
    });
    const refused = await send.call(sender.token, 'POST', 'links', { ProjectId: draft.documentId });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().details.problems).toContainEqual(expect.objectContaining({ code: 'add-on-required' }));

    const before = Date.now();
    const { SessionId, PaymentId } = await buyAndPay(sender.token, 'sms-invitation');
    expect(await listActiveAddOns(db(), sender.accountId)).toEqual(['sms-invitation']);
    const row = await addOnRow(sender.accountId, 'sms-invitation');
    const yearOn = new Date(row?.activatedAt ?? 0);
    yearOn.setUTCFullYear(yearOn.getUTCFullYear() + 1);
    expect(row?.activatedAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(row?.expiresAt).toEqual(yearOn);
    const [receipt] = await db().select().from(receipts).where(eq(receipts.paymentId, PaymentId));
    expect(receipt).toMatchObject({
      description: 'Add-on: SMS invitations, one year',
      subtotalMinor: 490_00,
      vatMinor: 122_50,
      totalMinor: 612_50,
      periodStart: row?.activatedAt,
      periodEnd: row?.expiresAt,
      renews: false,
    });
    const polled = (await kit.poll(sender.token, SessionId)).json();
    expect(polled).toMatchObject({
      Status: 'paid',
      Kind: 'add-on',
      ProductId: 'sms-invitation',
      ReceiptId: receipt?.id,
    });

    const shown = await injectWithToken(testApp, sender.token, 'GET', `/v2/linktinker/app/receipts/${receipt?.id}`);
    expect(shown.json()).toMatchObject({
      PeriodStart: row?.activatedAt.toISOString(),
      PeriodEnd: row?.expiresAt?.toISOString(),
    });

    const sent = await send.call(sender.token, 'POST', 'links', { ProjectId: draft.documentId });
    expect(sent.statusCode, sent.body).toBe(200);
  });

  it('refuses an add-on with more than 30 days left, or granted without an end, and writes nothing', async () => {
    const admin = await kit.signIn();
    await buyAndPay(admin.token, 'sms-invitation');
    await activateAddOn(db(), { accountId: admin.accountId, addOnId: 'templates' });
    const paymentsBefore = await paymentsOf(admin.accountId);
    const rowBefore = await addOnRow(admin.accountId, 'sms-invitation');
    for (const AddOnId of ['sms-invitation', 'templates']) {
      const reply = await buy(admin.token, { AddOnId });
      expect(reply.statusCode, reply.body).toBe(409);
      expect(reply.json().code).toBe('ADD_ON_ALREADY_ACTIVE');
    }
    expect(await paymentsOf(admin.accountId)).toEqual(paymentsBefore);
    expect(await addOnRow(admin.accountId, 'sms-invitation')).toEqual(rowBefore);
  });

  it('renews in the last 30 days by a year from the current end', async () => {
    const admin = await kit.signIn();
    const activatedAt = new Date(Date.now() - 340 * dayMs);
    const ends = new Date(Date.now() + 25 * dayMs);
    await db()
      .insert(accountAddOns)
      .values({ accountId: admin.accountId, addOnId: 'sms-invitation', activatedAt, expiresAt: ends });
    const { PaymentId } = await buyAndPay(admin.token, 'sms-invitation');
    const yearOn = new Date(ends);
    yearOn.setUTCFullYear(yearOn.getUTCFullYear() + 1);
    expect(await addOnRow(admin.accountId, 'sms-invitation')).toMatchObject({ activatedAt, expiresAt: yearOn });
    const [receipt] = await db().select().from(receipts).where(eq(receipts.paymentId, PaymentId));
    expect(receipt).toMatchObject({ periodStart: ends, periodEnd: yearOn, renews: false });
    // Now more than 30 days are left again.
    expect((await buy(admin.token, { AddOnId: 'sms-invitation' })).statusCode).toBe(409);
  });

  it('adds up two years paid for one add-on started before either was paid', async () => {
    const admin = await kit.signIn();
    const first = (await buy(admin.token, { AddOnId: 'templates' })).json();
    const second = (await buy(admin.token, { AddOnId: 'templates' })).json();
    kit.controls.pay(first.SessionId);
    kit.controls.pay(second.SessionId);
    await kit.delivered();
    const row = await addOnRow(admin.accountId, 'templates');
    const twoYearsOn = new Date(row?.activatedAt ?? 0);
    twoYearsOn.setUTCFullYear(twoYearsOn.getUTCFullYear() + 2);
    expect(row?.expiresAt).toEqual(twoYearsOn);
    const rows = await db().select().from(receipts).where(eq(receipts.accountId, admin.accountId));
    expect(rows.map((receipt) => receipt.periodEnd?.getTime()).sort()).toEqual([
      new Date(twoYearsOn).setUTCFullYear(twoYearsOn.getUTCFullYear() - 1),
      twoYearsOn.getTime(),
    ]);
  });

  it('buys a lapsed add-on anew from now', async () => {
    const admin = await kit.signIn();
    const lapsed = new Date(Date.now() - dayMs);
    await db()
      .insert(accountAddOns)
      .values({
        accountId: admin.accountId,
        addOnId: 'templates',
        activatedAt: new Date(Date.now() - 400 * dayMs),
        expiresAt: lapsed,
      });
    const before = Date.now();
    await buyAndPay(admin.token, 'templates');
    const row = await addOnRow(admin.accountId, 'templates');
    expect(row?.activatedAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(row?.expiresAt?.getTime()).toBeGreaterThan(before + 364 * dayMs);
  });

  it('sells add-ons to personal accounts too, and to regular users', async () => {
    const admin = await kit.signIn();
    await db().update(accounts).set({ kind: 'personal' }).where(eq(accounts.id, admin.accountId));
    const regular = await kit.signIn({ role: roles.regular, accountId: admin.accountId });
    await buyAndPay(regular.token, 'whatsapp-invitation');
    expect(await listActiveAddOns(db(), admin.accountId)).toEqual(['whatsapp-invitation']);
  });

  it('refuses an unknown add-on, a price from the client, and contributors, writing nothing', async () => {
    const admin = await kit.signIn();
    for (const body of [{ AddOnId: 'fax-invitation' }, {}, { AddOnId: 'templates', Amount: 1 }]) {
      const reply = await buy(admin.token, body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(reply.json().code).toBe('VALIDATION_FAILED');
    }
    const contributor = await kit.signIn({ role: roles.contributor, accountId: admin.accountId });
    const forbidden = await buy(contributor.token, { AddOnId: 'templates' });
    expect(forbidden.statusCode).toBe(403);
    expect(await paymentsOf(admin.accountId)).toEqual([]);
  });
});
