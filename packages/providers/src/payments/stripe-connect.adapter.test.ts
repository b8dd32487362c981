import { type RunningStripeSimulator, startStripeSimulator } from '@signlink/simulators/stripe/stripe-simulator';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPaymentsProvider } from './create-payments-provider.ts';
import {
  type ConnectedAccount,
  type CreateCheckoutSessionInput,
  PaymentsError,
  type PaymentsProvider,
  PaymentWebhookSignatureError,
} from './payments.port.ts';
import { createStripePaymentsProvider } from './stripe.adapter.ts';
import { startWebhookReceiver, type WebhookReceiver } from './stripe-test-receiver.ts';

const SECRET_KEY = 'sk_test_connect_0123456789';
const WEBHOOK_SECRET = 'whsec_platform_0123456789';
const CONNECT_WEBHOOK_SECRET = 'whsec_connect_0123456789';
const RETURN_URL = 'https://signlink.test/#/settings/getpaid?connected=1';
const REFRESH_URL = 'https://signlink.test/#/settings/getpaid?refresh=1';

let sequence = 0;
const payment = (overrides: Partial<CreateCheckoutSessionInput> = {}): CreateCheckoutSessionInput => {
  sequence += 1;
  return {
    currency: 'SEK',
    lines: [{ name: 'Consulting, 2 hours', unitAmountMinor: 250_000, quantity: 1, taxBehavior: 'inclusive' }],
    paymentId: `pay_${sequence}`,
    customerEmail: 'signer@example.com',
    successUrl: 'https://signlink.test/#/s/link_1?session={CHECKOUT_SESSION_ID}',
    cancelUrl: 'https://signlink.test/#/s/link_1?cancelled=1',
    metadata: { kind: 'sign-and-pay', documentId: 'doc_1' },
    idempotencyKey: `sign-and-pay-${sequence}`,
    ...overrides,
  };
};

async function errorOf(promise: Promise<unknown>): Promise<PaymentsError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PaymentsError);
  return error as PaymentsError;
}

/** The page's form actions and links, as a browser would follow them. */
const formActions = (html: string) => [...html.matchAll(/<form method="post" action="([^"]+)">/g)].map((m) => m[1]);

