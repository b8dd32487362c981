import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { paymentEvents, payments } from '../../db/schema/payments.ts';
import { jobDefinitions, jobSchedules } from '../../job-catalog.ts';
import { createMemoryLogger } from '../../jobs/job-test-helpers.ts';
import { applyCheckoutSession } from './apply-checkout-session.ts';
import { reconcilePaymentsJob } from './reconcile-payments.job.ts';
import { topUpKit } from './top-up-test-helpers.ts';

let testApp: TestApp;
let kit: Awaited<ReturnType<typeof topUpKit>>;

beforeAll(async () => {
  testApp = await buildTestApp({ env: { PUBLIC_URL: 'http://localhost:0' } });
  kit = await topUpKit(testApp);
}, 60_000);
afterAll(() => testApp?.close());

describe('the Stripe webhook: replayed, reordered, forged', () => {
  it('applies an event delivered twice once', async () => {
    const admin = await kit.signIn();
    const { PaymentId, SessionId } = await kit.startTopUp(admin.token, { ProductId: 'top-up-2' });
    kit.controls.pay(SessionId);
    await kit.delivered();
    const completed = kit.controls.events.find((event) => event.data.object.id === SessionId);
    if (!completed) throw new Error('no event');
    await kit.controls.resend(completed.id);
    await kit.controls.resend(completed.id);
    const replies = kit.controls.deliveries.filter((delivery) => delivery.eventId === completed.id);
    expect(replies.map((delivery) => delivery.responseStatus)).toEqual([200, 200, 200]);
    expect(await kit.stateOf(admin.accountId, PaymentId)).toMatchObject({
      status: 'paid',
      credits: [250_00],
      receipts: 1,
      events: ['checkout.session.completed'],
    });
  });

  it("credits once whatever order an async payment's events arrive in", async () => {
    const admin = await kit.signIn();
    const { PaymentId, SessionId } = await kit.startTopUp(admin.token, { ProductId: 'top-up-1' });
    kit.controls.holdEvents();
    kit.controls.pend(SessionId);
    kit.controls.settle(SessionId, 'succeeded');
    // async_payment_succeeded first, then the older completed (unpaid): paid stays paid.
    const released = await kit.controls.releaseEvents('reverse');
    expect(released.map((event) => event.type)).toEqual([
      'checkout.session.async_payment_succeeded',
      'checkout.session.completed',
    ]);
    expect(await kit.stateOf(admin.accountId, PaymentId)).toMatchObject({
      status: 'paid',
      credits: [100_00],
      receipts: 1,
    });
    expect((await kit.stateOf(admin.accountId, PaymentId)).events.sort()).toEqual([
      'checkout.session.async_payment_succeeded',
      'checkout.session.completed',
    ]);
  });

  it('changes nothing for an expiry or a failure reported after paid', async () => {
    const admin = await kit.signIn();
    const { PaymentId, SessionId } = await kit.startTopUp(admin.token, { ProductId: 'top-up-1' });
    kit.controls.pay(SessionId);
    await kit.delivered();
    const session = await testApp.context.payments.provider?.retrieveCheckoutSession(SessionId);
    if (!session) throw new Error('no session');
    const { db } = testApp.database;
    // What a late, out-of-order event would say: Stripe never sends these after paid, so they are made here.
    const expired = await applyCheckoutSession(db, {
      session: { ...session, status: 'expired' },
      event: { id: 'evt_late_expired', type: 'checkout.session.expired', rawType: 'checkout.session.expired' },
    });
    const failed = await applyCheckoutSession(db, {
      session: { ...session, paymentStatus: 'unpaid' },
      event: {
        id: 'evt_late_failed',
        type: 'checkout.session.async_payment_failed',
        rawType: 'checkout.session.async_payment_failed',
      },
    });
    expect([expired, failed]).toEqual([
      { kind: 'applied', paymentId: PaymentId, from: 'paid', to: 'paid' },
      { kind: 'applied', paymentId: PaymentId, from: 'paid', to: 'paid' },
    ]);
    expect(await kit.stateOf(admin.accountId, PaymentId)).toMatchObject({
      status: 'paid',
      credits: [100_00],
      receipts: 1,
    });
  });

  it('refuses forged, altered and stale events with WEBHOOK_SIGNATURE_INVALID and records nothing', async () => {
    const admin = await kit.signIn();
    const { PaymentId, SessionId } = await kit.startTopUp(admin.token, { ProductId: 'top-up-5' });
    for (const forgery of ['wrong-secret', 'altered-body', 'stale-timestamp'] as const) {
      const record = await kit.controls.deliverForged({
        sessionId: SessionId,
        type: 'checkout.session.completed',
        forgery,
      });
      expect(record?.responseStatus, forgery).toBe(400);
    }
    const unsigned = await testApp.app.inject({
      method: 'POST',
      url: '/v2/linktinker/payments/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 'evt_x', type: 'checkout.session.completed' }),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect(await kit.stateOf(admin.accountId, PaymentId)).toMatchObject({ status: 'pending', balance: 0, events: [] });
    expect(await testApp.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, 'evt_x'))).toEqual([]);
  });

  it("credits once when the return page's poll and the webhook race", async () => {
    const admin = await kit.signIn();
    for (let round = 0; round < 3; round++) {
      const { PaymentId, SessionId } = await kit.startTopUp(admin.token, { ProductId: 'top-up-1' });
      kit.controls.holdEvents();
      kit.controls.pay(SessionId);
      const [, polled, polledAgain] = await Promise.all([
        kit.controls.releaseEvents(),
        kit.poll(admin.token, SessionId),
        kit.poll(admin.token, PaymentId),
      ]);
      expect(polled.json().Status).toBe('paid');
      expect(polledAgain.json().Status).toBe('paid');
      expect(await kit.stateOf(admin.accountId, PaymentId)).toMatchObject({ credits: [100_00], receipts: 1 });
    }
    expect(
      (await kit.poll(admin.token, (await kit.startTopUp(admin.token, { ProductId: 'top-up-1' })).SessionId)).json(),
    ).toMatchObject({ Status: 'pending', TotalBalance: 300_00 });
  });
});

