import { roles } from '@signlink/contracts/auth/roles';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { seedPricePlan } from '../../../test/seed-price-plan.ts';
import { injectWithToken, signInSeededUser } from '../../../test/sign-in.ts';
import { accounts } from '../../db/schema/accounts.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp?.close());
afterEach(() => testApp.context.companyRegistry.simulator?.controls.reset());

/** A member; a new account gets a MEDIUM plan, as sharing within an account needs one (SPEC section 5). */
async function tokenOf(role: number, accountId?: string) {
  const caller = await signInSeededUser(testApp, { role, ...(accountId ? { accountId } : {}) });
  if (!accountId) await seedPricePlan(testApp.database.db, { accountId: caller.accountId });
  return caller;
}

const call = (token: string | undefined, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  injectWithToken(testApp, token, method, `/v2${url}`, payload);

const address = {
  AddressLine1: 'Storgatan 1',
  ZipCode: '11122',
  City: 'Stockholm',
  InvoiceEmail: 'faktura@example.com',
};

describe('account settings: address, default access level, company lookup (SPEC sections 3, 6, 7; issue 5)', () => {
  it('lets an administrator change the address and the default access level, and every member read them', async () => {
    const admin = await tokenOf(roles.administrator);
    const reader = await tokenOf(roles.readOnly, admin.accountId);
    const updated = await call(admin.token, 'PUT', '/linktinker/app/account/address', address);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      AddressLine1: 'Storgatan 1',
      InvoiceEmail: 'faktura@example.com',
      CountryCode: 'SE',
    });
    expect((await call(reader.token, 'GET', '/linktinker/app/account/address')).json()).toMatchObject({
      City: 'Stockholm',
    });

    const shared = await call(admin.token, 'PUT', '/linktinker/account/defaultaccesslevel', {
      DefaultAccessLevel: 'shared',
    });
    expect(shared.json()).toEqual({ DefaultAccessLevel: 'shared' });
    expect((await call(reader.token, 'GET', '/user')).json()).toMatchObject({ user: { DefaultAccessLevel: 'shared' } });
  });

  it.each([
    ['PUT', '/linktinker/app/account/address', address],
    ['PUT', '/linktinker/account/defaultaccesslevel', { DefaultAccessLevel: 'shared' }],
  ] as const)('%s %s: administrators only, the others FORBIDDEN, no token 401', async (method, url, body) => {
    const admin = await tokenOf(roles.administrator);
    expect((await call(admin.token, method, url, body)).statusCode).toBe(200);
    for (const role of [roles.regular, roles.contributor, roles.readOnly]) {
      const member = await tokenOf(role, admin.accountId);
      const refused = await call(member.token, method, `${url}?lang=sv`, body);
      expect(refused.statusCode, `role ${role}`).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect((await call(undefined, method, url, body)).statusCode).toBe(401);
  });

  it("keeps each account's settings its own: an administrator of another account changes only theirs", async () => {
    const own = await tokenOf(roles.administrator);
    const other = await tokenOf(roles.administrator);
    await call(own.token, 'PUT', '/linktinker/app/account/address', address);
    await call(other.token, 'PUT', '/linktinker/app/account/address', { ...address, City: 'Malmö' });
    expect((await call(own.token, 'GET', '/linktinker/app/account/address')).json()).toMatchObject({
      City: 'Stockholm',
    });
  });

  it('refuses an invalid invoice e-mail and a missing city, localised', async () => {
    const admin = await tokenOf(roles.administrator);
    const badEmail = await call(admin.token, 'PUT', '/linktinker/app/account/address?lang=es', {
      ...address,
      InvoiceEmail: 'nope',
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toMatchObject({ code: 'INVALID_EMAIL' });
    const { City: _city, ...withoutCity } = address;
    expect((await call(admin.token, 'PUT', '/linktinker/app/account/address', withoutCity)).statusCode).toBe(400);
    const badLevel = await call(admin.token, 'PUT', '/linktinker/account/defaultaccesslevel', {
      DefaultAccessLevel: 'public',
    });
    expect(badLevel.statusCode).toBe(400);
  });

  it("looks up a company in the registry for the wizard; unknown is not found, a registry outage 'lookup failed'", async () => {
    const user = await tokenOf(roles.readOnly);
    const found = await call(user.token, 'POST', '/linktinker/app/account/companyinfo', { OrgNumber: '5591000012' });
    expect(found.json()).toMatchObject({
      OrgNumber: '559100-0012',
      LegalName: 'Andersson Konsult AB',
      IsActive: true,
      AlreadyHaveAccessToAccount: false,
    });
    // SPEC section 3's flag: the wizard stops before BankID for a company the person already acts for.
    await testApp.database.db.update(accounts).set({ orgNumber: '5591000012' }).where(eq(accounts.id, user.accountId));
    const held = await call(user.token, 'POST', '/linktinker/app/account/companyinfo', { OrgNumber: '5591000012' });
    expect(held.json()).toMatchObject({ AlreadyHaveAccessToAccount: true, HeldAccountId: user.accountId });
    const struckOff = await call(user.token, 'POST', '/linktinker/app/account/companyinfo', {
      OrgNumber: '5591000053',
    });
    expect(struckOff.json()).toMatchObject({ IsActive: false });
    const unknown = await call(user.token, 'POST', '/linktinker/app/account/companyinfo', { OrgNumber: '5591000061' });
    expect(unknown.statusCode).toBe(404);
    testApp.context.companyRegistry.simulator?.controls.failNext(503);
    const down = await call(user.token, 'POST', '/linktinker/app/account/companyinfo', { OrgNumber: '5591000012' });
    expect(down.statusCode).toBe(502);
    expect(down.json()).toMatchObject({ code: 'COMPANY_LOOKUP_FAILED' });
    expect(
      (await call(undefined, 'POST', '/linktinker/app/account/companyinfo', { OrgNumber: '5591000012' })).statusCode,
    ).toBe(401);
  });
});
