import { roles } from '@signlink/contracts/auth/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { injectWithToken, signInSeededUser } from '../../../test/sign-in.ts';

/**
 * Issue 5's permission matrix for the endpoints every signed-in user has for themselves (SPEC section 6
 * gives them to all four roles): each role is allowed, no token is 401, and another account's id is
 * refused. The administrators-only endpoints have their matrices beside them (accounts module).
 */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp?.close());

const allRoles = [roles.administrator, roles.regular, roles.contributor, roles.readOnly];

const tokenOf = (role: number) => signInSeededUser(testApp, { role });

const call = (token: string | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  injectWithToken(testApp, token, method, `/v2${url}`, payload);

const selfEndpoints: [string, 'GET' | 'POST' | 'PUT', string, object | undefined, number][] = [
  ['the auth state', 'GET', '/user', undefined, 200],
  ['the language', 'GET', '/user/lang', undefined, 200],
  ['setting the language', 'POST', '/user/lang', { lang: 'es' }, 200],
  ['the personal preferences', 'GET', '/linktinker/app/user/preferences', undefined, 200],
  [
    'changing the personal preferences',
    'PUT',
    '/linktinker/app/user/preferences',
    { Name: 'Renamed User', Language: 'sv' },
    200,
  ],
  [
    'changing the password',
    'PUT',
    '/linktinker/app/user/password',
    { CurrentPassword: 'correct horse battery staple', NewPassword: 'another long passphrase' },
    200,
  ],
  ['the billing address', 'GET', '/linktinker/app/account/address', undefined, 200],
  ['the company lookup', 'POST', '/linktinker/app/account/companyinfo', { OrgNumber: '5591000012' }, 200],
  [
    'adding a foreign company',
    'POST',
    '/linktinker/app/accounts',
    {
      CountryCode: 'DK',
      LegalName: 'Nielsen Design ApS',
      VatNumber: 'DK41225618',
      AddressLine1: 'Strøget 1',
      ZipCode: '1100',
      City: 'København',
    },
    201,
  ],
  ['staying signed in', 'POST', '/oauth/refreshtoken', undefined, 200],
  ['logging out', 'POST', '/oauth/logout', undefined, 204],
];

describe('endpoints every signed-in user has (SPEC section 6, issue 5)', () => {
  it.each(selfEndpoints)('%s: every role allowed, no token 401', async (_name, method, url, body, status) => {
    for (const role of allRoles) {
      const user = await tokenOf(role);
      const response = await call(user.token, method, url, body);
      expect(response.statusCode, `role ${role}: ${response.body}`).toBe(status);
    }
    const anonymous = await call(undefined, method, url, body);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it("switching: to another of one's own accounts in any role, never to another account's id", async () => {
    for (const role of allRoles) {
      const user = await tokenOf(role);
      const stranger = await tokenOf(roles.administrator);
      const refused = await call(user.token, 'POST', `/user/accounts/${stranger.accountId}/switch`);
      expect(refused.statusCode, `role ${role}`).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'ACCOUNT_SWITCH_FAILED' });
      const own = await call(user.token, 'POST', `/user/accounts/${user.accountId}/switch`);
      expect(own.statusCode, `role ${role}`).toBe(201);
    }
    expect((await call(undefined, 'POST', '/user/accounts/acc_x/switch')).statusCode).toBe(401);
  });
});
