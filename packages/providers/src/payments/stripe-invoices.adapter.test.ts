import { type RunningStripeSimulator, startStripeSimulator } from '@signlink/simulators/stripe/stripe-simulator';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentsProvider } from './create-payments-provider.ts';
import { type CreateInvoiceInput, PaymentsError, type PaymentsProvider } from './payments.port.ts';
import { startWebhookReceiver, type WebhookReceiver } from './stripe-test-receiver.ts';

const SECRET_KEY = 'sk_test_invoices_0123456789';
const WEBHOOK_SECRET = 'whsec_invoices_0123456789';

let sequence = 0;
const renewal = (overrides: Partial<CreateInvoiceInput> = {}): CreateInvoiceInput => {
  sequence += 1;
  return {
    currency: 'SEK',
    lines: [
      { description: 'Plan MEDIUM, 1 year', amountMinor: 6_990_00 },
      { description: 'VAT 25%', amountMinor: 1_747_50 },
    ],
    paymentId: `pay_${sequence}`,
    accountId: `acc_${sequence}`,
    customerEmail: 'billing@example.com',
    customerName: 'Example AB',
    daysUntilDue: 10,
    metadata: { kind: 'price-plan' },
    idempotencyKey: `pay_${sequence}`,
    ...overrides,
  };
};

describe('Stripe invoices against the Stripe simulator, through the official SDK', () => {
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
  });
  afterAll(async () => {
    await sim.close();
    await receiver.close();
  });

  it('creates an open invoice with our lines, metadata and a hosted page, and retrieves it', async () => {
    const input = renewal();
    const invoice = await payments.createInvoice(input);
    expect(invoice).toMatchObject({
      status: 'open',
      currency: 'SEK',
      totalMinor: 8_737_50,
      amountPaidMinor: 0,
      paymentId: input.paymentId,
      metadata: { kind: 'price-plan', paymentId: input.paymentId, accountId: input.accountId },
    });
    expect(invoice.hostedInvoiceUrl).toBe(`${sim.url}/invoice/${invoice.id}`);
    // Ten days after finalizing, which is within a second of creating.
    expect((invoice.dueDate ?? 0) - invoice.createdAt - 10 * 86_400).toBeGreaterThanOrEqual(0);
    expect((invoice.dueDate ?? 0) - invoice.createdAt - 10 * 86_400).toBeLessThan(5);
    const [stored] = sim.controls.invoices.listInvoices();
    expect(stored).toMatchObject({ collectionMethod: 'send_invoice', customerEmail: 'billing@example.com' });
    expect(stored?.lines.map((line) => [line.description, line.amount])).toEqual([
      ['Plan MEDIUM, 1 year', 6_990_00],
      ['VAT 25%', 1_747_50],
    ]);
    expect(await payments.retrieveInvoice(invoice.id)).toEqual(invoice);
  });

  it('makes one invoice for one idempotency key, however often the create is repeated', async () => {
    const input = renewal();
    const first = await payments.createInvoice(input);
    const again = await payments.createInvoice(input);
    expect(again.id).toBe(first.id);
    expect(sim.controls.invoices.listInvoices()).toHaveLength(1);
    expect(sim.controls.invoices.listInvoices()[0]?.lines).toHaveLength(2);
  });

  it("reuses the account's Customer, found by our account id", async () => {
    await payments.createInvoice(renewal({ accountId: 'acc_same' }));
    await payments.createInvoice(renewal({ accountId: 'acc_same' }));
    await payments.createInvoice(renewal({ accountId: 'acc_other' }));
    const customers = new Set(sim.controls.invoices.listInvoices().map((invoice) => invoice.customer));
    expect(customers.size).toBe(2);
  });

  it('sends a signed invoice.paid when the invoice is paid on its page, which parseWebhook reads', async () => {
    const invoice = await payments.createInvoice(renewal());
    const page = await fetch(invoice.hostedInvoiceUrl ?? '');
    expect(await page.text()).toMatch(/Pay SEK\s8,737\.50/);
    const paid = await fetch(`${invoice.hostedInvoiceUrl}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    await sim.controls.idle();
    const events = receiver.received.map((webhook) => payments.parseWebhook(webhook));
    const paidEvent = events.find((event) => event.type === 'invoice.paid');
    expect(paidEvent?.invoice).toMatchObject({
      id: invoice.id,
      status: 'paid',
      amountPaidMinor: 8_737_50,
      paymentId: invoice.paymentId,
    });
    expect(paidEvent?.session).toBeNull();
    expect((await payments.retrieveInvoice(invoice.id)).status).toBe('paid');
  });

  it('sends invoice.payment_failed for a declined card and keeps the invoice open', async () => {
    const invoice = await payments.createInvoice(renewal());
    const declined = await fetch(`${invoice.hostedInvoiceUrl}/decline`, { method: 'POST' });
    expect(declined.status).toBe(402);
    await sim.controls.idle();
    const types = receiver.received.map((webhook) => payments.parseWebhook(webhook).type);
    expect(types).toContain('invoice.payment_failed');
    expect((await payments.retrieveInvoice(invoice.id)).status).toBe('open');
  });

  it("maps Stripe's refusals to PaymentsError", async () => {
    const missing = await payments.retrieveInvoice('in_nothere').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(missing).toBeInstanceOf(PaymentsError);
    expect(missing).toMatchObject({ isTransient: false, providerCode: 'resource_missing' });
  });
});