describe('Stripe Connect against the Stripe simulator, through the official SDK', () => {
  let sim: RunningStripeSimulator;
  let receiver: WebhookReceiver;
  let payments: PaymentsProvider;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    sim = await startStripeSimulator({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      connectWebhookSecret: CONNECT_WEBHOOK_SECRET,
      webhookUrl: receiver.url,
      retryDelaysMs: [20, 40],
    });
    payments = createPaymentsProvider({
      driver: 'stripe',
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      connectWebhookSecret: CONNECT_WEBHOOK_SECRET,
      apiUrl: sim.url,
    });
  });
  afterEach(async () => {
    await sim.controls.reset();
    receiver.received.length = 0;
  });
  afterAll(async () => {
    await sim.close();
    await receiver.close();
  });

  const receivedEvents = () => receiver.received.map((webhook) => payments.parseWebhook(webhook));

  const createAccount = (accountId = `acc_${++sequence}`) =>
    payments.createConnectedAccount({
      accountId,
      email: 'owner@example.com',
      country: 'se',
      idempotencyKey: `connect-${accountId}`,
    });

  /** The owner opens the onboarding link and submits the page; the page sends them back to our return URL. */
  async function onboardOnPage(account: ConnectedAccount): Promise<Response> {
    const link = await payments.createOnboardingLink({
      connectedAccountId: account.id,
      returnUrl: RETURN_URL,
      refreshUrl: REFRESH_URL,
    });
    const page = await fetch(link.url);
    expect(page.status).toBe(200);
    const [submit] = formActions(await page.text());
    return fetch(`${sim.url}${submit}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
  }

  async function onboardedAccount(): Promise<ConnectedAccount> {
    const account = await createAccount();
    sim.controls.connect.completeOnboarding(account.id);
    await sim.controls.webhooks.sent();
    receiver.received.length = 0;
    return account;
  }

  it('makes a standard account for one of ours, once per idempotency key', async () => {
    const account = await createAccount('acc_owner');
    expect(account).toEqual({
      id: expect.stringMatching(/^acct_/),
      chargesEnabled: false,
      detailsSubmitted: false,
      email: 'owner@example.com',
      country: 'SE',
      metadata: { accountId: 'acc_owner' },
    });
    expect((await createAccount('acc_owner')).id).toBe(account.id);
    expect(sim.controls.connect.listAccounts()).toHaveLength(1);
    expect(await payments.retrieveConnectedAccount(account.id)).toEqual(account);
  });

  it('onboards on the page: back to return_url, charges enabled, and an account.updated under the Connect secret', async () => {
    const account = await createAccount();
    const link = await payments.createOnboardingLink({
      connectedAccountId: account.id,
      returnUrl: RETURN_URL,
      refreshUrl: REFRESH_URL,
    });
    expect(link.url).toMatch(new RegExp(`^${sim.url}/connect/onboarding/acctlink_`));
    expect(link.expiresAt).toBeGreaterThan(Date.now() / 1000);

    const submitted = await onboardOnPage(account);
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get('location')).toBe(RETURN_URL);
    expect(await payments.retrieveConnectedAccount(account.id)).toMatchObject({
      chargesEnabled: true,
      detailsSubmitted: true,
    });

    await vi.waitFor(() => expect(receiver.received).toHaveLength(1));
    const [event] = receivedEvents();
    expect(event).toMatchObject({
      type: 'account.updated',
      rawType: 'account.updated',
      connectedAccountId: account.id,
      session: null,
      invoice: null,
      account: { id: account.id, chargesEnabled: true, detailsSubmitted: true, metadata: account.metadata },
    });
    // Signed for the Connect endpoint: an adapter that knows only the platform's secret refuses it.
    const platformOnly = createStripePaymentsProvider({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: sim.url,
    });
    const [webhook] = receiver.received;
    expect(() => platformOnly.parseWebhook(webhook as (typeof receiver.received)[number])).toThrow(
      PaymentWebhookSignatureError,
    );
  });

  it('takes a payment on the connected account, found only there, and names its PaymentIntent', async () => {
    const account = await onboardedAccount();
    const other = await onboardedAccount();
    const created = await payments.createCheckoutSession(payment({ connectedAccountId: account.id }));
    expect(created).toMatchObject({ status: 'open', amountTotalMinor: 250_000, paymentIntentId: null });

    for (const options of [undefined, { connectedAccountId: other.id }]) {
      const missing = await errorOf(payments.retrieveCheckoutSession(created.id, options));
      expect(missing).toMatchObject({ isTransient: false, providerCode: 'resource_missing' });
    }
    const onAccount = { connectedAccountId: account.id };
    expect(await payments.retrieveCheckoutSession(created.id, onAccount)).toEqual(created);

    const paid = await fetch(`${created.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    await vi.waitFor(() => expect(receiver.received).toHaveLength(1));
    const [event] = receivedEvents();
    expect(event).toMatchObject({
      type: 'checkout.session.completed',
      connectedAccountId: account.id,
      account: null,
      session: { id: created.id, paymentStatus: 'paid', paymentIntentId: expect.stringMatching(/^pi_/) },
    });
    expect(await payments.retrieveCheckoutSession(created.id, onAccount)).toMatchObject({
      status: 'complete',
      paymentIntentId: event?.session?.paymentIntentId,
    });
  });

  it("keeps our own sessions' events without a connected account", async () => {
    const created = await payments.createCheckoutSession(payment());
    sim.controls.pay(created.id);
    await sim.controls.webhooks.sent();
    expect(receivedEvents()).toMatchObject([
      { connectedAccountId: null, account: null, session: { paymentIntentId: expect.stringMatching(/^pi_/) } },
    ]);
  });

  it('refuses a payment on an account not onboarded, or unknown', async () => {
    const account = await createAccount();
    const refused = await errorOf(payments.createCheckoutSession(payment({ connectedAccountId: account.id })));
    expect(refused).toMatchObject({ isTransient: false, providerCode: 'capability_not_active' });
    const unknown = await errorOf(payments.createCheckoutSession(payment({ connectedAccountId: 'acct_unknown1' })));
    expect(unknown).toMatchObject({ isTransient: false, providerCode: 'account_invalid' });
    expect(sim.controls.listSessions()).toEqual([]);
  });

  it('expires an open session on the connected account', async () => {
    const account = await onboardedAccount();
    const created = await payments.createCheckoutSession(payment({ connectedAccountId: account.id }));
    expect(await errorOf(payments.expireCheckoutSession(created.id))).toMatchObject({
      providerCode: 'resource_missing',
    });
    const expired = await payments.expireCheckoutSession(created.id, { connectedAccountId: account.id });
    expect(expired).toMatchObject({ status: 'expired', url: null });
  });

  it('refunds a paid payment once, in full, only on its own account', async () => {
    const account = await onboardedAccount();
    const other = await onboardedAccount();
    const created = await payments.createCheckoutSession(payment({ connectedAccountId: account.id }));
    sim.controls.pay(created.id);
    const paid = await payments.retrieveCheckoutSession(created.id, { connectedAccountId: account.id });
    const paymentIntentId = paid.paymentIntentId ?? '';
    const refundOf = (connectedAccountId: string | undefined, idempotencyKey: string) =>
      payments.createRefund({
        paymentIntentId,
        ...(connectedAccountId ? { connectedAccountId } : {}),
        metadata: { paymentId: paid.paymentId ?? '', reason: 'document-withdrawn' },
        idempotencyKey,
      });

    for (const elsewhere of [other.id, undefined]) {
      const missing = await errorOf(refundOf(elsewhere, `refund-elsewhere-${elsewhere}`));
      expect(missing).toMatchObject({ isTransient: false, providerCode: 'resource_missing' });
    }
    const refund = await refundOf(account.id, 'refund-1');
    expect(refund).toEqual({
      id: expect.stringMatching(/^re_/),
      status: 'succeeded',
      amountMinor: 250_000,
      currency: 'SEK',
      paymentIntentId,
    });
    // A retried refund (same key) is the same refund; a second one is refused.
    expect((await refundOf(account.id, 'refund-1')).id).toBe(refund.id);
    const twice = await errorOf(refundOf(account.id, 'refund-2'));
    expect(twice).toMatchObject({ isTransient: false, providerCode: 'charge_already_refunded' });
    expect(sim.controls.connect.listRefunds()).toMatchObject([
      { id: refund.id, account: account.id, metadata: { reason: 'document-withdrawn' } },
    ]);
  });

  it('refuses to refund a payment not yet paid', async () => {
    const account = await onboardedAccount();
    const created = await payments.createCheckoutSession(payment({ connectedAccountId: account.id }));
    sim.controls.pend(created.id);
    const pending = await payments.retrieveCheckoutSession(created.id, { connectedAccountId: account.id });
    expect(pending.paymentIntentId).toMatch(/^pi_/);
    const refused = await errorOf(
      payments.createRefund({
        paymentIntentId: pending.paymentIntentId ?? '',
        connectedAccountId: account.id,
        metadata: {},
        idempotencyKey: 'refund-pending',
      }),
    );
    expect(refused).toMatchObject({ isTransient: false, providerCode: 'charge_not_refundable' });
  });
});
