import { pricePlans } from '@signlink/contracts/billing/price-list';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { paymentEvents, payments, receipts } from '../../db/schema/payments.ts';
import { createMemoryLogger } from '../../jobs/job-test-helpers.ts';
import { stripeWebhookPath } from '../payments/start-payments.ts';
import { plansOf, seedPlan } from './plan-renewal-test-helpers.ts';
import { renewPricePlansJob } from './renew-price-plans.job.ts';
import { topUpKit } from './top-up-test-helpers.ts';

let testApp: TestApp;
let kit: Awaited<ReturnType<typeof topUpKit>>;

beforeAll(async () => {
  testApp = await buildTestApp({ env: { PUBLIC_URL: 'http://localhost:0' } });
  kit = await topUpKit(testApp);
}, 60_000);
afterAll(() => testApp?.close());

const startsAt = new Date('2025-03-10T12:00:00Z');
const justAfter = new Date('2026-03-10T12:30:00Z');
const total = pricePlans.MEDIUM.yearlyFee.SEK * 1.25;

async function runJob(now: Date) {
  await renewPricePlansJob.handler({
    data: { now: now.toISOString() },
    jobId: 'test',
    attempt: 1,
    isLastAttempt: true,
    context: { database: testApp.database, logger: createMemoryLogger(), services: testApp.context as never },
  });
}

/** A card plan of a freshly signed-in administrator's account, renewed by the job with the clock past its end. */
async function renewCardPlan() {
  const admin = await kit.signIn();
  await seedPlan(testApp.database.db, {
    accountId: admin.accountId,
    userId: admin.userId,
    startsAt,
    paymentMethod: 'card',
  });
  await runJob(justAfter);
  const [payment] = await testApp.database.db.select().from(payments).where(eq(payments.accountId, admin.accountId));
  if (!payment) throw new Error('no renewal payment');
  return { admin, payment };
}

async function stateOf(paymentId: string) {
  const { db } = testApp.database;
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  const receiptRows = await db.select().from(receipts).where(eq(receipts.paymentId, paymentId));
  const events = await db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId));
  return { status: payment?.status, receipts: receiptRows, events: events.map((event) => event.type) };
}

/** The hosted invoice page is served by our server under /sim/stripe; PUBLIC_URL's port is a placeholder here. */
const onOurServer = (url: string | null) => `${kit.origin}${new URL(url ?? '').pathname}`;

