import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RunningStripeSimulator, startStripeSimulator } from './stripe-simulator.ts';

const SECRET_KEY = 'sk_test_simulator_invoices_0123';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe("the Stripe simulator's invoices over raw HTTP", () => {
  let sim: RunningStripeSimulator;
  const api = (path: string, body?: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${sim.url}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${SECRET_KEY}`, ...FORM, ...headers },
      ...(body ? { body: new URLSearchParams(body).toString() } : {}),
    });
  const json = async (response: Promise<Response>) => (await (await response).json()) as Record<string, unknown>;

  async function openInvoice() {
    const customer = await json(api('/v1/customers', { email: 'a@example.com', 'metadata[accountId]': 'acc_1' }));
    const invoice = await json(
      api('/v1/invoices', {
        customer: customer.id as string,
        currency: 'eur',
        collection_method: 'send_invoice',
        days_until_due: '10',
        'metadata[paymentId]': 'pay_1',
      }),
    );
    await api('/v1/invoiceitems', {
      customer: customer.id as string,
      invoice: invoice.id as string,
      amount: '29900',
      currency: 'eur',
      description: 'Price plan SMALL, 1 year',
    });
    return json(api(`/v1/invoices/${invoice.id}/finalize`, {}));
  }

  beforeAll(async () => {
    sim = await startStripeSimulator({ secretKey: SECRET_KEY, webhookSecret: 'whsec_simulator' });
  });
  afterEach(() => sim.controls.reset());
  afterAll(() => sim.close());

  it('finds a customer by a metadata search and refuses a query it cannot read', async () => {
    await api('/v1/customers', { email: 'a@example.com', 'metadata[accountId]': 'acc_1' });
    const found = await json(api(`/v1/customers/search?query=${encodeURIComponent("metadata['accountId']:'acc_1'")}`));
    expect(found).toMatchObject({ object: 'search_result', data: [{ object: 'customer', email: 'a@example.com' }] });
    const none = await json(api(`/v1/customers/search?query=${encodeURIComponent("metadata['accountId']:'acc_2'")}`));
    expect(none.data).toEqual([]);
    const bad = await api(`/v1/customers/search?query=${encodeURIComponent('name~"x"')}`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { type: 'invalid_request_error', param: 'query' } });
  });

  it("answers a missing or unknown parameter in Stripe's error shape", async () => {
    const missing = await api('/v1/invoices', { currency: 'eur', collection_method: 'send_invoice' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      error: {
        type: 'invalid_request_error',
        message: 'Missing required param: customer.',
        code: 'parameter_missing',
        param: 'customer',
      },
    });
    const unknown = await api('/v1/invoices/in_nothere');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'resource_missing', param: 'id' } });
  });

  it('finalizes to an open invoice with its total, due date and hosted page, and refuses items after that', async () => {
    const invoice = await openInvoice();
    expect(invoice).toMatchObject({
      object: 'invoice',
      status: 'open',
      total: 29900,
      amount_due: 29900,
      amount_paid: 0,
      collection_method: 'send_invoice',
      metadata: { paymentId: 'pay_1' },
      hosted_invoice_url: `${sim.url}/invoice/${invoice.id}`,
    });
    expect(invoice.due_date).toBe((invoice.status_transitions as { finalized_at: number }).finalized_at + 864_000);
    const late = await api('/v1/invoiceitems', {
      customer: invoice.customer as string,
      invoice: invoice.id as string,
      amount: '1',
      description: 'late',
    });
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ error: { code: 'invoice_not_editable' } });
  });

  it('replays a create with the same key and refuses the key with other parameters', async () => {
    const body = { email: 'b@example.com' };
    const first = await json(api('/v1/customers', body, { 'idempotency-key': 'k1' }));
    const again = await api('/v1/customers', body, { 'idempotency-key': 'k1' });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(((await again.json()) as { id: string }).id).toBe(first.id);
    const other = await api('/v1/customers', { email: 'c@example.com' }, { 'idempotency-key': 'k1' });
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ error: { type: 'idempotency_error' } });
  });

  it('pays through the controls, emits invoice.paid, and refuses paying twice', async () => {
    const invoice = await openInvoice();
    const paid = await fetch(`${sim.url}/control/invoices/${invoice.id}/pay`, { method: 'POST' });
    expect(await paid.json()).toMatchObject({ status: 'paid', amount_paid: 29900 });
    expect(sim.controls.events.map((event) => event.type)).toEqual(['invoice.finalized', 'invoice.paid']);
    const twice = await fetch(`${sim.url}/control/invoices/${invoice.id}/pay`, { method: 'POST' });
    expect(twice.status).toBe(400);
    const page = await fetch(`${sim.url}/invoice/${invoice.id}`);
    expect(await page.text()).toContain('This invoice is paid');
  });
});
