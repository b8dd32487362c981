import { roles } from '@signlink/contracts/auth/roles';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { type SeedPartyOptions, seedDocument } from '../../../test/seed-document.ts';
import { injectWithToken, signInSeededUser } from '../../../test/sign-in.ts';
import { documentEvents } from '../../db/schema/document-events.ts';
import { documentParties } from '../../db/schema/documents.ts';
import { messages } from '../../db/schema/messages.ts';
import { signPayPayments } from '../../db/schema/sign-pay.ts';
import { requestTokenFor } from '../links/link-signing.test-helpers.ts';
import { stripeWebhookPath } from '../payments/start-payments.ts';

/**
 * Sign & Pay against the real app listening on loopback (the Stripe simulator's webhooks reach our route): an
 * administrator whose account has a connected Stripe account and a product, and documents whose parties pay it.
 */
export async function signPayKit(testApp: TestApp) {
  const origin = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const simulator = testApp.payments.simulator;
  if (!simulator) throw new Error('simulators are on in tests');
  const { controls } = simulator;
  controls.webhooks.useUrl(`${origin}${stripeWebhookPath}`);
  const { db } = testApp.database;
  const appOrigin = testApp.context.messaging.publicUrls.forBrand('signlink');

  const call = async (token: string | undefined, method: 'GET' | 'POST', path: string, body?: object) =>
    injectWithToken(testApp, token, method, `/v2/linktinker/${path}`, body);

  /** An administrator of a Swedish company whose Stripe account is connected (onboarded in the simulator). */
  async function connectedOwner() {
    const admin = await signInSeededUser(testApp, { role: roles.administrator });
    const started = await call(admin.token, 'POST', 'app/getpaid/account/onboarding', {});
    expect(started.statusCode, started.body).toBe(200);
    const pending = (await call(admin.token, 'GET', 'app/getpaid/account')).json();
    controls.connect.completeOnboarding(pending.ConnectedAccountId);
    const connected = (await call(admin.token, 'GET', 'app/getpaid/account')).json();
    expect(connected.Status).toBe('connected');
    return { ...admin, connectedAccountId: connected.ConnectedAccountId as string };
  }

  async function createProduct(token: string, body: object = {}) {
    const reply = await call(token, 'POST', 'app/getpaid/paymentlinks', {
      Name: 'Deposit',
      TaxCode: 'se-vat-25',
      Price: 1_250_00,
      TaxBehavior: 'inclusive',
      ...body,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    return reply.json() as { Id: string; Total: number; Vat: number; Net: number };
  }

  /** A document signed by its two parties, sealed, whose second party pays `productId`. */
  async function signedDocument(
    owner: { userId: string; accountId: string },
    productId: string,
    options: { state?: 'active' | 'completed'; first?: SeedPartyOptions; settings?: object } = {},
  ) {
    const at = new Date(Date.now() - 60_000);
    const seeded = await seedDocument(db, {
      owner,
      state: options.state ?? 'completed',
      settings: { allowDownloading: true, ...options.settings },
      parties: [
        { name: 'Ann Landlord', signedAt: at, ...options.first },
        {
          name: 'Ola Tenant',
          email: 'ola@example.com',
          signedAt: at,
          getPaid: true,
          paidAt: null,
          paymentProductId: productId,
        },
      ],
    });
    const [first, payer] = seeded.parties;
    if (!first || !payer) throw new Error('two parties were seeded');
    return {
      ...seeded,
      payerLink: payer.linkCode,
      otherLink: first.linkCode,
      payerToken: await requestTokenFor(testApp, payer.linkCode),
      otherToken: await requestTokenFor(testApp, first.linkCode),
    };
  }

  const returnUrlOf = (linkCode: string) => `${appOrigin}/#/?link=${linkCode}`;

  async function pay(linkCode: string, token: string, body: object = {}) {
    return call(undefined, 'POST', `links/${linkCode}/sign/pay`, {
      RequestToken: token,
      SignatureIndex: 1,
      AcceptTerms: true,
      ReturnUrl: returnUrlOf(linkCode),
      ...body,
    });
  }

  async function startPaying(linkCode: string, token: string) {
    const reply = await pay(linkCode, token);
    expect(reply.statusCode, reply.body).toBe(200);
    const started = reply.json() as { GetPaidPaymentId: string; CheckoutUrl: string };
    const sessionId = new URL(started.CheckoutUrl).pathname.split('/').at(-1) ?? '';
    return { ...started, sessionId };
  }

  const status = (linkCode: string, token: string, paymentId: string, returned?: 'success' | 'cancel') =>
    call(undefined, 'POST', `links/${linkCode}/sign/pay/status`, {
      RequestToken: token,
      GetPaidPaymentId: paymentId,
      ...(returned ? { Returned: returned } : {}),
    });

  async function stateOf(documentId: string) {
    const payments = await db.select().from(signPayPayments).where(eq(signPayPayments.documentId, documentId));
    const parties = await db.select().from(documentParties).where(eq(documentParties.documentId, documentId));
    const events = await db.select().from(documentEvents).where(eq(documentEvents.documentId, documentId));
    return {
      payments: payments.map((payment) => payment.status).sort(),
      paidParties: parties.filter((party) => party.paidAt).map((party) => party.signatureIndex),
      paidEvents: events.filter((event) => event.type === 'paid'),
      refundEvents: events.filter((event) => event.type === 'payment-refunded'),
    };
  }

  /** The payer's e-mails about their payments (issue 25): to whom, which outcome, the amount as written. */
  async function paymentMessagesOf(documentId: string) {
    const rows = await db
      .select()
      .from(messages)
      .where(and(eq(messages.documentId, documentId), eq(messages.kind, 'sign-pay-payment')));
    return rows.map((row) => {
      const data = row.data as { outcome: string; amount: string };
      return { to: row.recipient, outcome: data.outcome, amount: data.amount };
    });
  }

  return {
    paymentMessagesOf,
    origin,
    appOrigin,
    controls,
    call,
    connectedOwner,
    createProduct,
    signedDocument,
    returnUrlOf,
    pay,
    startPaying,
    status,
    stateOf,
    delivered: () => controls.webhooks.sent(),
  };
}
