import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createPublicUrls } from '../../config/public-urls.ts';
import { simulatorStripeAccount, startPayments, stripeWebhookPath } from './start-payments.ts';

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

const topUp = {
  currency: 'SEK' as const,
  lines: [{ name: 'Top-up SEK 500', unitAmountMinor: 50_000, quantity: 1 }],
  paymentId: 'pay_1',
  successUrl: 'http://localhost/#/paymentsuccess?session={CHECKOUT_SESSION_ID}',
  cancelUrl: 'http://localhost/#/paymentcancelled',
  metadata: {},
  idempotencyKey: 'top-up-pay_1',
};

describe('payments in the app', () => {
  it('pays through the SDK, the simulator and the checkout page our server serves under /sim/stripe', async () => {
    testApp = await buildTestApp({ env: { PUBLIC_URL: 'http://localhost:0' } });
    const origin = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const { payments } = testApp.context;
    const provider = payments.provider;
    if (!provider || !payments.simulator) throw new Error('simulators are on in tests');

    const session = await provider.createCheckoutSession(topUp);
    const path = new URL(session.url ?? '').pathname;
    expect(path).toBe(`/sim/stripe/checkout/${session.id}`);
    const page = await testApp.app.inject(path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/Pay SEK\s500\.00/);

    // No billing route yet: the delivery is refused, and the simulator says where it went.
    payments.simulator.controls.webhooks.useUrl(`${origin}${stripeWebhookPath}`);
    const paid = await testApp.app.inject({
      method: 'POST',
      url: `/sim/stripe/checkout/${session.id}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://localhost/#/paymentsuccess?session=${session.id}`);
    await vi.waitFor(() =>
      expect(payments.simulator?.controls.deliveries[0]).toMatchObject({
        type: 'checkout.session.completed',
        url: `${origin}${stripeWebhookPath}`,
        attempt: 1,
      }),
    );
    expect(await provider.retrieveCheckoutSession(session.id)).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
    });

    const controls = await testApp.app.inject('/sim/stripe/control/sessions');
    expect(controls.json().data).toMatchObject([{ id: session.id, status: 'complete' }]);
  });

  it('has no simulator and no provider with simulators off and no Stripe keys', async () => {
    testApp = await buildTestApp({ env: { SIMULATORS: 'off' } });
    expect(testApp.context.payments).toMatchObject({ provider: undefined, simulator: undefined });
    expect((await testApp.app.inject('/sim/stripe/control/sessions')).statusCode).toBe(404);
  });

  it('points the simulator at the public origin, read when used, and shares sessions through the data folder', async () => {
    const publicUrls = createPublicUrls({ publicUrl: 'http://localhost:0', seBrandHosts: [] });
    const simulatorDir = fs.mkdtempSync(path.join(os.tmpdir(), 'signlink-stripe-'));
    const config = { payments: { driver: 'simulator' as const }, simulatorDir };
    const running = await startPayments({ config, publicUrls });
    const restarted = await startPayments({ config, publicUrls });
    try {
      publicUrls.useListeningPort(4321);
      expect(running.simulator?.controls.webhooks.url).toBe(`http://localhost:4321${stripeWebhookPath}`);
      const session = await running.provider?.createCheckoutSession(topUp);
      expect(session?.url).toBe(`http://localhost:4321/sim/stripe/checkout/${session?.id}`);
      expect(simulatorStripeAccount.webhookSecret).toMatch(/^whsec_/);
      // Another process on the same data folder (or this one after a restart) knows the session.
      expect(await restarted.provider?.retrieveCheckoutSession(session?.id ?? '')).toEqual(session);
    } finally {
      await running.stop();
      await restarted.stop();
      fs.rmSync(simulatorDir, { recursive: true, force: true });
    }
  });
});
