import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { injectWithToken } from '../../../test/sign-in.ts';
import { refundSignPayPayment } from './refund-sign-pay.ts';
import { signPayKit } from './sign-pay.test-helpers.ts';

let testApp: TestApp;
let kit: Awaited<ReturnType<typeof signPayKit>>;
let owner: Awaited<ReturnType<typeof kit.connectedOwner>>;
let productId: string;

beforeAll(async () => {
  testApp = await buildTestApp({ env: { PUBLIC_URL: 'http://localhost:0' } });
  kit = await signPayKit(testApp);
  owner = await kit.connectedOwner();
  productId = (await kit.createProduct(owner.token)).Id;
}, 60_000);
afterAll(() => testApp?.close());

describe('paying a signed document through the Stripe simulator (issue 25, part 3)', () => {
  it('charges the product on the owner’s connected account, then marks the party paid with its paid event', async () => {
    const doc = await kit.signedDocument(owner, productId);
    const listed = (
      await kit.call(undefined, 'GET', `links/${doc.payerLink}/getpaid/payments?requestToken=${doc.payerToken}`)
    ).json();
    expect(listed).toMatchObject({ AllSigned: true, AllPaid: false });
    expect(listed.Payments).toEqual([
      expect.objectContaining({
        SignatureIndex: 1,
        Label: 'Deposit',
        Total: 1_250_00,
        Vat: 250_00,
        Net: 1_000_00,
        VatPercent: 25,
        Currency: 'SEK',
        Status: 'unpaid',
        CanPay: true,
      }),
    ]);
    const started = await kit.startPaying(doc.payerLink, doc.payerToken);
    const session = kit.controls.findSession(started.sessionId);
    expect(session.amountTotal).toBe(1_250_00);
    expect(session.lines.map((line) => [line.name, line.unitAmount])).toEqual([
      ['Deposit', 1_000_00],
      ['VAT 25%', 250_00],
    ]);
    expect(session.successUrl).toBe(
      `${kit.returnUrlOf(doc.payerLink)}&signPayPayment=${started.GetPaidPaymentId}&signPayReturn=success`,
    );
    expect((await kit.status(doc.payerLink, doc.payerToken, started.GetPaidPaymentId)).json()).toMatchObject({
      Outcome: 'open',
    });

    kit.controls.pay(started.sessionId);
    await kit.delivered();
    const after = await kit.stateOf(doc.documentId);
    expect(after).toMatchObject({ payments: ['paid'], paidParties: [1] });
    expect(after.paidEvents).toHaveLength(1);
    const { rows } = await testApp.database.executeSql(
      `SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'sign-pay.seal-payment-record' AND data->>'signPayPaymentId' = $1`,
      [started.GetPaidPaymentId],
    );
    expect((rows[0] as { count: number }).count).toBe(1);
    expect(after.paidEvents[0]?.data).toMatchObject({
      amountMinor: 1_250_00,
      vatMinor: 250_00,
      vatPercent: 25,
      currency: 'SEK',
      provider: 'stripe',
      providerPaymentId: expect.stringMatching(/^pi_/),
    });
    expect((await kit.status(doc.payerLink, doc.payerToken, started.GetPaidPaymentId)).json()).toEqual({
      Outcome: 'success',
      Status: 'paid',
      AllPaid: true,
    });
    const details = (
      await kit.call(undefined, 'POST', `links/${doc.payerLink}/payment/details`, {
        RequestToken: doc.otherToken.length > 0 ? doc.payerToken : '',
        GetPaidPaymentId: started.GetPaidPaymentId,
      })
    ).json();
    expect(details).toMatchObject({
      Total: 1_250_00,
      Vat: 250_00,
      ProviderPaymentId: expect.stringMatching(/^pi_/),
      ReceiptEmail: 'ola@example.com',
    });
    const overview = (
      await injectWithToken(testApp, owner.token, 'GET', `/v2/linktinker/errands/${doc.documentId}`)
    ).json();
    expect(overview.Status).toBe('signed-and-paid');
    // Paying again is refused, nothing charged twice.
    expect((await kit.pay(doc.payerLink, doc.payerToken)).json().code).toBe('PAYMENT_ALREADY_MADE');
    // The receipt went to the payer, once.
    expect(await kit.paymentMessagesOf(doc.documentId)).toEqual([
      { to: 'ola@example.com', outcome: 'paid', amount: '1 250.00 SEK' },
    ]);
  });

  it('applies a replayed webhook once', async () => {
    const doc = await kit.signedDocument(owner, productId);
    const started = await kit.startPaying(doc.payerLink, doc.payerToken);
    kit.controls.pay(started.sessionId);
    await kit.delivered();
    const completed = kit.controls.events.find((event) => event.data.object.id === started.sessionId);
    if (!completed) throw new Error('no event');
    await kit.controls.resend(completed.id);
    await kit.controls.resend(completed.id);
    const after = await kit.stateOf(doc.documentId);
    expect(after.payments).toEqual(['paid']);
    expect(after.paidEvents).toHaveLength(1);
  });

  it('fails a bank debit, then succeeds on a second checkout', async () => {
    const doc = await kit.signedDocument(owner, productId);
    const first = await kit.startPaying(doc.payerLink, doc.payerToken);
    kit.controls.pend(first.sessionId);
    await kit.delivered();
    expect((await kit.status(doc.payerLink, doc.payerToken, first.GetPaidPaymentId)).json().Outcome).toBe('pending');
    // While a debit settles, another checkout is refused: it could charge twice.
    expect((await kit.pay(doc.payerLink, doc.payerToken)).json().code).toBe('PAYMENT_PENDING');
    kit.controls.settle(first.sessionId, 'failed');
    await kit.delivered();
    expect((await kit.status(doc.payerLink, doc.payerToken, first.GetPaidPaymentId)).json().Outcome).toBe('failed');
    // The page said a pending payer would be e-mailed: the failure is.
    expect((await kit.paymentMessagesOf(doc.documentId)).map((message) => message.outcome)).toEqual(['failed']);
    const second = await kit.startPaying(doc.payerLink, doc.payerToken);
    kit.controls.pay(second.sessionId);
    // No webhook needed: the payer's poll asks Stripe.
    expect((await kit.status(doc.payerLink, doc.payerToken, second.GetPaidPaymentId)).json().Outcome).toBe('success');
    await kit.delivered();
    expect(await kit.stateOf(doc.documentId)).toMatchObject({ payments: ['failed', 'paid'], paidParties: [1] });
  });

  it('settles a pending bank debit by webhook', async () => {
    const doc = await kit.signedDocument(owner, productId);
    const started = await kit.startPaying(doc.payerLink, doc.payerToken);
    kit.controls.pend(started.sessionId);
    await kit.delivered();
    expect((await kit.stateOf(doc.documentId)).payments).toEqual(['pending']);
    kit.controls.settle(started.sessionId, 'succeeded');
    await kit.delivered();
    expect(await kit.stateOf(doc.documentId)).toMatchObject({ payments: ['paid'], paidParties: [1] });
  });

  it('cancels a checkout left through its cancel link, and the slot can be paid again', async () => {
    const doc = await kit.signedDocument(owner, productId);
    const started = await kit.startPaying(doc.payerLink, doc.payerToken);
    kit.controls.cancel(started.sessionId);
    const cancelled = await kit.status(doc.payerLink, doc.payerToken, started.GetPaidPaymentId, 'cancel');
    expect(cancelled.json()).toMatchObject({ Outcome: 'cancelled', Status: 'cancelled' });
    expect(kit.controls.findSession(started.sessionId).status).toBe('expired');
    const again = await kit.startPaying(doc.payerLink, doc.payerToken);
    expect(again.GetPaidPaymentId).not.toBe(started.GetPaidPaymentId);
  });

  it('ends an earlier open checkout when the payer starts another, so one slot is never payable twice', async () => {
    const doc = await kit.signedDocument(owner, productId);
    const first = await kit.startPaying(doc.payerLink, doc.payerToken);
    await kit.startPaying(doc.payerLink, doc.payerToken);
    expect(kit.controls.findSession(first.sessionId).status).toBe('expired');
    expect((await kit.stateOf(doc.documentId)).payments).toEqual(['cancelled', 'open']);
  });

  it('refunds a payment that succeeds after the document was withdrawn, and records it', async () => {
    const doc = await kit.signedDocument(owner, productId);
    const started = await kit.startPaying(doc.payerLink, doc.payerToken);
    const withdrawn = await injectWithToken(
      testApp,
      owner.token,
      'PUT',
      `/v2/linktinker/errands/${doc.documentId}/disable`,
      {},
    );
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    kit.controls.pay(started.sessionId);
    await kit.delivered();
    expect(await kit.stateOf(doc.documentId)).toMatchObject({ payments: ['paid'], paidParties: [] });
    const deps = { db: testApp.database.db, provider: testApp.payments.provider };
    expect(await refundSignPayPayment(deps, started.GetPaidPaymentId)).toBe('refunded');
    expect(await refundSignPayPayment(deps, started.GetPaidPaymentId)).toBe('nothing-to-refund');
    const after = await kit.stateOf(doc.documentId);
    expect(after.payments).toEqual(['refunded']);
    expect(after.refundEvents).toHaveLength(1);
    expect(after.refundEvents[0]?.data).toMatchObject({
      amountMinor: 1_250_00,
      providerRefundId: expect.stringMatching(/^re_/),
    });
  });
});

