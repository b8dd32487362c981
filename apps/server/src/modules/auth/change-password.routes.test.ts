import { roles } from '@signlink/contracts/auth/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import type { seedUser } from '../../../test/seed-user.ts';
import { signInSeededUser } from '../../../test/sign-in.ts';
import { users } from '../../db/schema/accounts.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp?.close());

const login = (email: string, password: string) =>
  testApp.app.inject({ method: 'POST', url: '/v2/oauth/generatetoken', payload: { email, password } });
const changePassword = (token: string | undefined, payload: Record<string, unknown>, lang = 'en-us') =>
  testApp.app.inject({
    method: 'PUT',
    url: `/v2/linktinker/app/user/password?lang=${lang}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload,
  });
const getUser = (token: string) =>
  testApp.app.inject({ method: 'GET', url: '/v2/user', headers: { authorization: `Bearer ${token}` } });

const signedIn = (options: Parameters<typeof seedUser>[1] = {}) => signInSeededUser(testApp, options);
const storedHash = async (userId: string) =>
  (await testApp.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)))[0]?.hash;

describe('PUT user/password: the password of e-mail login (issue 5)', () => {
  it('changes it with the current one: the new one logs in, the old one no longer does, other sessions end', async () => {
    const user = await signedIn({ role: roles.readOnly });
    const elsewhere = (await login(user.email, user.password)).json().accessToken as string;
    const changed = await changePassword(user.token, {
      CurrentPassword: user.password,
      NewPassword: 'a much longer passphrase',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ HasPassword: true });
    expect((await storedHash(user.userId)) ?? '').toMatch(/^\$argon2id\$/);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await login(user.email, 'a much longer passphrase')).statusCode).toBe(200);
    expect((await getUser(user.token)).statusCode).toBe(200);
    expect((await getUser(elsewhere)).statusCode).toBe(401);
  });

  it('refuses a wrong or missing current password with WRONG_PASSWORD (403, never the 401 that logs out), localised', async () => {
    const user = await signedIn();
    const before = await storedHash(user.userId);
    for (const [payload, lang, text] of [
      [{ CurrentPassword: 'not it at all', NewPassword: 'a much longer passphrase' }, 'sv', /nuvarande lösenordet/],
      [{ NewPassword: 'a much longer passphrase' }, 'es', /contraseña actual/],
    ] as const) {
      const response = await changePassword(user.token, payload, lang);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'WRONG_PASSWORD', message: expect.stringMatching(text) });
    }
    expect(await storedHash(user.userId)).toBe(before);
    expect((await getUser(user.token)).statusCode).toBe(200);
  });

  it('counts wrong current passwords with login: 5, even in parallel, then the lock answers RATE_LIMITED', async () => {
    const user = await signedIn();
    const guesses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        changePassword(user.token, {
          CurrentPassword: `guess number ${index}`,
          NewPassword: 'a much longer passphrase',
        }),
      ),
    );
    const codes = guesses.map((guess) => guess.json().code).sort();
    expect(codes.filter((code) => code === 'WRONG_PASSWORD')).toHaveLength(5);
    expect(codes.filter((code) => code === 'RATE_LIMITED')).toHaveLength(3);
    // Locked now: even the right password neither changes it nor logs in, for 15 minutes.
    const right = await changePassword(user.token, {
      CurrentPassword: user.password,
      NewPassword: 'another passphrase',
    });
    expect(right.json().code).toBe('RATE_LIMITED');
    expect((await login(user.email, user.password)).statusCode).toBe(401);
  });

  it('sets a first password for a user who has none, then e-mail login works', async () => {
    const user = await signedIn();
    await testApp.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.userId));
    const set = await changePassword(user.token, { NewPassword: 'my first passphrase' });
    expect(set.statusCode, set.body).toBe(200);
    expect((await login(user.email, 'my first passphrase')).statusCode).toBe(200);
  });

  it('refuses a user without an e-mail, a short or a too long password, and no token, changing nothing', async () => {
    const user = await signedIn();
    const before = await storedHash(user.userId);
    const short = await changePassword(user.token, { CurrentPassword: user.password, NewPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('VALIDATION_FAILED');
    const long = await changePassword(user.token, { CurrentPassword: user.password, NewPassword: 'x'.repeat(201) });
    expect(long.json().code).toBe('VALIDATION_FAILED');
    expect((await changePassword(undefined, { NewPassword: 'a much longer passphrase' })).statusCode).toBe(401);
    expect(await storedHash(user.userId)).toBe(before);

    await testApp.database.db.update(users).set({ email: null, passwordHash: null }).where(eq(users.id, user.userId));
    const noEmail = await changePassword(user.token, { NewPassword: 'a much longer passphrase' });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { reason: 'no-email' } });
    expect(await storedHash(user.userId)).toBeNull();
  });
});
