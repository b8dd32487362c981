import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SimAccountLink } from './stripe-connect-account.ts';
import { createFolderStripeSessionStore } from './stripe-session-store.ts';
import { type RunningStripeSimulator, startStripeSimulator } from './stripe-simulator.ts';
import { StripeSimulatorControls } from './stripe-simulator-controls.ts';

const SECRET_KEY = 'sk_test_connect_simulator_0123';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const PAGES = 'http://localhost:3000/sim/stripe';
const RETURN_URL = 'https://signlink.test/#/settings/getpaid?connected=1';
const REFRESH_URL = 'https://signlink.test/#/settings/getpaid?refresh=1';

const sessionBody = (overrides: Record<string, string> = {}) =>
  new URLSearchParams({
    mode: 'payment',
    'line_items[0][price_data][currency]': 'sek',
    'line_items[0][price_data][unit_amount]': '100000',
    'line_items[0][price_data][product_data][name]': 'Consulting',
    'line_items[0][quantity]': '1',
    client_reference_id: 'pay_1',
    success_url: 'https://signlink.test/#/s/link_1?session={CHECKOUT_SESSION_ID}',
    ...overrides,
  }).toString();

type Json = Record<string, unknown> & { id: string; error?: { type: string; code?: string; param?: string } };

function startOn(store?: ReturnType<typeof createFolderStripeSessionStore>) {
  return startStripeSimulator({
    secretKey: SECRET_KEY,
    checkoutBaseUrl: () => PAGES,
    controls: new StripeSimulatorControls({
      webhookSecret: 'whsec_platform',
      connectWebhookSecret: 'whsec_connect',
      ...(store ? { store } : {}),
    }),
  });
}