describe('the sender’s side of a payment still to come (issue 25, part 5)', () => {
  it('counts it as awaiting payment and reminds the unpaid party only', async () => {
    const doc = await kit.signedDocument(owner, productId);
    const overview = (
      await injectWithToken(testApp, owner.token, 'GET', `/v2/linktinker/errands/${doc.documentId}`)
    ).json();
    expect(overview.Status).toBe('awaiting-payment');
    expect(overview.Parties.map((party: { Paid: boolean; GetPaid: boolean }) => [party.GetPaid, party.Paid])).toEqual([
      [false, false],
      [true, false],
    ]);
    const counts = (await injectWithToken(testApp, owner.token, 'GET', '/v2/linktinker/errands/count')).json();
    expect(counts.AwaitingPayment).toBeGreaterThanOrEqual(1);
    const reminded = await injectWithToken(
      testApp,
      owner.token,
      'POST',
      `/v2/linktinker/errands/${doc.documentId}/sendreminders`,
      {},
    );
    expect(reminded.statusCode, reminded.body).toBe(200);
    const events = await testApp.database.executeSql(
      `SELECT data->>'partyId' AS party FROM document_events WHERE document_id = $1 AND type = 'reminder'`,
      [doc.documentId],
    );
    expect(events.rows.map((row) => (row as { party: string }).party)).toEqual([doc.parties[1]?.id]);
  });
});

