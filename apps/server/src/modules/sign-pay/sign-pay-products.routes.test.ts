import { roles } from '@signlink/contracts/auth/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { sendKit } from '../documents/send-test-helpers.ts';
import { signPayKit } from './sign-pay.test-helpers.ts';
import { connectTestPayee } from './sign-pay-world.test-helpers.ts';

let testApp: TestApp;
let kit: Awaited<ReturnType<typeof signPayKit>>;
let send: ReturnType<typeof sendKit>;

beforeAll(async () => {
  testApp = await buildTestApp({ env: { PUBLIC_URL: 'http://localhost:0' } });
  kit = await signPayKit(testApp);
  send = sendKit(testApp);
}, 60_000);
afterAll(() => testApp?.close());

describe('Sign & Pay products (issue 25, parts 1 and 6)', () => {
  it('prices inclusive and exclusive products in the account’s currency, VAT from the tax code', async () => {
    const admin = await send.signInSender();
    const inclusive = await kit.createProduct(admin.token, { Price: 1_000_00, TaxBehavior: 'inclusive' });
    expect(inclusive).toMatchObject({
      Price: 1_000_00,
      Net: 800_00,
      Vat: 200_00,
      Total: 1_000_00,
      Currency: 'SEK',
      VatPercent: 25,
    });
    const exclusive = await kit.createProduct(admin.token, { Price: 1_000_00, TaxBehavior: 'exclusive' });
    expect(exclusive).toMatchObject({ Net: 1_000_00, Vat: 250_00, Total: 1_250_00 });
    const books = await kit.createProduct(admin.token, { Price: 106_00, TaxCode: 'se-vat-6' });
    expect(books).toMatchObject({ Net: 100_00, Vat: 6_00, Total: 106_00, VatPercent: 6 });
    const exempt = await kit.createProduct(admin.token, {
      Price: 99_99,
      TaxCode: 'vat-exempt',
      TaxBehavior: 'exclusive',
    });
    expect(exempt).toMatchObject({ Vat: 0, Total: 99_99 });
    const list = (await kit.call(admin.token, 'GET', 'app/getpaid/paymentlinks')).json();
    expect(list.PaymentLinks.map((product: { Id: string }) => product.Id).sort()).toEqual(
      [exempt.Id, books.Id, exclusive.Id, inclusive.Id].sort(),
    );
    expect(list).toMatchObject({ Currency: 'SEK', CanCreate: true });
    const details = await kit.call(admin.token, 'GET', `app/getpaid/paymentlinks/${books.Id}/details`);
    expect(details.json()).toMatchObject({ Id: books.Id, Name: 'Deposit', TaxCode: 'se-vat-6' });
  });

  it('refuses a client’s currency or total, prices out of range and unknown tax codes, writing nothing', async () => {
    const admin = await send.signInSender();
    for (const body of [
      { Price: 99 },
      { Price: 100_000_001 },
      { TaxCode: 'us-sales-tax' },
      { Price: 12.5 },
      { Name: '' },
    ]) {
      const reply = await kit.call(admin.token, 'POST', 'app/getpaid/paymentlinks', {
        Name: 'Deposit',
        TaxCode: 'se-vat-25',
        Price: 500_00,
        ...body,
      });
      expect([JSON.stringify(body), reply.statusCode, reply.json().code]).toEqual([
        JSON.stringify(body),
        400,
        'VALIDATION_FAILED',
      ]);
    }
    // The account's currency, whatever the client says.
    const euro = await kit.createProduct(admin.token, { Currency: 'EUR', Total: 1 });
    expect(euro).toMatchObject({ Currency: 'SEK', Total: 1_250_00 });
    expect((await kit.call(admin.token, 'GET', 'app/getpaid/paymentlinks')).json().PaymentLinks).toHaveLength(1);
  });

  it('remembers a tax code when asked, and read-only users cannot make products', async () => {
    const admin = await send.signInSender();
    expect((await kit.call(admin.token, 'GET', 'app/getpaid/defaulttaxcode')).json().TaxCode).toBe('se-vat-25');
    await kit.createProduct(admin.token, { TaxCode: 'se-vat-12', RememberTaxCode: true });
    const remembered = (await kit.call(admin.token, 'GET', 'app/getpaid/defaulttaxcode')).json();
    expect(remembered.TaxCode).toBe('se-vat-12');
    expect(remembered.TaxCodes).toContainEqual({ Code: 'se-vat-6', VatPercent: 6 });
    const reader = await send.signInSender({ role: roles.readOnly, accountId: admin.accountId });
    const refused = await kit.call(reader.token, 'POST', 'app/getpaid/paymentlinks', {
      Name: 'X',
      TaxCode: 'se-vat-25',
      Price: 500_00,
    });
    expect(refused.json().code).toBe('FORBIDDEN');
    expect((await kit.call(reader.token, 'GET', 'app/getpaid/paymentlinks')).json().CanCreate).toBe(false);
  });
});

