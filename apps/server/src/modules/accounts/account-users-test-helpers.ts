import { roles } from '@signlink/contracts/auth/roles';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import type { seedUser } from '../../../test/seed-user.ts';
import { injectWithToken, signInSeededUser } from '../../../test/sign-in.ts';
import { accounts, invitations } from '../../db/schema/accounts.ts';
import { messages } from '../../db/schema/messages.ts';
import { newId } from '../../lib/ids.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls and factories for the account-user tests, on one test app. */
export function accountUsersKit(testApp: TestApp) {
  const { db } = testApp.database;

  /** A call to `/v2/linktinker/app/<path>`, with the bearer token when one is given. */
  const call = (token: string | null, method: Method, path: string, payload?: unknown) =>
    injectWithToken(testApp, token, method, `/v2/linktinker/app/${path}`, payload as object | undefined);

  /** A seeded user, logged in by e-mail and password. */
  const signIn = (options: Parameters<typeof seedUser>[1] = {}) => signInSeededUser(testApp, options);

  /** `GET user` with the token: the caller's auth state, or the refusal. */
  const whoAmI = (token: string) =>
    testApp.app.inject({ method: 'GET', url: '/v2/user', headers: { authorization: `Bearer ${token}` } });

  /** A pending invitation written directly, sent long enough ago that a reminder is allowed. */
  async function insertInvitation(input: { accountId: string; invitedBy: string; email?: string; role?: number }) {
    const id = newId('inv');
    await db.insert(invitations).values({
      id,
      accountId: input.accountId,
      email: input.email ?? `${id.toLowerCase()}@example.com`,
      role: input.role ?? roles.regular,
      invitedBy: input.invitedBy,
      createdAt: new Date(Date.now() - 2 * 60 * 60_000),
    });
    return id;
  }

  /** A personal account with its one user, an administrator, signed in. */
  async function signInPersonal() {
    const accountId = newId('acc');
    await db.insert(accounts).values({ id: accountId, kind: 'personal', name: 'Kim Personal', currency: 'SEK' });
    const user = await signIn({ accountId, role: roles.administrator });
    await db.update(accounts).set({ ownerUserId: user.userId }).where(eq(accounts.id, accountId));
    return user;
  }

  const invitationEmails = (invitationId: string) =>
    db.select().from(messages).where(eq(messages.invitationId, invitationId)).orderBy(messages.createdAt);

  /** Moves an invitation's last e-mail back, as if it went `minutes` ago. */
  async function ageInvitation(invitationId: string, minutes: number) {
    const at = new Date(Date.now() - minutes * 60_000);
    const [row] = await db.select().from(invitations).where(eq(invitations.id, invitationId));
    await db
      .update(invitations)
      .set(row?.remindedAt ? { remindedAt: at } : { createdAt: at })
      .where(eq(invitations.id, invitationId));
  }

  return { call, signIn, whoAmI, insertInvitation, signInPersonal, invitationEmails, ageInvitation };
}

/** An address no other test uses, with upper case in the local part and the domain. */
type Reply = { statusCode: number; body: string; json(): unknown };

/**
 * How every permission matrix of SPEC section 6 starts: no token is 401 UNAUTHENTICATED, and each of the
 * `forbidden` callers 403 FORBIDDEN.
 */
export async function expectUnauthenticatedAndForbidden<K extends string, C>(
  send: (caller: C | null) => Promise<Reply>,
  callers: Record<K, C>,
  forbidden: readonly K[],
) {
  const anonymous = await send(null);
  expect(anonymous.statusCode).toBe(401);
  expect(anonymous.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  for (const role of forbidden) {
    const response = await send(callers[role]);
    expect(response.statusCode, `${role}: ${response.body}`).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
  }
}

export function freshEmail(name = 'Kim') {
  return `${name}.${newId('x')
    .slice(2, 12)
    .replace(/[^A-Za-z0-9]/g, 'q')}@Example.COM`;
}
