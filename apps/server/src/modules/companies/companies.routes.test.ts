import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { approvedOrder } from '../../../test/bankid-test-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { signInSeededUser } from '../../../test/sign-in.ts';
import { accounts, balanceEntries } from '../../db/schema/accounts.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp?.close());
afterEach(() => {
  testApp.bankId.simulator?.controls.reset();
  testApp.context.vatValidation.simulator?.controls.reset();
});

const anna = '199001011239';
const johan = '196803152393';
/** The beneficial owner of Johansson Fastigheter AB (5591000020) in the registry simulator. */
const erik = '198507142381';

const signedIn = () => signInSeededUser(testApp);

const createCompany = (token: string | undefined, payload: Record<string, unknown>, lang = 'en-us') =>
  testApp.app.inject({
    method: 'POST',
    url: `/v2/linktinker/app/accounts?lang=${lang}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload,
  });

const orgOrder = (personalNumber: string) =>
  approvedOrder(testApp, '/v2/linktinker/app/bankid/orgnumber', personalNumber);

describe('adding a Swedish company (SPEC sections 2, 5 and 9, issue 5)', () => {
  it('makes the proven signatory its administrator, with the SEK 125 welcome offer in the ledger', async () => {
    const user = await signedIn();
    const { key } = await orgOrder(anna);
    const response = await createCompany(user.token, {
      CountryCode: 'SE',
      OrgNumber: '559100-0012',
      ClientAccessKey: key,
    });
    expect(response.statusCode, response.body).toBe(201);
    const state = response.json();
    expect(state).toMatchObject({
      IsNewCompany: true,
      user: { AccountName: 'Andersson Konsult AB', AccountType: 'company', Role: 2, Currency: 'SEK' },
      balances: { TotalBalance: 125_00 },
    });
    const [account] = await testApp.database.db.select().from(accounts).where(eq(accounts.id, state.user.AccountId));
    expect(account).toMatchObject({ orgNumber: '5591000012', vatNumber: 'SE559100001201', countryCode: 'SE' });
    const ledger = await testApp.database.db
      .select()
      .from(balanceEntries)
      .where(eq(balanceEntries.accountId, account?.id ?? ''));
    expect(ledger).toEqual([expect.objectContaining({ kind: 'welcome-offer', amountMinor: 125_00, currency: 'SEK' })]);

    // The same company again, or the same order again: refused, nothing more made.
    const again = await createCompany(state.accessToken, {
      CountryCode: 'SE',
      OrgNumber: '5591000012',
      ClientAccessKey: key,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_HAS_COMPANY_ACCESS' });
  });

  it('gives the welcome offer once per organisation number, however many accounts are made for it at once', async () => {
    // Two people of one company (here two Signlink users proven as its owner) each make an account for it.
    const [first, second, later] = [await signedIn(), await signedIn(), await signedIn()];
    const create = async (user: { token: string }) =>
      createCompany(user.token, {
        CountryCode: 'SE',
        OrgNumber: '5591000020',
        ClientAccessKey: (await orgOrder(erik)).key,
      });
    const made = await Promise.all([create(first), create(second)]);
    expect(made.map((response) => response.statusCode)).toEqual([201, 201]);
    const balances = made.map((response) => response.json().balances.TotalBalance);
    expect(balances.sort((a, b) => a - b)).toEqual([0, 125_00]);
    const afterwards = await create(later);
    expect(afterwards.statusCode).toBe(201);
    expect(afterwards.json().balances.TotalBalance).toBe(0);
    const offers = await testApp.database.db
      .select({ accountId: balanceEntries.accountId })
      .from(balanceEntries)
      .innerJoin(accounts, eq(accounts.id, balanceEntries.accountId))
      .where(and(eq(accounts.orgNumber, '5591000020'), eq(balanceEntries.kind, 'welcome-offer')));
    expect(offers).toHaveLength(1);
  });

  it('refuses a person the registry does not list, and creates nothing', async () => {
    const user = await signedIn();
    const { key } = await orgOrder(johan);
    const before = (await testApp.database.db.select().from(accounts)).length;
    const response = await createCompany(
      user.token,
      { CountryCode: 'SE', OrgNumber: '5591000012', ClientAccessKey: key },
      'sv',
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'ORG_NUMBER_VERIFICATION_FAILED' });
    expect((await testApp.database.db.select().from(accounts)).length).toBe(before);
  });

  it('refuses a VAT number that is not the company’s, a bad organisation number, and no session', async () => {
    const user = await signedIn();
    const { key } = await orgOrder(anna);
    const wrongVat = await createCompany(user.token, {
      CountryCode: 'SE',
      OrgNumber: '5591000012',
      ClientAccessKey: key,
      VatNumber: 'SE559100002001',
    });
    expect(wrongVat.json()).toMatchObject({ code: 'VAT_INVALID' });
    const badOrg = await createCompany(user.token, {
      CountryCode: 'SE',
      OrgNumber: '5591000013',
      ClientAccessKey: key,
    });
    expect(badOrg.statusCode).toBe(400);
    const anonymous = await createCompany(undefined, {
      CountryCode: 'SE',
      OrgNumber: '5591000012',
      ClientAccessKey: key,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('adding a company of another EU country (SPEC section 5: VAT number required, matching)', () => {
  const finnish = {
    CountryCode: 'FI',
    LegalName: 'Virtasen Ohjelmistot Oy',
    VatNumber: 'FI 2917 0118',
    AddressLine1: 'Mannerheimintie 1',
    ZipCode: '00100',
    City: 'Helsinki',
  };

  it('accepts a VAT number VIES knows under the name given; the account is in EUR without the SEK offer', async () => {
    const user = await signedIn();
    const response = await createCompany(user.token, { ...finnish, LegalName: 'virtasen  ohjelmistot oy' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      user: { Currency: 'EUR', AccountType: 'company' },
      balances: { TotalBalanceEurCent: 0 },
    });
  });

  it('refuses another name, an unknown number, a missing number, and says when VIES cannot answer', async () => {
    const user = await signedIn();
    const otherName = await createCompany(user.token, { ...finnish, LegalName: 'Another Oy' }, 'es');
    expect(otherName.statusCode).toBe(422);
    expect(otherName.json()).toMatchObject({ code: 'VAT_INVALID', message: expect.any(String) });
    expect((await createCompany(user.token, { ...finnish, VatNumber: 'FI12345671' })).json()).toMatchObject({
      code: 'VAT_INVALID',
    });
    const { VatNumber: _omitted, ...withoutVat } = finnish;
    expect((await createCompany(user.token, withoutVat)).statusCode).toBe(400);
    testApp.context.vatValidation.simulator?.controls.failNext('MS_UNAVAILABLE');
    const unavailable = await createCompany(user.token, finnish);
    expect(unavailable.statusCode).toBe(502);
    expect(unavailable.json()).toMatchObject({ code: 'VAT_VALIDATION_UNAVAILABLE' });
  });
});
