import { roles } from '@signlink/contracts/auth/roles';
import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { seedUser } from '../../../test/seed-user.ts';
import { signInSeededUser } from '../../../test/sign-in.ts';
import { accounts, memberships } from '../../db/schema/accounts.ts';
import { signAccessToken } from './access-token.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp?.close());

const login = (email: string, password: string, extra: Record<string, unknown> = {}, lang = 'en-us') =>
  testApp.app.inject({
    method: 'POST',
    url: `/v2/oauth/generatetoken?lang=${lang}`,
    payload: { email, password, ...extra },
  });
const asUser = (token: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  testApp.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

const signedIn = (options: Parameters<typeof seedUser>[1] = {}) => signInSeededUser(testApp, options);

describe('log in with e-mail and password (SPEC sections 2, 3 and 7, issue 5)', () => {
  it('answers the auth state of SPEC section 3, whose token then opens GET user', async () => {
    const user = await seedUser(testApp.database.db, { email: 'Kim@Example.com' });
    const response = await login('kim@example.COM', user.password);
    expect(response.statusCode, response.body).toBe(200);
    const state = response.json();
    expect(state).toMatchObject({
      user: { UserId: user.userId, AccountId: user.accountId, Role: roles.administrator, Currency: 'SEK' },
      balances: { TotalBalance: 0, TotalBalanceEurCent: 0 },
      IsNewUser: false,
    });
    const minutes = (Date.parse(state.tokenExpires) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
    const me = await asUser(state.accessToken, 'GET', '/v2/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ accessToken: state.accessToken, user: { UserId: user.userId } });
  });

  it('says whether the account acts as a partner (SPEC section 6), as the operator set it', async () => {
    const user = await signedIn();
    expect((await asUser(user.token, 'GET', '/v2/user')).json().user.IsPartner).toBe(false);
    await testApp.database.db.update(accounts).set({ isPartner: true }).where(eq(accounts.id, user.accountId));
    expect((await asUser(user.token, 'GET', '/v2/user')).json().user.IsPartner).toBe(true);
  });

  it('refuses a wrong password and an unknown e-mail alike, localised', async () => {
    const user = await seedUser(testApp.database.db);
    for (const [email, password] of [
      [user.email, 'wrong password'],
      ['nobody@example.com', user.password],
    ] as const) {
      const response = await login(email, password, {}, 'sv');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'BAD_CREDENTIALS', message: expect.any(String) });
      expect(response.json().message).not.toMatch(/password/i);
    }
    const empty = await login('', '');
    expect(empty.statusCode).toBe(400);
  });

  it('keeps the login payload’s referral and campaign ids with the user, for billing', async () => {
    const user = await seedUser(testApp.database.db);
    await login(user.email, user.password, { referralLinkId: 'ref-1', campaignCodeId: 'spring' });
    const stored = await testApp.database.db.query.users.findFirst({
      where: (row, { eq: is }) => is(row.id, user.userId),
    });
    expect(stored?.attribution).toEqual({ referralLinkId: 'ref-1', campaignCodeId: 'spring' });
  });
});

describe('password lockout (issue 5: rate limits on every login, like PINs)', () => {
  it('locks password login after 5 wrong passwords, even guessed in parallel, answering as for any bad login', async () => {
    const user = await seedUser(testApp.database.db);
    const guesses = await Promise.all(Array.from({ length: 9 }, (_, index) => login(user.email, `guess-${index}`)));
    expect(guesses.map((guess) => guess.statusCode)).toEqual(Array(9).fill(401));
    const { rows } = await testApp.database.executeSql(
      'select password_wrong_tries, password_locked_until from users where id = $1',
      [user.userId],
    );
    expect(rows[0]?.password_locked_until).not.toBeNull();
    // Locked: even the right password is a bad login, so the lock tells nothing about the account.
    const locked = await login(user.email, user.password);
    expect(locked.statusCode).toBe(401);
    expect(locked.json()).toMatchObject({ code: 'BAD_CREDENTIALS' });
    await testApp.database.executeSql(
      "update users set password_locked_until = now() - interval '1 second' where id = $1",
      [user.userId],
    );
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('starts the count again after a right password', async () => {
    const user = await seedUser(testApp.database.db);
    for (let round = 0; round < 3; round += 1) {
      for (let wrong = 0; wrong < 4; wrong += 1) expect((await login(user.email, 'wrong')).statusCode).toBe(401);
      expect((await login(user.email, user.password)).statusCode).toBe(200);
    }
  });
});

describe('a session and its token', () => {
  it('stops working at once when the user is removed from the account', async () => {
    const user = await signedIn({ role: roles.regular });
    expect((await asUser(user.token, 'GET', '/v2/user')).statusCode).toBe(200);
    await testApp.database.db
      .delete(memberships)
      .where(and(eq(memberships.userId, user.userId), eq(memberships.accountId, user.accountId)));
    const after = await asUser(user.token, 'GET', '/v2/user');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'SESSION_EXPIRED' });
  });

  it('ends at logout, and a refresh gives 60 new minutes while the old token stops', async () => {
    const user = await signedIn();
    const refreshed = await asUser(user.token, 'POST', '/v2/oauth/refreshtoken');
    expect(refreshed.statusCode).toBe(200);
    const fresh = refreshed.json().accessToken as string;
    expect(fresh).not.toBe(user.token);
    expect((await asUser(user.token, 'GET', '/v2/user')).statusCode).toBe(401);
    expect((await asUser(fresh, 'POST', '/v2/oauth/logout')).statusCode).toBe(204);
    expect((await asUser(fresh, 'GET', '/v2/user')).json()).toMatchObject({ code: 'SESSION_EXPIRED' });
  });

  it('refuses no token, a forged one, one signed with another secret or algorithm, and an expired one', async () => {
    const user = await signedIn();
    const [header, payload] = user.token.split('.');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const otherSecret = await signAccessToken('another-secret-another-secret-another', {
      sessionId: 'ses_x',
      userId: user.userId,
      accountId: user.accountId,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), acc: 'acc_other' })).toString('base64url')}.${user.token.split('.')[2]}`;
    expect((await testApp.app.inject('/v2/user')).json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    for (const token of [unsigned, otherSecret, tampered, 'not-a-token']) {
      const response = await asUser(token, 'GET', '/v2/user');
      expect(response.statusCode, token).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
    const expired = await new SignJWT({ sid: 'ses_x', acc: user.accountId })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('signlink')
      .setSubject(user.userId)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode(testApp.context.config.sessionSecret));
    expect((await asUser(expired, 'GET', '/v2/user')).json()).toMatchObject({ code: 'SESSION_EXPIRED' });
  });
});

describe('switching accounts and the language', () => {
  it("switches to another of the user's accounts with 201 and a new token; never to one they do not hold", async () => {
    const user = await signedIn();
    const secondAccount = `acc_second_${user.userId}`;
    await testApp.database.db
      .insert(accounts)
      .values({ id: secondAccount, kind: 'company', name: 'Second AB', currency: 'EUR' });
    await testApp.database.db
      .insert(memberships)
      .values({ userId: user.userId, accountId: secondAccount, role: roles.readOnly });
    const stranger = await seedUser(testApp.database.db);

    const switched = await asUser(user.token, 'POST', `/v2/user/accounts/${secondAccount}/switch`);
    expect(switched.statusCode, switched.body).toBe(201);
    expect(switched.json()).toMatchObject({
      user: { AccountId: secondAccount, Role: roles.readOnly, Currency: 'EUR' },
    });
    expect(switched.json().accounts).toHaveLength(2);
    expect((await asUser(user.token, 'GET', '/v2/user')).statusCode).toBe(401);

    const fresh = switched.json().accessToken as string;
    const refused = await asUser(fresh, 'POST', `/v2/user/accounts/${stranger.accountId}/switch?lang=es`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ACCOUNT_SWITCH_FAILED' });
    expect((await asUser(fresh, 'GET', '/v2/user')).statusCode).toBe(200);
  });

  it("reads and sets the user's language, refusing one we do not speak", async () => {
    const user = await signedIn();
    expect((await asUser(user.token, 'GET', '/v2/user/lang')).json()).toEqual({ lang: 'en-us' });
    expect((await asUser(user.token, 'POST', '/v2/user/lang', { lang: 'sv' })).json()).toEqual({ lang: 'sv' });
    expect((await asUser(user.token, 'GET', '/v2/user')).json()).toMatchObject({ user: { Language: 'sv' } });
    const refused = await asUser(user.token, 'POST', '/v2/user/lang', { lang: 'de' });
    expect(refused.statusCode).toBe(400);
    expect(
      (await testApp.app.inject({ method: 'POST', url: '/v2/user/lang', payload: { lang: 'sv' } })).statusCode,
    ).toBe(401);
  });
});