describe('a plan renewed by card', () => {
  it('is billed with a Stripe invoice, paid on its page, and the invoice.paid webhook pays the payment once', async () => {
    const { admin, payment } = await renewCardPlan();
    expect(payment.providerInvoiceId).toMatch(/^in_/);
    const invoice = kit.controls.invoices.findInvoice(payment.providerInvoiceId ?? '');
    expect(invoice).toMatchObject({
      status: 'open',
      collectionMethod: 'send_invoice',
      daysUntilDue: 10,
      customerEmail: admin.email,
      currency: 'sek',
      metadata: { paymentId: payment.id, accountId: admin.accountId, kind: 'price-plan' },
    });
    expect(invoice.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(total);

    const page = await fetch(onOurServer(invoice.pageUrl));
    expect(page.status).toBe(200);
    const paid = await fetch(`${onOurServer(invoice.pageUrl)}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    await kit.delivered();
    const after = await stateOf(payment.id);
    expect(after).toMatchObject({ status: 'paid', events: ['invoice.paid'] });
    expect(after.receipts).toHaveLength(1);
    expect(after.receipts[0]).toMatchObject({
      totalMinor: total,
      vatMinor: total - pricePlans.MEDIUM.yearlyFee.SEK,
      renews: true,
    });
    expect(after.receipts[0]?.periodStart?.toISOString()).toBe('2026-03-10T12:00:00.000Z');
    expect(after.receipts[0]?.periodEnd?.toISOString()).toBe('2027-03-10T12:00:00.000Z');
    // Paying delivered nothing more: the renewed term was already the one live plan.
    expect((await plansOf(testApp.database.db, admin.accountId)).map((plan) => plan.status)).toEqual([
      'ended',
      'active',
    ]);

    const paidEvent = kit.controls.events.find(
      (event) => event.type === 'invoice.paid' && event.data.object.id === invoice.id,
    );
    if (!paidEvent) throw new Error('no invoice.paid event');
    await kit.controls.resend(paidEvent.id);
    expect(
      kit.controls.deliveries.filter((delivery) => delivery.eventId === paidEvent.id).map((d) => d.responseStatus),
    ).toEqual([200, 200]);
    await runJob(new Date('2026-03-10T13:30:00Z'));
    const replayed = await stateOf(payment.id);
    expect(replayed.receipts).toEqual(after.receipts);
    expect(replayed.events).toEqual(['invoice.paid']);
    expect(kit.controls.invoices.listInvoices().filter((row) => row.metadata.paymentId === payment.id)).toHaveLength(1);
  });

  it('refuses a forged invoice.paid with WEBHOOK_SIGNATURE_INVALID and changes nothing', async () => {
    const { payment } = await renewCardPlan();
    const invoiceId = payment.providerInvoiceId ?? '';
    for (const forgery of ['wrong-secret', 'altered-body', 'stale-timestamp'] as const) {
      const record = await kit.controls.deliverForged({ invoiceId, type: 'invoice.paid', forgery });
      expect(record?.responseStatus, forgery).toBe(400);
    }
    const forged = await testApp.app.inject({
      method: 'POST',
      url: stripeWebhookPath,
      headers: { 'content-type': 'application/json', 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=00ff` },
      payload: JSON.stringify({
        id: 'evt_forged_invoice',
        object: 'event',
        type: 'invoice.paid',
        data: { object: { id: invoiceId, object: 'invoice', status: 'paid' } },
      }),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect(await stateOf(payment.id)).toMatchObject({ status: 'pending', receipts: [], events: [] });
  });

  it('keeps the payment pending when the card is declined on the invoice page', async () => {
    const { payment } = await renewCardPlan();
    const invoice = kit.controls.invoices.findInvoice(payment.providerInvoiceId ?? '');
    const declined = await fetch(`${onOurServer(invoice.pageUrl)}/decline`, { method: 'POST' });
    expect(declined.status).toBe(402);
    await kit.delivered();
    expect(await stateOf(payment.id)).toMatchObject({
      status: 'pending',
      receipts: [],
      events: ['invoice.payment_failed'],
    });
  });

  it('creates the missing Stripe invoice on the next run when Stripe failed after our commit, and applies a lost invoice.paid', async () => {
    // Every call fails, the SDK's retries included: as if we crashed between our commit and Stripe's answer.
    kit.controls.failNext({ times: 20, status: 500 });
    const { payment } = await renewCardPlan();
    // The failures the SDK's retries did not use up must not hit the next call.
    while (kit.controls.takeFailure() !== undefined);
    expect(payment.providerInvoiceId).toBeNull();
    expect(kit.controls.invoices.listInvoices().filter((row) => row.metadata.paymentId === payment.id)).toEqual([]);

    await runJob(new Date('2026-03-10T13:30:00Z'));
    const [billed] = await testApp.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(billed?.providerInvoiceId).toMatch(/^in_/);
    expect(kit.controls.invoices.listInvoices().filter((row) => row.metadata.paymentId === payment.id)).toHaveLength(1);

    // Paid, but the webhook never arrives: the next run asks Stripe.
    kit.controls.holdEvents();
    kit.controls.invoices.pay(billed?.providerInvoiceId ?? '');
    await runJob(new Date('2026-03-10T14:30:00Z'));
    const after = await stateOf(payment.id);
    expect(after.status).toBe('paid');
    expect(after.receipts).toHaveLength(1);
    await kit.controls.releaseEvents();
    expect((await stateOf(payment.id)).receipts).toEqual(after.receipts);
  });
});
