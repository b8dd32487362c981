import { roles } from '@signlink/contracts/auth/roles';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { injectWithToken, signInSeededUser } from '../../../test/sign-in.ts';
import { accounts, balanceEntries } from '../../db/schema/accounts.ts';
import { paymentEvents, payments, receipts } from '../../db/schema/payments.ts';
import { stripeWebhookPath } from '../payments/start-payments.ts';

/**
 * The app listening on loopback so the Stripe simulator's webhooks reach our real route, a signed-in administrator
 * of a Swedish company account, and the simulator's controls (pay, pend, settle, expire, replay, forge).
 */
export async function topUpKit(testApp: TestApp) {
  const origin = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const simulator = testApp.payments.simulator;
  if (!simulator) throw new Error('simulators are on in tests');
  const { controls } = simulator;
  controls.webhooks.useUrl(`${origin}${stripeWebhookPath}`);
  const { db } = testApp.database;

  const signIn = (options: Parameters<typeof signInSeededUser>[1] = {}) =>
    signInSeededUser(testApp, { role: roles.administrator, ...options });

  async function startTopUp(token: string, body: object) {
    const reply = await injectWithToken(testApp, token, 'POST', '/v2/linktinker/app/balance/payments', body);
    expect(reply.statusCode, reply.body).toBe(201);
    return reply.json() as { PaymentId: string; SessionId: string; Url: string };
  }

  const poll = (token: string, id: string) =>
    injectWithToken(testApp, token, 'GET', `/v2/linktinker/app/sessions/${encodeURIComponent(id)}`);

  async function stateOf(accountId: string, paymentId: string) {
    const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
    const entries = await db.select().from(balanceEntries).where(eq(balanceEntries.accountId, accountId));
    const receiptRows = await db.select().from(receipts).where(eq(receipts.paymentId, paymentId));
    const events = await db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId));
    return {
      balance: account?.balanceMinor,
      status: payment?.status,
      // This payment's credits: creditTopUp names the payment in the ledger line.
      credits: entries
        .filter((entry) => entry.kind === 'top-up' && entry.note === `payment ${paymentId}`)
        .map((entry) => entry.amountMinor),
      receipts: receiptRows.length,
      events: events.map((event) => event.type),
    };
  }

  /** Every webhook sent so far has had its first answer; `idle` also waits for retries. */
  const delivered = () => controls.webhooks.sent();

  return { origin, controls, signIn, startTopUp, poll, stateOf, delivered };
}
