import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFolderStripeSessionStore } from './stripe-session-store.ts';
import { type RunningStripeSimulator, startStripeSimulator } from './stripe-simulator.ts';
import { StripeSimulatorControls } from './stripe-simulator-controls.ts';

const SECRET_KEY = 'sk_test_simulator_0123456789';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const topUpBody = (overrides: Record<string, string> = {}) =>
  new URLSearchParams({
    mode: 'payment',
    'line_items[0][price_data][currency]': 'eur',
    'line_items[0][price_data][unit_amount]': '1250',
    'line_items[0][price_data][product_data][name]': 'Top-up <EUR 12.50>',
    'line_items[0][price_data][tax_behavior]': 'exclusive',
    'line_items[0][quantity]': '2',
    client_reference_id: 'pay_1',
    success_url: 'https://signlink.test/#/paymentsuccess?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'https://signlink.test/#/paymentcancelled',
    ...overrides,
  }).toString();

describe('the Stripe simulator over raw HTTP', () => {
  let sim: RunningStripeSimulator;
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${sim.url}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${SECRET_KEY}`, ...FORM, ...(init.headers as Record<string, string>) },
    });
  const create = async (overrides: Record<string, string> = {}) =>
    (await (await api('/v1/checkout/sessions', { method: 'POST', body: topUpBody(overrides) })).json()) as {
      id: string;
      url: string;
    };

  beforeAll(async () => {
    sim = await startStripeSimulator({
      secretKey: SECRET_KEY,
      webhookSecret: 'whsec_simulator',
      checkoutBaseUrl: () => 'http://localhost:3000/sim/stripe',
    });
  });
  afterEach(() => sim.controls.reset());
  afterAll(() => sim.close());

  it("answers a missing or wrong key with 401 in Stripe's error shape", async () => {
    const missing = await fetch(`${sim.url}/v1/checkout/sessions/cs_test_x`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({
      error: { type: 'invalid_request_error', message: 'You did not provide an API key.', code: 'api_key_invalid' },
    });
    const wrong = await api('/v1/checkout/sessions/cs_test_x', {
      headers: { authorization: 'Bearer sk_test_nope1234' },
    });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toContain('****1234');
  });

  it('creates a Stripe-shaped session whose url is the configured checkout page', async () => {
    const response = await api('/v1/checkout/sessions', { method: 'POST', body: topUpBody() });
    expect(response.status).toBe(200);
    const session = (await response.json()) as Record<string, unknown>;
    expect(session).toMatchObject({
      object: 'checkout.session',
      amount_total: 2500,
      currency: 'eur',
      status: 'open',
      payment_status: 'unpaid',
      client_reference_id: 'pay_1',
      metadata: {},
      livemode: false,
      mode: 'payment',
      url: `http://localhost:3000/sim/stripe/checkout/${session.id}`,
    });
    expect(session.expires_at).toBe((session.created as number) + 86_400);
  });

  it('names the missing or malformed parameter in bracket notation', async () => {
    const missing = await api('/v1/checkout/sessions', {
      method: 'POST',
      body: topUpBody({ 'line_items[0][price_data][unit_amount]': '' }),
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        param: 'line_items[0][price_data][unit_amount]',
        message: 'Missing required param: line_items[0][price_data][unit_amount].',
      },
    });
    const notInteger = await api('/v1/checkout/sessions', {
      method: 'POST',
      body: topUpBody({ 'line_items[0][quantity]': '1.5' }),
    });
    expect(((await notInteger.json()) as { error: { code: string } }).error.code).toBe('parameter_invalid_integer');
    expect(sim.controls.listSessions().length).toBe(0);
  });

  it('replays an Idempotency-Key with the same body, and refuses it with another', async () => {
    const headers = { 'idempotency-key': 'key-1' };
    const first = await api('/v1/checkout/sessions', { method: 'POST', body: topUpBody(), headers });
    const again = await api('/v1/checkout/sessions', { method: 'POST', body: topUpBody(), headers });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(((await again.json()) as { id: string }).id).toBe(((await first.json()) as { id: string }).id);
    const other = await api('/v1/checkout/sessions', {
      method: 'POST',
      body: topUpBody({ client_reference_id: 'pay_2' }),
      headers,
    });
    expect(other.status).toBe(400);
    expect(((await other.json()) as { error: { type: string } }).error.type).toBe('idempotency_error');
  });

  it('shows the amount, the lines and real form buttons on an accessible checkout page', async () => {
    const { id } = await create();
    const page = await fetch(`${sim.url}/checkout/${id}`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('€25.00');
    // The line's name is escaped, so a product name cannot inject markup.
    expect(html).toContain('Top-up &lt;EUR 12.50&gt; × 2');
    const forms = [
      ...html.matchAll(/<form method="post" action="([^"]+)"><button type="submit"[^>]*>([^<]+)<\/button><\/form>/g),
    ];
    expect(forms.map((form) => [form[1], form[2]])).toEqual([
      [`/checkout/${id}/pay`, 'Pay €25.00'],
      [`/checkout/${id}/decline`, 'Payment fails (card declined)'],
      [`/checkout/${id}/fail-later`, 'Payment fails later (bank debit)'],
      [`/checkout/${id}/pend`, 'Leave pending (bank debit)'],
      [`/checkout/${id}/cancel`, 'Cancel and go back'],
    ]);
    expect(html).not.toContain('<script');
  });

  it('offers settlement on the page of a pending debit, and answers an unknown session with 404', async () => {
    const { id } = await create();
    await fetch(`${sim.url}/checkout/${id}/pend`, { method: 'POST', headers: FORM, body: '', redirect: 'manual' });
    const html = await (await fetch(`${sim.url}/checkout/${id}`)).text();
    expect(html).toContain('This checkout is complete (unpaid)');
    expect(html).toContain(`action="/checkout/${id}/settle-succeeded"`);
    const settled = await fetch(`${sim.url}/checkout/${id}/settle-succeeded`, {
      method: 'POST',
      headers: FORM,
      body: '',
      redirect: 'manual',
    });
    expect(settled.headers.get('location')).toBe(`/checkout/${id}`);
    expect(sim.controls.findSession(id)).toMatchObject({ paymentStatus: 'paid', isAwaitingSettlement: false });
    expect((await fetch(`${sim.url}/checkout/cs_test_unknown`)).status).toBe(404);
  });

  it('steers sessions and events through the JSON controls', async () => {
    const { id } = await create();
    const control = (path: string, body?: unknown) =>
      fetch(`${sim.url}/control${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      }).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as Record<string, unknown>,
      }));
    expect((await control('/sessions')).body.data).toMatchObject([
      { id, status: 'open', line_items: [{ quantity: 2 }] },
    ]);
    expect((await control(`/sessions/${id}/pend`, {})).body).toMatchObject({
      status: 'complete',
      awaiting_settlement: true,
    });
    expect((await control(`/sessions/${id}/settle`, { outcome: 'sideways' })).status).toBe(400);
    expect((await control(`/sessions/${id}/settle`, { outcome: 'failed' })).body).toMatchObject({
      payment_status: 'unpaid',
    });
    const events = (await control('/events')).body.data as {
      id: string;
      type: string;
      data: { object: { id: string } };
    }[];
    expect(events.map((event) => event.type)).toEqual([
      'checkout.session.completed',
      'checkout.session.async_payment_failed',
    ]);
    expect(events[0]?.data.object.id).toBe(id);
    expect((await control(`/sessions/${id}/pay`, {})).status).toBe(400);
    expect((await control('/sessions/cs_test_unknown/pay', {})).status).toBe(404);
  });
});

describe('the Stripe simulator on a folder store', () => {
  it('knows sessions and idempotency keys after a restart', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'stripe-simulator-'));
    const start = () =>
      startStripeSimulator({
        secretKey: SECRET_KEY,
        controls: new StripeSimulatorControls({
          webhookSecret: 'whsec_simulator',
          store: createFolderStripeSessionStore(folder),
        }),
      });
    const post = (url: string) =>
      fetch(`${url}/v1/checkout/sessions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${SECRET_KEY}`, 'idempotency-key': 'restart-1', ...FORM },
        body: topUpBody(),
      }).then(async (response) => (await response.json()) as { id: string; status: string });
    const first = await start();
    const created = await post(first.url);
    first.controls.pay(created.id);
    await first.close();
    const second = await start();
    try {
      expect(second.controls.findSession(created.id)).toMatchObject({ status: 'complete', paymentStatus: 'paid' });
      expect((await post(second.url)).id).toBe(created.id);
      expect(second.controls.listSessions()).toHaveLength(1);
    } finally {
      await second.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