describe('the Stripe simulator as Stripe Connect, over raw HTTP', () => {
  let sim: RunningStripeSimulator;
  const call = async (method: string, path: string, body?: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${sim.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${SECRET_KEY}`, ...FORM, ...headers },
      ...(body === undefined ? {} : { body }),
    });
    return { status: response.status, json: (await response.json()) as Json };
  };
  const createAccount = async (fields: Record<string, string> = {}) =>
    (await call('POST', '/v1/accounts', new URLSearchParams({ type: 'standard', ...fields }).toString())).json;
  const createLink = async (account: string) =>
    (
      await call(
        'POST',
        '/v1/account_links',
        new URLSearchParams({
          account,
          type: 'account_onboarding',
          return_url: RETURN_URL,
          refresh_url: REFRESH_URL,
        }).toString(),
      )
    ).json as Json & { url: string };
  /** The page is served here; the link names the public base our server mounts it under. */
  const onSim = (url: string) => url.replace(PAGES, sim.url);
  const post = (url: string) => fetch(url, { method: 'POST', headers: FORM, body: '', redirect: 'manual' });
  const onboarded = async () => {
    const account = await createAccount();
    sim.controls.connect.completeOnboarding(account.id);
    return account;
  };

  beforeAll(async () => {
    sim = await startOn();
  });
  afterEach(() => sim.controls.reset());
  afterAll(() => sim.close());

  it('makes a Stripe-shaped standard account, and refuses other types', async () => {
    const account = await createAccount({ country: 'se', email: 'owner@example.com', 'metadata[accountId]': 'acc_1' });
    expect(account).toMatchObject({
      id: expect.stringMatching(/^acct_/),
      object: 'account',
      type: 'standard',
      country: 'SE',
      default_currency: 'sek',
      email: 'owner@example.com',
      charges_enabled: false,
      details_submitted: false,
      payouts_enabled: false,
      metadata: { accountId: 'acc_1' },
    });
    expect((await call('GET', `/v1/accounts/${account.id}`)).json).toEqual(account);
    const express = await call('POST', '/v1/accounts', 'type=express');
    expect(express.status).toBe(400);
    expect(express.json.error).toMatchObject({ type: 'invalid_request_error', param: 'type' });
  });

  it("answers an account it does not know with Stripe's 403, on any endpoint", async () => {
    const retrieved = await call('GET', '/v1/accounts/acct_unknown1');
    expect(retrieved.status).toBe(403);
    expect(retrieved.json.error).toMatchObject({ type: 'invalid_request_error', code: 'account_invalid' });
    const onUnknown = await call('POST', '/v1/checkout/sessions', sessionBody(), { 'stripe-account': 'acct_unknown1' });
    expect(onUnknown.status).toBe(403);
    expect(sim.controls.listSessions()).toEqual([]);
  });

  it('makes a one-time onboarding link to the page under the public base', async () => {
    const account = await createAccount();
    const link = await createLink(account.id);
    expect(link).toEqual({
      object: 'account_link',
      url: expect.stringMatching(new RegExp(`^${PAGES}/connect/onboarding/acctlink_[A-Za-z0-9]+$`)),
      created: expect.any(Number),
      expires_at: (link.created as number) + 300,
    });
    const wrongType = await call('POST', '/v1/account_links', `account=${account.id}&type=account_update`);
    expect(wrongType.status).toBe(400);
    const noReturn = await call(
      'POST',
      '/v1/account_links',
      `account=${account.id}&type=account_onboarding&refresh_url=${encodeURIComponent(REFRESH_URL)}`,
    );
    expect(noReturn.json.error).toMatchObject({ code: 'parameter_missing', param: 'return_url' });
  });

  it('shows an accessible onboarding page; leaving changes nothing, submitting connects once', async () => {
    const account = await createAccount({ email: 'o<wner>@example.com' });
    const link = await createLink(account.id);
    const page = await fetch(onSim(link.url));
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('name="viewport" content="width=device-width,initial-scale=1"');
    expect(html).toContain('<h1>Connect your Stripe account</h1>');
    expect(html).toContain(account.id);
    expect(html).toContain('o&lt;wner&gt;@example.com');
    expect(html).not.toContain('<script');
    const linkId = link.url.split('/').at(-1);
    expect(html).toContain(
      `<form method="post" action="/connect/onboarding/${linkId}/submit"><button type="submit">Submit and connect</button></form>`,
    );
    expect(html).toContain(`<a class="button" href="${RETURN_URL}">Leave for now</a>`);
    expect(sim.controls.connect.findAccount(account.id).chargesEnabled).toBe(false);

    const submitted = await post(`${sim.url}/connect/onboarding/${linkId}/submit`);
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get('location')).toBe(RETURN_URL);
    expect((await call('GET', `/v1/accounts/${account.id}`)).json).toMatchObject({
      charges_enabled: true,
      details_submitted: true,
    });
    const [event] = sim.controls.events;
    expect(event).toMatchObject({ type: 'account.updated', account: account.id, data: { object: { id: account.id } } });

    // Used: the page and its form send the owner to refresh_url, to ask for a new link.
    for (const again of [
      await fetch(onSim(link.url), { redirect: 'manual' }),
      await post(`${sim.url}/connect/onboarding/${linkId}/submit`),
    ]) {
      expect(again.status).toBe(303);
      expect(again.headers.get('location')).toBe(REFRESH_URL);
    }
    expect(sim.controls.events).toHaveLength(1);
    expect((await fetch(`${sim.url}/connect/onboarding/acctlink_unknown`)).status).toBe(404);
  });

  it('sends an expired link to refresh_url', async () => {
    const account = await createAccount();
    const link = await createLink(account.id);
    const linkId = link.url.split('/').at(-1) ?? '';
    const kept = sim.controls.store.getRecord<SimAccountLink>('account_links', linkId);
    sim.controls.store.saveRecord('account_links', { ...kept, expiresAt: (kept?.created ?? 0) - 1 } as SimAccountLink);
    const expired = await fetch(onSim(link.url), { redirect: 'manual' });
    expect(expired.headers.get('location')).toBe(REFRESH_URL);
    expect(sim.controls.connect.findAccount(account.id).chargesEnabled).toBe(false);
  });

  it('binds a session to its connected account: its header, its events, its PaymentIntent', async () => {
    const pending = await createAccount();
    const refused = await call('POST', '/v1/checkout/sessions', sessionBody(), { 'stripe-account': pending.id });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({ type: 'invalid_request_error', code: 'capability_not_active' });

    const account = await onboarded();
    const onAccount = { 'stripe-account': account.id };
    const created = await call('POST', '/v1/checkout/sessions', sessionBody(), onAccount);
    expect(created.json).toMatchObject({ object: 'checkout.session', payment_intent: null });
    const missing = await call('GET', `/v1/checkout/sessions/${created.json.id}`);
    expect(missing.status).toBe(404);
    expect(missing.json.error).toMatchObject({ code: 'resource_missing' });
    expect((await call('POST', `/v1/checkout/sessions/${created.json.id}/expire`)).status).toBe(404);

    sim.controls.pay(created.json.id);
    const paid = (await call('GET', `/v1/checkout/sessions/${created.json.id}`, undefined, onAccount)).json;
    expect(paid.payment_intent).toMatch(/^pi_/);
    const completed = sim.controls.events.find((event) => event.type === 'checkout.session.completed');
    expect(completed).toMatchObject({ account: account.id, data: { object: { payment_intent: paid.payment_intent } } });
  });

  it('keeps idempotency keys per account', async () => {
    const first = await onboarded();
    const second = await onboarded();
    const create = (account: string) =>
      call('POST', '/v1/checkout/sessions', sessionBody(), { 'stripe-account': account, 'idempotency-key': 'k-1' });
    const a = (await create(first.id)).json;
    const b = (await create(second.id)).json;
    expect(a.id).not.toBe(b.id);
    expect((await create(first.id)).json.id).toBe(a.id);
  });

  it('refunds in full only, and lists refunds in the controls', async () => {
    const account = await onboarded();
    const onAccount = { 'stripe-account': account.id };
    const created = (await call('POST', '/v1/checkout/sessions', sessionBody(), onAccount)).json;
    const paymentIntent = sim.controls.pay(created.id).paymentIntent ?? '';
    const partial = await call('POST', '/v1/refunds', `payment_intent=${paymentIntent}&amount=100`, onAccount);
    expect(partial.json.error).toMatchObject({ param: 'amount' });
    const refund = await call('POST', '/v1/refunds', `payment_intent=${paymentIntent}&metadata[why]=w`, onAccount);
    expect(refund.json).toEqual({
      id: expect.stringMatching(/^re_/),
      object: 'refund',
      amount: 100_000,
      charge: null,
      created: expect.any(Number),
      currency: 'sek',
      metadata: { why: 'w' },
      payment_intent: paymentIntent,
      reason: null,
      status: 'succeeded',
    });
    const again = await call('POST', '/v1/refunds', `payment_intent=${paymentIntent}`, onAccount);
    expect(again.status).toBe(400);
    expect(again.json.error).toMatchObject({ code: 'charge_already_refunded' });
    const listed = (await (await fetch(`${sim.url}/control/refunds`)).json()) as { data: unknown[] };
    expect(listed.data).toEqual([{ ...refund.json, account: account.id }]);
  });

  it('onboards through the JSON controls, which answer once the webhook went out', async () => {
    const account = await createAccount();
    const response = await fetch(`${sim.url}/control/accounts/${account.id}/onboard`, { method: 'POST' });
    expect(await response.json()).toMatchObject({ id: account.id, charges_enabled: true });
    const listed = (await (await fetch(`${sim.url}/control/accounts`)).json()) as { data: Json[] };
    expect(listed.data.map((a) => [a.id, a.charges_enabled])).toEqual([[account.id, true]]);
    expect(sim.controls.events.map((event) => [event.type, event.account])).toEqual([['account.updated', account.id]]);
    expect((await fetch(`${sim.url}/control/accounts/acct_unknown1/onboard`, { method: 'POST' })).status).toBe(403);
  });
});

describe('Stripe Connect on a folder store', () => {
  it('knows accounts, links and refunds after a restart', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'stripe-connect-'));
    const first = await startOn(createFolderStripeSessionStore(folder));
    const account = first.controls.connect.createAccount({ country: 'SE', email: null, metadata: {} });
    const link = first.controls.connect.createAccountLink({
      account: account.id,
      returnUrl: RETURN_URL,
      refreshUrl: REFRESH_URL,
      pageBase: PAGES,
    });
    first.controls.connect.completeOnboarding(account.id);
    const created = (await fetch(`${first.url}/v1/checkout/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET_KEY}`, 'stripe-account': account.id, ...FORM },
      body: sessionBody(),
    }).then((response) => response.json())) as Json;
    const paymentIntent = first.controls.pay(created.id).paymentIntent ?? '';
    const refund = { account: account.id, paymentIntent, metadata: {} };
    first.controls.connect.createRefund(refund);
    await first.close();
    const second = await startOn(createFolderStripeSessionStore(folder));
    try {
      expect(second.controls.connect.findAccount(account.id)).toMatchObject({ chargesEnabled: true });
      expect(second.controls.connect.findAccountLink(link.id)).toMatchObject({ isUsable: true });
      expect(second.controls.connect.listRefunds()).toMatchObject([{ paymentIntent, amount: 100_000 }]);
      expect(() => second.controls.connect.createRefund(refund)).toThrow('already been refunded');
    } finally {
      await second.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
