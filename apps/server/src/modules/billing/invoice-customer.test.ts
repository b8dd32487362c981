import { roles } from '@signlink/contracts/auth/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { injectWithToken, signInSeededUser } from '../../../test/sign-in.ts';
import { accounts } from '../../db/schema/accounts.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
}, 60_000);
afterAll(() => testApp?.close());

const url = '/v2/linktinker/app/account/invoicecustomer';
const registration = {
  InvoiceEmail: ' Faktura@Exempelbolaget.se ',
  InvoiceAddress: ['Box 123', '', '111 22 Stockholm'],
};

async function storedInvoiceDetails(accountId: string) {
  const [row] = await testApp.database.db
    .select({ email: accounts.invoiceEmail, address: accounts.invoiceAddress })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row;
}

describe('invoice customer registration (SPEC section 3, Account: invoice address and e-mail)', () => {
  it('registers the company account’s invoice e-mail and address, which every member then reads', async () => {
    const admin = await signInSeededUser(testApp);
    expect((await injectWithToken(testApp, admin.token, 'GET', url)).json()).toEqual({
      IsInvoiceCustomer: false,
      InvoiceEmail: null,
      InvoiceAddress: [],
    });
    const saved = await injectWithToken(testApp, admin.token, 'PUT', url, registration);
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      IsInvoiceCustomer: true,
      // Trimmed, the domain in lower case; the local part is the mailbox's own.
      InvoiceEmail: 'Faktura@exempelbolaget.se',
      InvoiceAddress: ['Box 123', '111 22 Stockholm'],
    };
    expect(saved.json()).toEqual(expected);
    const reader = await signInSeededUser(testApp, { role: roles.readOnly, accountId: admin.accountId });
    expect((await injectWithToken(testApp, reader.token, 'GET', url)).json()).toEqual(expected);
    // The same columns the billing address shows, so the two screens agree.
    const address = await injectWithToken(testApp, admin.token, 'GET', '/v2/linktinker/app/account/address');
    expect(address.json()).toMatchObject({
      InvoiceEmail: 'Faktura@exempelbolaget.se',
      InvoiceAddress: 'Box 123\n111 22 Stockholm',
    });
    // Saving the billing address in Settings, which has no invoice address field, keeps the registration.
    const billingAddress = {
      AddressLine1: 'Storgatan 1',
      ZipCode: '111 22',
      City: 'Stockholm',
      InvoiceEmail: 'x@example.com',
    };
    const resaved = await injectWithToken(
      testApp,
      admin.token,
      'PUT',
      '/v2/linktinker/app/account/address',
      billingAddress,
    );
    expect(resaved.statusCode, resaved.body).toBe(200);
    expect((await injectWithToken(testApp, admin.token, 'GET', url)).json()).toEqual({
      ...expected,
      InvoiceEmail: 'x@example.com',
    });
  });

  it('refuses a bad e-mail, an empty address, a non-administrator and a personal account, changing nothing', async () => {
    const admin = await signInSeededUser(testApp);
    const refusal = async (token: string, body: object) => {
      const reply = await injectWithToken(testApp, token, 'PUT', url, body);
      return { status: reply.statusCode, code: reply.json().code as string };
    };
    expect(await refusal(admin.token, { ...registration, InvoiceEmail: 'not-an-address' })).toEqual({
      status: 400,
      code: 'INVALID_EMAIL',
    });
    expect((await refusal(admin.token, { ...registration, InvoiceAddress: ['  ', ''] })).status).toBe(400);
    const regular = await signInSeededUser(testApp, { role: roles.regular, accountId: admin.accountId });
    expect(await refusal(regular.token, registration)).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(await storedInvoiceDetails(admin.accountId)).toEqual({ email: null, address: null });

    const personal = await signInSeededUser(testApp);
    await testApp.database.db.update(accounts).set({ kind: 'personal' }).where(eq(accounts.id, personal.accountId));
    expect(await refusal(personal.token, registration)).toEqual({ status: 422, code: 'PRICE_PLAN_NEEDS_COMPANY' });
    expect(await storedInvoiceDetails(personal.accountId)).toEqual({ email: null, address: null });
  });
});