describe('reconciliation (a lost webhook, a crash before our write)', () => {
  it('is scheduled every few minutes', () => {
    expect(jobDefinitions).toContain(reconcilePaymentsJob);
    expect(jobSchedules.find((schedule) => schedule.job === reconcilePaymentsJob)?.cron).toBe('*/5 * * * *');
  });

  it('asks Stripe about pending payments older than a minute and credits what it says is paid, once', async () => {
    const admin = await kit.signIn();
    const old = await kit.startTopUp(admin.token, { ProductId: 'top-up-4' });
    const young = await kit.startTopUp(admin.token, { ProductId: 'top-up-1' });
    const expiring = await kit.startTopUp(admin.token, { ProductId: 'top-up-1' });
    // Paid on Stripe, but no webhook ever reaches us.
    kit.controls.holdEvents();
    kit.controls.pay(old.SessionId);
    kit.controls.pay(young.SessionId);
    kit.controls.expire(expiring.SessionId);
    const { db } = testApp.database;
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    for (const id of [old.PaymentId, expiring.PaymentId]) {
      await db.update(payments).set({ createdAt: twoMinutesAgo }).where(eq(payments.id, id));
    }
    const run = async () => {
      const logger = createMemoryLogger();
      await reconcilePaymentsJob.handler({
        data: {},
        jobId: 'test',
        attempt: 1,
        isLastAttempt: true,
        context: { database: testApp.database, logger, services: testApp.context as never },
      });
      return logger;
    };
    await run();
    expect(await kit.stateOf(admin.accountId, old.PaymentId)).toMatchObject({
      status: 'paid',
      credits: [1_000_00],
      receipts: 1,
    });
    expect(await kit.stateOf(admin.accountId, expiring.PaymentId)).toMatchObject({ status: 'expired', credits: [] });
    // Younger than a minute: left to its webhook and the buyer's return.
    expect(await kit.stateOf(admin.accountId, young.PaymentId)).toMatchObject({ status: 'pending', credits: [] });

    await run();
    // The held webhooks arrive after all: each recorded, nothing credited again.
    await kit.controls.releaseEvents();
    expect(await kit.stateOf(admin.accountId, old.PaymentId)).toMatchObject({
      status: 'paid',
      credits: [1_000_00],
      receipts: 1,
      events: ['checkout.session.completed'],
    });
    expect(await kit.stateOf(admin.accountId, young.PaymentId)).toMatchObject({ status: 'paid', credits: [100_00] });
  });
});

describe('when Stripe and we disagree or Stripe is down', () => {
  it('credits nothing when the session was charged another total than the payment', async () => {
    const admin = await kit.signIn();
    const { PaymentId, SessionId } = await kit.startTopUp(admin.token, { ProductId: 'top-up-1' });
    // As if the row said more than Stripe charged: the check compares Stripe's total with ours.
    await testApp.database.db
      .update(payments)
      .set({ amountMinor: 200_00, vatMinor: 50_00, totalMinor: 250_00 })
      .where(eq(payments.id, PaymentId));
    kit.controls.pay(SessionId);
    await kit.delivered();
    expect(await kit.stateOf(admin.accountId, PaymentId)).toMatchObject({
      status: 'pending',
      balance: 0,
      credits: [],
      receipts: 0,
    });
  });

  it('answers 503 while Stripe fails, and marks a top-up whose session was never made failed', async () => {
    const admin = await kit.signIn();
    const { PaymentId, SessionId } = await kit.startTopUp(admin.token, { ProductId: 'top-up-1' });
    // The SDK tries three times (two retries) before it gives up.
    kit.controls.failNext({ times: 3, status: 500 });
    const polled = await kit.poll(admin.token, SessionId);
    expect(polled.statusCode).toBe(503);
    expect((await kit.poll(admin.token, SessionId)).json()).toMatchObject({ Status: 'pending' });
    expect(await kit.stateOf(admin.accountId, PaymentId)).toMatchObject({ status: 'pending' });

    kit.controls.failNext({ times: 3, status: 500 });
    const started = await testApp.app.inject({
      method: 'POST',
      url: '/v2/linktinker/app/balance/payments',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { ProductId: 'top-up-2' },
    });
    expect(started.statusCode).toBe(503);
    const rows = await testApp.database.db.select().from(payments).where(eq(payments.accountId, admin.accountId));
    expect(rows.map((row) => [row.amountMinor, row.status]).sort()).toEqual([
      [100_00, 'pending'],
      [250_00, 'failed'],
    ]);
  }, 30_000);
});