describe('connecting the account’s Stripe account (issue 25, part 2)', () => {
  it('onboards through the simulator’s page and reads connected on return', async () => {
    const admin = await send.signInSender();
    expect((await kit.call(admin.token, 'GET', 'app/getpaid/account')).json()).toMatchObject({
      Status: 'not-connected',
      CanManage: true,
    });
    const started = (await kit.call(admin.token, 'POST', 'app/getpaid/account/onboarding', {})).json();
    const again = (await kit.call(admin.token, 'POST', 'app/getpaid/account/onboarding', {})).json();
    const pending = (await kit.call(admin.token, 'GET', 'app/getpaid/account')).json();
    expect(pending).toMatchObject({ Status: 'pending', ConnectedAccountId: expect.stringMatching(/^acct_/) });
    // Two clicks made one connected account.
    expect(kit.controls.connect.findAccount(pending.ConnectedAccountId).id).toBe(pending.ConnectedAccountId);
    expect(new URL(again.Url).pathname).toMatch(/\/connect\/onboarding\//);
    // The owner submits Stripe's page: it sends them back to our settings screen.
    // The simulator's page is served by our own server (its public URL names port 0 in tests).
    const pageUrl = new URL(new URL(started.Url).pathname, kit.origin).toString();
    const page = await fetch(pageUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(pending.ConnectedAccountId);
    const submitted = await fetch(`${pageUrl}/submit`, { method: 'POST', redirect: 'manual' });
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get('location')).toBe(`${kit.appOrigin}/#/settings/payments`);
    await kit.delivered();
    expect((await kit.call(admin.token, 'GET', 'app/getpaid/account')).json()).toMatchObject({
      Status: 'connected',
      ConnectedAt: expect.any(String),
    });
    const regular = await send.signInSender({ role: roles.regular, accountId: admin.accountId });
    expect((await kit.call(regular.token, 'POST', 'app/getpaid/account/onboarding', {})).json().code).toBe('FORBIDDEN');
  });
});

describe('sending a Sign & Pay document (issue 25, parts 1 and 2)', () => {
  it('refuses until the account is connected, then uses a single-use product once', async () => {
    const admin = await send.signInSender();
    const product = await kit.createProduct(admin.token, { AllowMultipleUse: false });
    const draftOf = () => send.draft(admin, { parties: [{}, { getPaid: true, paymentProductId: product.Id }] });
    const first = await draftOf();
    const refused = await send.call(admin.token, 'POST', 'links', { ProjectId: first.documentId });
    expect(refused.json().code).toBe('PAYEE_NOT_CONNECTED');
    expect(await send.linksOf(first.documentId)).toEqual([]);
    expect(await send.balanceOf(admin.accountId)).toBe(500_00);

    await connectTestPayee(testApp, admin.accountId);
    const sent = await send.call(admin.token, 'POST', 'links', { ProjectId: first.documentId });
    expect(sent.statusCode, sent.body).toBe(200);
    const used = (await kit.call(admin.token, 'GET', `app/getpaid/paymentlinks/${product.Id}/details`)).json();
    expect(used).toMatchObject({ UsedCount: 1, Usable: false });
    const balanceAfterFirst = await send.balanceOf(admin.accountId);

    const second = await draftOf();
    const usedUp = await send.call(admin.token, 'POST', 'links', { ProjectId: second.documentId });
    expect(usedUp.json().code).toBe('PAYMENT_PRODUCT_USED');
    expect(await send.linksOf(second.documentId)).toEqual([]);
    expect(await send.balanceOf(admin.accountId)).toBe(balanceAfterFirst);
    expect(
      (await kit.call(admin.token, 'GET', `app/getpaid/paymentlinks/${product.Id}/details`)).json().UsedCount,
    ).toBe(1);
  });

  it('lists a paying party without a product among the send problems', async () => {
    const admin = await send.signInSender();
    await connectTestPayee(testApp, admin.accountId);
    const draft = await send.draft(admin, { parties: [{ getPaid: true }] });
    const refused = await send.call(admin.token, 'POST', 'links', { ProjectId: draft.documentId });
    expect(refused.json().code).toBe('DOCUMENT_INVALID');
    expect(JSON.stringify(refused.json().details)).toContain('payment-product-required');
  });

  it('keeps a party’s product and label in the draft, and refuses another account’s product', async () => {
    const admin = await send.signInSender();
    const other = await send.signInSender();
    const mine = await kit.createProduct(admin.token);
    const theirs = await kit.createProduct(other.token);
    const draft = await send.draft(admin);
    const party = (id: string) => ({
      SignatureIndex: 0,
      Name: 'Ola',
      Email: 'ola@example.com',
      InvitationMethod: 'email',
      SignatureType: 'e-signature',
      GetPaid: true,
      PaymentProductId: id,
      GetPaidLabel: 'Deposit for flat 3',
    });
    const save = (id: string) =>
      send.call(admin.token, 'PUT', `projects/${draft.documentId}`, {
        Title: 'Lease',
        AccessLevel: 'private',
        Settings: {},
        Message: '',
        Parties: [party(id)],
      });
    const saved = await save(mine.Id);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().Parties[0]).toMatchObject({ PaymentProductId: mine.Id, GetPaidLabel: 'Deposit for flat 3' });
    expect((await save(theirs.Id)).json().code).toBe('VALIDATION_FAILED');
  });
});
