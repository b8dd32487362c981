import { hash } from '@node-rs/argon2';
import { roles } from '@signlink/contracts/auth/roles';
import { limits } from '@signlink/contracts/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { injectWithToken, signInSeededUser } from '../../../test/sign-in.ts';
import { accounts, memberships, users } from '../../db/schema/accounts.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp?.close());

const path = '/v2/linktinker/app/user/preferences';

const signIn = (role: number = roles.administrator) => signInSeededUser(testApp, { role });

const call = (token: string | undefined, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  injectWithToken(testApp, token, method, url, payload);

async function storedUser(userId: string) {
  const [row] = await testApp.database.db.select().from(users).where(eq(users.id, userId));
  return row;
}

describe('personal preferences: GET|PUT linktinker/app/user/preferences (SPEC section 2, settings)', () => {
  it('shows an e-mail user their details and ways in, without the hashes', async () => {
    const user = await signIn(roles.readOnly);
    const response = await call(user.token, 'GET', path);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      Name: 'Test User',
      Email: user.email,
      PhoneNumber: null,
      PersonalNumber: null,
      Language: 'en-us',
      HasPassword: true,
      HasPin: false,
      HasBankId: false,
    });
  });

  it('shows the phone in E.164 and the personal number as YYYYMMDD-XXXX once PIN and BankID are set up', async () => {
    const user = await signIn(roles.contributor);
    await testApp.database.db
      .update(users)
      .set({ phone: '+46701234567', pinHash: await hash('1234'), personalNumber: '191212121212' })
      .where(eq(users.id, user.userId));
    expect((await call(user.token, 'GET', path)).json()).toMatchObject({
      PhoneNumber: '+46701234567',
      PersonalNumber: '19121212-1212',
      HasPassword: true,
      HasPin: true,
      HasBankId: true,
    });
  });

  it('changes the name (trimmed) and the language; GET user and the personal account follow', async () => {
    const user = await signIn(roles.regular);
    const personalId = `acc_personal_${user.userId}`;
    await testApp.database.db
      .insert(accounts)
      .values({ id: personalId, kind: 'personal', name: 'Test User', currency: 'SEK', ownerUserId: user.userId });
    await testApp.database.db
      .insert(memberships)
      .values({ userId: user.userId, accountId: personalId, role: roles.administrator });

    const response = await call(user.token, 'PUT', path, { Name: '  Anna Andersson  ', Language: 'sv' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ Name: 'Anna Andersson', Language: 'sv', Email: user.email });

    const auth = (await call(user.token, 'GET', '/v2/user')).json();
    expect(auth.user).toMatchObject({ Name: 'Anna Andersson', Language: 'sv' });
    expect(auth.accounts).toContainEqual(expect.objectContaining({ AccountId: personalId, Name: 'Anna Andersson' }));
    // The company keeps its own name.
    expect(auth.accounts).toContainEqual(
      expect.objectContaining({ AccountId: user.accountId, Name: `Company ${user.accountId}` }),
    );
    expect((await call(user.token, 'GET', '/v2/user/lang')).json()).toEqual({ lang: 'sv' });
  });

  it("changes only the caller's own details, never another user's", async () => {
    const caller = await signIn();
    const other = await signIn();
    await call(caller.token, 'PUT', path, { Name: 'Caller', Language: 'es' });
    expect(await storedUser(other.userId)).toMatchObject({ name: 'Test User', locale: 'en-us' });
  });

  it.each([
    ['an empty name', { Name: '', Language: 'sv' }],
    ['a name of spaces only', { Name: '    ', Language: 'sv' }],
    ['a name that is too long', { Name: 'x'.repeat(limits.userNameMaxLength + 1), Language: 'sv' }],
    ['an unknown language', { Name: 'Anna', Language: 'de' }],
    ['no language', { Name: 'Anna' }],
    ['a name that is not text', { Name: 42, Language: 'sv' }],
  ])('refuses %s with VALIDATION_FAILED and changes nothing', async (_name, body) => {
    const user = await signIn();
    const response = await call(user.token, 'PUT', path, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await storedUser(user.userId)).toMatchObject({ name: 'Test User', locale: 'en-us' });
  });

  it('takes a name of exactly the maximum length', async () => {
    const user = await signIn();
    const name = 'x'.repeat(limits.userNameMaxLength);
    expect((await call(user.token, 'PUT', path, { Name: name, Language: 'en-us' })).json()).toMatchObject({
      Name: name,
    });
  });

  it('answers 401 without a token, or with a logged-out one, and writes nothing', async () => {
    const user = await signIn();
    for (const method of ['GET', 'PUT'] as const) {
      const response = await call(undefined, method, path, { Name: 'Intruder', Language: 'es' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
    await call(user.token, 'POST', '/v2/oauth/logout');
    const stale = await call(user.token, 'PUT', path, { Name: 'Intruder', Language: 'es' });
    expect(stale.statusCode).toBe(401);
    expect(await storedUser(user.userId)).toMatchObject({ name: 'Test User', locale: 'en-us' });
  });

  it('is listed in the OpenAPI document with bearer security (DECISIONS, "Paths the spec does not show")', async () => {
    const document = (await testApp.app.inject({ url: '/v2/docs/json' })).json();
    const entry = document.paths[path];
    expect(Object.keys(entry)).toEqual(expect.arrayContaining(['get', 'put']));
    expect(entry.put.security).toEqual([{ bearer: [] }]);
  });
});
