import { type RunningStripeSimulator, startStripeSimulator } from '@signlink/simulators/stripe/stripe-simulator';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPaymentsProvider } from './create-payments-provider.ts';
import {
  type CreateCheckoutSessionInput,
  PaymentsError,
  type PaymentsProvider,
  PaymentWebhookSignatureError,
} from './payments.port.ts';
import { createStripePaymentsProvider } from './stripe.adapter.ts';
import { startWebhookReceiver, type WebhookReceiver } from './stripe-test-receiver.ts';

const SECRET_KEY = 'sk_test_adapter_0123456789';
const WEBHOOK_SECRET = 'whsec_adapter_0123456789';

let sequence = 0;
const topUp = (overrides: Partial<CreateCheckoutSessionInput> = {}): CreateCheckoutSessionInput => {
  sequence += 1;
  return {
    currency: 'SEK',
    lines: [
      { name: 'Top-up SEK 500', unitAmountMinor: 50_000, quantity: 1, taxBehavior: 'exclusive' },
      { name: 'VAT 25%', unitAmountMinor: 12_500, quantity: 1 },
    ],
    paymentId: `pay_${sequence}`,
    customerEmail: 'buyer@example.com',
    successUrl: 'https://signlink.test/#/paymentsuccess?session={CHECKOUT_SESSION_ID}',
    cancelUrl: 'https://signlink.test/#/paymentcancelled',
    metadata: { kind: 'top-up', accountId: 'acc_1' },
    idempotencyKey: `top-up-${sequence}`,
    ...overrides,
  };
};

async function errorOf<T extends Error>(promise: Promise<unknown>, type: new (...args: never[]) => T): Promise<T> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(type);
  return error as T;
}

