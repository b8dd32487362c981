import { roles } from '@signlink/contracts/auth/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { accountUsersKit, expectUnauthenticatedAndForbidden, freshEmail } from './account-users-test-helpers.ts';

/**
 * SPEC section 6 per endpoint: only the account's administrators manage its users; every other role gets
 * FORBIDDEN, an administrator of another account gets NOT_FOUND for this account's ids (ids cannot be
 * probed), and no token is 401. The details and accept paths are the invited person's, checked below.
 */
let testApp: TestApp;
let kit: ReturnType<typeof accountUsersKit>;
type Caller = Awaited<ReturnType<ReturnType<typeof accountUsersKit>['signIn']>>;
let callers: Record<'admin' | 'regular' | 'contributor' | 'readOnly' | 'otherAdmin', Caller>;

beforeAll(async () => {
  testApp = await buildTestApp();
  kit = accountUsersKit(testApp);
  const admin = await kit.signIn({ role: roles.administrator });
  const inAccount = (role: number) => kit.signIn({ accountId: admin.accountId, role });
  callers = {
    admin,
    regular: await inAccount(roles.regular),
    contributor: await inAccount(roles.contributor),
    readOnly: await inAccount(roles.readOnly),
    otherAdmin: await kit.signIn({ role: roles.administrator }),
  };
});
afterAll(() => testApp?.close());

interface Target {
  /** A member of the account (regular user) and a pending invitation of it, new for each endpoint. */
  userId: string;
  invitationId: string;
}

interface Endpoint {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path(target: Target): string;
  body?(): unknown;
  /** What an administrator of the account gets. */
  adminStatus: number;
  /** Whether the path names one of the account's users or invitations (another account's admin: 404). */
  hasId: boolean;
}

const endpoints: Endpoint[] = [
  { name: 'GET account/users', method: 'GET', path: () => 'account/users', adminStatus: 200, hasId: false },
  {
    name: 'POST users/invite',
    method: 'POST',
    path: () => 'users/invite',
    body: () => ({ email: freshEmail(), role: roles.regular }),
    adminStatus: 201,
    hasId: false,
  },
  { name: 'GET account/invitations', method: 'GET', path: () => 'account/invitations', adminStatus: 200, hasId: false },
  {
    name: 'PUT account/invitations/{id}',
    method: 'PUT',
    path: (target) => `account/invitations/${target.invitationId}`,
    body: () => ({ status: 'cancelled' }),
    adminStatus: 200,
    hasId: true,
  },
  {
    name: 'DELETE users/{id}/invite',
    method: 'DELETE',
    path: (target) => `users/${target.invitationId}/invite`,
    adminStatus: 200,
    hasId: true,
  },
  {
    name: 'POST account/invitations/{id}/remind',
    method: 'POST',
    path: (target) => `account/invitations/${target.invitationId}/remind`,
    adminStatus: 200,
    hasId: true,
  },
  {
    name: 'PUT users/{userId}/role',
    method: 'PUT',
    path: (target) => `users/${target.userId}/role`,
    body: () => ({ role: roles.contributor }),
    adminStatus: 200,
    hasId: true,
  },
  {
    name: 'POST users/{id}/remove',
    method: 'POST',
    path: (target) => `users/${target.userId}/remove`,
    adminStatus: 204,
    hasId: true,
  },
];

async function newTarget(): Promise<Target> {
  const member = await kit.signIn({ accountId: callers.admin.accountId, role: roles.regular });
  const invitationId = await kit.insertInvitation({
    accountId: callers.admin.accountId,
    invitedBy: callers.admin.userId,
  });
  return { userId: member.userId, invitationId };
}

describe('who may manage an account’s users (SPEC section 6)', () => {
  it.each(endpoints)(
    '$name: administrators only; other roles 403, another account 404, no token 401',
    async (endpoint) => {
      const target = await newTarget();
      const send = (caller: Caller | null) =>
        kit.call(caller?.token ?? null, endpoint.method, endpoint.path(target), endpoint.body?.());

      await expectUnauthenticatedAndForbidden(send, callers, ['regular', 'contributor', 'readOnly']);

      const other = await send(callers.otherAdmin);
      if (endpoint.hasId) {
        expect(other.statusCode, other.body).toBe(404);
        expect(other.json()).toMatchObject({ code: 'NOT_FOUND' });
      } else {
        // Without an id the call acts on the caller's own account: none of this account's data shows.
        expect(other.statusCode, other.body).toBe(endpoint.adminStatus);
        expect(other.body).not.toContain(target.userId);
        expect(other.body).not.toContain(target.invitationId);
      }

      // The refusals above changed nothing: the administrator still finds the target as it was.
      const allowed = await send(callers.admin);
      expect(allowed.statusCode, allowed.body).toBe(endpoint.adminStatus);
    },
  );

  it('shows an invitation’s details to anyone holding its id, with no token, whatever their role', async () => {
    const { invitationId } = await newTarget();
    const path = `account/invitations/${invitationId}/details`;
    const anonymous = await kit.call(null, 'GET', path);
    expect(anonymous.statusCode, anonymous.body).toBe(200);
    for (const caller of Object.values(callers)) {
      expect((await kit.call(caller.token, 'GET', path)).json()).toEqual(anonymous.json());
    }
  });

  it('lets only the invited person accept, whatever their role elsewhere; no token is 401', async () => {
    const email = freshEmail();
    const invitationId = await kit.insertInvitation({
      accountId: callers.admin.accountId,
      invitedBy: callers.admin.userId,
      email,
      role: roles.readOnly,
    });
    const path = `account/invitations/${invitationId}/accept`;
    expect((await kit.call(null, 'POST', path)).statusCode).toBe(401);
    // Members of the account, whatever their role, and another account's administrator: not their invitation.
    for (const [name, caller] of Object.entries(callers)) {
      const response = await kit.call(caller.token, 'POST', path);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    const invited = await kit.signIn({ email, role: roles.readOnly });
    const accepted = await kit.call(invited.token, 'POST', path);
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json()).toMatchObject({ user: { AccountId: callers.admin.accountId, Role: roles.readOnly } });
  });
});
