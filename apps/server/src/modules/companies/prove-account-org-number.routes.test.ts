import { roles } from '@signlink/contracts/auth/roles';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { approvedOrder } from '../../../test/bankid-test-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import type { seedUser } from '../../../test/seed-user.ts';
import { signInSeededUser } from '../../../test/sign-in.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { bankIdOrders } from '../../db/schema/bankid-orders.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp?.close());
afterEach(() => testApp.bankId.simulator?.controls.reset());

const anna = '199001011239';
const johan = '196803152393';

const signedIn = (options: Parameters<typeof seedUser>[1] = {}) => signInSeededUser(testApp, options);
const prove = (token: string | undefined, payload: Record<string, unknown>, lang = 'en-us') =>
  testApp.app.inject({
    method: 'POST',
    url: `/v2/linktinker/app/account/validate/orgnumber?lang=${lang}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload,
  });
const orgOrder = (personalNumber: string) =>
  approvedOrder(testApp, '/v2/linktinker/app/bankid/orgnumber', personalNumber);
const accountRow = async (accountId: string) =>
  (await testApp.database.db.select().from(accounts).where(eq(accounts.id, accountId)))[0];

describe('POST account/validate/orgnumber: the account proves its own organisation number (SPEC sections 5, 7)', () => {
  it("fills an unproven company's number, legal name, address and VAT number from the registry, keeping its name", async () => {
    const admin = await signedIn();
    const { key } = await orgOrder(anna);
    const response = await prove(admin.token, { OrgNumber: '559100-0012', ClientAccessKey: key });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      OrgNumber: '559100-0012',
      LegalName: 'Andersson Konsult AB',
      VatNumber: 'SE559100001201',
      CountryCode: 'SE',
      AddressLine1: expect.any(String),
      City: expect.any(String),
    });
    const account = await accountRow(admin.accountId);
    expect(account).toMatchObject({ orgNumber: '5591000012', name: `Company ${admin.accountId}`, currency: 'SEK' });
    // The order is used up: the same approval cannot prove a number again.
    const again = await prove(admin.token, { OrgNumber: '559100-0012', ClientAccessKey: key });
    expect(again.json().code).toBe('ACTION_CANCELLED');
  });

  it('refuses a person with no role in the company, localised, writing nothing and leaving the order unused', async () => {
    const admin = await signedIn();
    const { key } = await orgOrder(johan);
    const response = await prove(admin.token, { OrgNumber: '5591000012', ClientAccessKey: key }, 'sv');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'ORG_NUMBER_VERIFICATION_FAILED', message: expect.any(String) });
    expect((await accountRow(admin.accountId))?.orgNumber).toBeNull();
    const [order] = await testApp.database.db.select().from(bankIdOrders).where(eq(bankIdOrders.clientAccessKey, key));
    expect(order?.consumedAt).toBeNull();
  });

  it('never replaces a proven number with another one', async () => {
    const admin = await signedIn();
    await testApp.database.db.update(accounts).set({ orgNumber: '5591000020' }).where(eq(accounts.id, admin.accountId));
    const { key } = await orgOrder(anna);
    const response = await prove(admin.token, { OrgNumber: '559100-0012', ClientAccessKey: key });
    expect(response.json()).toMatchObject({
      code: 'ORG_NUMBER_VERIFICATION_FAILED',
      details: { reason: 'account-has-another' },
    });
    expect((await accountRow(admin.accountId))?.orgNumber).toBe('5591000020');
  });

  it('is for administrators of a Swedish company: other roles, a personal or foreign account and no token are refused', async () => {
    for (const role of [roles.regular, roles.contributor, roles.readOnly]) {
      const member = await signedIn({ role });
      const { key } = await orgOrder(anna);
      const response = await prove(member.token, { OrgNumber: '5591000012', ClientAccessKey: key });
      expect(response.statusCode, `role ${role}`).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
      expect((await accountRow(member.accountId))?.orgNumber).toBeNull();
    }
    const foreign = await signedIn({ currency: 'EUR' });
    await testApp.database.db.update(accounts).set({ countryCode: 'FI' }).where(eq(accounts.id, foreign.accountId));
    const { key } = await orgOrder(anna);
    expect((await prove(foreign.token, { OrgNumber: '5591000012', ClientAccessKey: key })).json()).toMatchObject({
      code: 'FORBIDDEN',
      details: { reason: 'not-swedish' },
    });
    const personal = await signedIn();
    await testApp.database.db.update(accounts).set({ kind: 'personal' }).where(eq(accounts.id, personal.accountId));
    expect((await prove(personal.token, { OrgNumber: '5591000012', ClientAccessKey: key })).json()).toMatchObject({
      code: 'FORBIDDEN',
      details: { reason: 'personal-account' },
    });
    expect((await prove(undefined, { OrgNumber: '5591000012', ClientAccessKey: key })).statusCode).toBe(401);
  });

  it('refuses a login order in place of an organisation order, an unknown order and a bad number, writing nothing', async () => {
    const admin = await signedIn();
    const login = await approvedOrder(testApp, '/v2/linktinker/app/bankid', anna);
    const wrongPurpose = await prove(admin.token, { OrgNumber: '5591000012', ClientAccessKey: login.key });
    expect(wrongPurpose.statusCode).toBe(404);
    const unknown = await prove(admin.token, { OrgNumber: '5591000012', ClientAccessKey: 'x'.repeat(30) });
    expect(unknown.statusCode).toBe(404);
    const { key } = await orgOrder(anna);
    const bad = await prove(admin.token, { OrgNumber: '5591000013', ClientAccessKey: key });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    expect((await accountRow(admin.accountId))?.orgNumber).toBeNull();
  });
});