describe('Stripe payments against the Stripe simulator, through the official SDK', () => {
  let sim: RunningStripeSimulator;
  let receiver: WebhookReceiver;
  let payments: PaymentsProvider;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    sim = await startStripeSimulator({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      webhookUrl: receiver.url,
      retryDelaysMs: [20, 40],
    });
    payments = createPaymentsProvider({
      driver: 'stripe',
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: sim.url,
    });
  });
  afterEach(async () => {
    await sim.controls.reset();
    receiver.received.length = 0;
    receiver.answerWith(200);
  });
  afterAll(async () => {
    await sim.close();
    await receiver.close();
  });

  /** The events the receiver got, each checked by parseWebhook as our webhook route will check it. */
  const receivedEvents = () => receiver.received.map((webhook) => payments.parseWebhook(webhook));

  it('creates a session with our lines and reference, and retrieves it', async () => {
    const input = topUp();
    const created = await payments.createCheckoutSession(input);
    expect(created).toMatchObject({
      status: 'open',
      paymentStatus: 'unpaid',
      currency: 'SEK',
      amountTotalMinor: 62_500,
      paymentId: input.paymentId,
      metadata: { kind: 'top-up', accountId: 'acc_1' },
    });
    expect(created.id).toMatch(/^cs_test_/);
    expect(created.url).toBe(`${sim.url}/checkout/${created.id}`);
    expect(created.expiresAt - created.createdAt).toBe(24 * 60 * 60);
    expect(await payments.retrieveCheckoutSession(created.id)).toEqual(created);
    // What the SDK put on the wire, as the simulator read it back from Stripe's bracket notation.
    const [kept] = sim.controls.listSessions();
    expect(kept).toMatchObject({
      currency: 'sek',
      customerEmail: 'buyer@example.com',
      lines: [
        { name: 'Top-up SEK 500', unitAmount: 50_000, quantity: 1, taxBehavior: 'exclusive' },
        { name: 'VAT 25%', unitAmount: 12_500, quantity: 1, taxBehavior: 'exclusive' },
      ],
    });
  });

  it('returns the same session for a retried create with the same Idempotency-Key', async () => {
    const input = topUp();
    const first = await payments.createCheckoutSession(input);
    const again = await payments.createCheckoutSession(input);
    expect(again.id).toBe(first.id);
    expect(sim.controls.listSessions().length).toBe(1);
    const other = await payments.createCheckoutSession({ ...input, idempotencyKey: `${input.idempotencyKey}-b` });
    expect(other.id).not.toBe(first.id);
    // The same key with another body is a mistake of ours, which Stripe refuses.
    const error = await errorOf(
      payments.createCheckoutSession({ ...input, metadata: { kind: 'other' } }),
      PaymentsError,
    );
    expect(error).toMatchObject({ isTransient: false, providerCode: 'idempotency_error' });
  });

  it('pays on the checkout page: a completed, paid event that parseWebhook accepts, and the buyer sent back', async () => {
    const session = await payments.createCheckoutSession(topUp());
    const page = await fetch(`${session.url}`);
    expect(page.status).toBe(200);
    const paid = await fetch(`${sim.url}/checkout/${session.id}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`https://signlink.test/#/paymentsuccess?session=${session.id}`);
    await vi.waitFor(() => expect(receiver.received).toHaveLength(1));
    const [event] = receivedEvents();
    expect(event).toMatchObject({
      type: 'checkout.session.completed',
      rawType: 'checkout.session.completed',
      session: { id: session.id, status: 'complete', paymentStatus: 'paid', amountTotalMinor: 62_500, url: null },
    });
    expect(event?.id).toMatch(/^evt_/);
    expect(await payments.retrieveCheckoutSession(session.id)).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
    });
  });

  it('keeps a declined card open with a visible error and sends nothing', async () => {
    const session = await payments.createCheckoutSession(topUp());
    const declined = await fetch(`${sim.url}/checkout/${session.id}/decline`, { method: 'POST' });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('role="alert">Your card was declined.');
    await sim.controls.idle();
    expect(receiver.received).toEqual([]);
    expect(await payments.retrieveCheckoutSession(session.id)).toMatchObject({
      status: 'open',
      paymentStatus: 'unpaid',
    });
  });

  it('leaves a bank debit pending, then settles it as succeeded or failed', async () => {
    const succeeding = await payments.createCheckoutSession(topUp());
    const failing = await payments.createCheckoutSession(topUp());
    for (const session of [succeeding, failing]) {
      const pending = await fetch(`${sim.url}/checkout/${session.id}/pend`, { method: 'POST', redirect: 'manual' });
      expect(pending.status).toBe(303);
    }
    await sim.controls.webhooks.sent();
    expect(receivedEvents().map((e) => [e.type, e.session?.paymentStatus])).toEqual([
      ['checkout.session.completed', 'unpaid'],
      ['checkout.session.completed', 'unpaid'],
    ]);
    sim.controls.settle(succeeding.id, 'succeeded');
    sim.controls.settle(failing.id, 'failed');
    await sim.controls.webhooks.sent();
    const settled = receivedEvents().slice(2);
    expect(settled.map((e) => [e.type, e.session?.id, e.session?.paymentStatus])).toEqual([
      ['checkout.session.async_payment_succeeded', succeeding.id, 'paid'],
      ['checkout.session.async_payment_failed', failing.id, 'unpaid'],
    ]);
    expect(await payments.retrieveCheckoutSession(succeeding.id)).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
    });
  });

  it('fails a bank debit later from the page: completed unpaid, then async_payment_failed', async () => {
    const session = await payments.createCheckoutSession(topUp());
    await fetch(`${sim.url}/checkout/${session.id}/fail-later`, { method: 'POST', redirect: 'manual' });
    await vi.waitFor(() => expect(receiver.received).toHaveLength(2));
    expect(receivedEvents().map((e) => e.type)).toEqual([
      'checkout.session.completed',
      'checkout.session.async_payment_failed',
    ]);
  });

  it('sends the buyer who cancels back to cancel_url and leaves the session open', async () => {
    const session = await payments.createCheckoutSession(topUp());
    const cancelled = await fetch(`${sim.url}/checkout/${session.id}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe('https://signlink.test/#/paymentcancelled');
    expect(await payments.retrieveCheckoutSession(session.id)).toMatchObject({ status: 'open' });
  });

  it('expires an open session with an expired event, and refuses to expire a complete one', async () => {
    const open = await payments.createCheckoutSession(topUp());
    const expired = await payments.expireCheckoutSession(open.id);
    expect(expired).toMatchObject({ id: open.id, status: 'expired', url: null });
    await vi.waitFor(() => expect(receiver.received).toHaveLength(1));
    expect(receivedEvents()[0]).toMatchObject({ type: 'checkout.session.expired', session: { status: 'expired' } });

    const paid = await payments.createCheckoutSession(topUp());
    sim.controls.pay(paid.id);
    const error = await errorOf(payments.expireCheckoutSession(paid.id), PaymentsError);
    expect(error).toMatchObject({ isTransient: false, providerCode: 'checkout_session_not_open' });
  });

  it('refuses a forged signature, an altered body and an old timestamp', async () => {
    const session = await payments.createCheckoutSession(topUp());
    for (const forgery of ['wrong-secret', 'altered-body', 'stale-timestamp'] as const) {
      await sim.controls.deliverForged({ sessionId: session.id, type: 'checkout.session.completed', forgery });
    }
    expect(receiver.received).toHaveLength(3);
    for (const webhook of receiver.received) {
      expect(() => payments.parseWebhook(webhook)).toThrow(PaymentWebhookSignatureError);
    }
    expect(() => payments.parseWebhook({ rawBody: Buffer.from('{}'), signatureHeader: undefined })).toThrow(
      PaymentWebhookSignatureError,
    );
    // The altered one differs from what was signed only in the amount.
    expect(receiver.received[1]?.rawBody.toString()).toContain('"amount_total": 99999999');
  });

  it('retries a refused delivery, and a replay carries the same event id', async () => {
    receiver.answerWith(500);
    const session = await payments.createCheckoutSession(topUp());
    sim.controls.pay(session.id);
    await sim.controls.idle();
    expect(sim.controls.deliveries.map((d) => [d.attempt, d.responseStatus])).toEqual([
      [1, 500],
      [2, 500],
      [3, 500],
    ]);
    receiver.answerWith(200);
    const [event] = sim.controls.events;
    await sim.controls.resend(event?.id ?? '');
    const ids = receivedEvents().map((e) => e.id);
    expect(ids).toHaveLength(4);
    expect(new Set(ids)).toEqual(new Set([event?.id]));
  });

  it('sends held events in the order a test chooses', async () => {
    const session = await payments.createCheckoutSession(topUp());
    sim.controls.holdEvents();
    sim.controls.pend(session.id);
    sim.controls.settle(session.id, 'succeeded');
    expect(receiver.received).toEqual([]);
    await sim.controls.releaseEvents('reverse');
    expect(receivedEvents().map((e) => e.type)).toEqual([
      'checkout.session.async_payment_succeeded',
      'checkout.session.completed',
    ]);
  });

  it('reports a wrong secret key as permanent, without the key', async () => {
    const wrongKey = createStripePaymentsProvider({
      secretKey: 'sk_test_not_the_key_9876',
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: sim.url,
    });
    const error = await errorOf(wrongKey.createCheckoutSession(topUp()), PaymentsError);
    expect(error).toMatchObject({ isTransient: false, providerCode: 'api_key_invalid' });
    expect(error.message).not.toContain('9876');
  });

  it('reports Stripe failures and rate limits as transient once the SDK has retried 5xx, and recovers', async () => {
    sim.controls.failNext({ times: 3, status: 500 });
    const failed = await errorOf(payments.retrieveCheckoutSession('cs_test_missing'), PaymentsError);
    expect(failed.isTransient).toBe(true);
    // The SDK does not retry a 429: the caller (a job) does, later.
    sim.controls.failNext({ status: 429 });
    const limited = await errorOf(payments.createCheckoutSession(topUp()), PaymentsError);
    expect(limited).toMatchObject({ isTransient: true, providerCode: 'rate_limit' });
    // One 500 is absorbed by the SDK's own retry, with the same Idempotency-Key.
    sim.controls.failNext({ status: 500 });
    await payments.createCheckoutSession(topUp());
    expect(sim.controls.listSessions().length).toBe(1);
  });

  it('reports an unknown session as permanent', async () => {
    const error = await errorOf(payments.retrieveCheckoutSession('cs_test_missing'), PaymentsError);
    expect(error).toMatchObject({ isTransient: false, providerCode: 'resource_missing' });
  });

  it('reports an unreachable Stripe as transient', async () => {
    const closed = await startStripeSimulator({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    await closed.close();
    const offline = createStripePaymentsProvider({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: closed.url,
      timeoutMs: 2000,
    });
    const error = await errorOf(offline.createCheckoutSession(topUp()), PaymentsError);
    expect(error.isTransient).toBe(true);
  });
});