describe('refusals (issue 25, bad input): each with its code, nothing charged', () => {
  it('refuses paying before every party signed', async () => {
    const doc = await kit.signedDocument(owner, productId, { state: 'active', first: { signedAt: null } });
    expect((await kit.pay(doc.payerLink, doc.payerToken)).json().code).toBe('DOCUMENT_NOT_SIGNED');
    expect((await kit.stateOf(doc.documentId)).payments).toEqual([]);
  });

  it('refuses another party’s slot, unaccepted terms and a forged return address', async () => {
    const doc = await kit.signedDocument(owner, productId);
    expect((await kit.pay(doc.otherLink, doc.otherToken)).json().code).toBe('FORBIDDEN');
    expect((await kit.pay(doc.payerLink, doc.payerToken, { AcceptTerms: false })).json().code).toBe(
      'PAYMENT_TERMS_NOT_ACCEPTED',
    );
    for (const ReturnUrl of [
      `https://evil.example/#/?link=${doc.payerLink}`,
      `${kit.appOrigin}/#/?link=${doc.otherLink}`,
      `${kit.appOrigin}/#/settings?link=${doc.payerLink}`,
      'javascript:alert(1)',
    ]) {
      const reply = await kit.pay(doc.payerLink, doc.payerToken, { ReturnUrl });
      expect([ReturnUrl, reply.json().code]).toEqual([ReturnUrl, 'INVALID_URL']);
    }
    expect((await kit.stateOf(doc.documentId)).payments).toEqual([]);
  });

  it('asks for a verified e-mail address when the document says so', async () => {
    const doc = await kit.signedDocument(owner, productId, {
      settings: { requireEmailVerificationForSignAndPay: true },
    });
    expect((await kit.pay(doc.payerLink, doc.payerToken)).json().code).toBe('PAYMENT_EMAIL_NOT_VERIFIED');
    expect((await kit.pay(doc.payerLink, doc.payerToken, { EmailClientAccessKey: 'a'.repeat(32) })).json().code).toBe(
      'PAYMENT_EMAIL_NOT_VERIFIED',
    );
  });

  it('answers a payment of another document as not found', async () => {
    const doc = await kit.signedDocument(owner, productId);
    const other = await kit.signedDocument(owner, productId);
    const started = await kit.startPaying(other.payerLink, other.payerToken);
    expect((await kit.status(doc.payerLink, doc.payerToken, started.GetPaidPaymentId)).json().code).toBe('NOT_FOUND');
  });
});
