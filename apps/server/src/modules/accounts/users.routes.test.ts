import { roles } from '@signlink/contracts/auth/roles';
import { createTranslator } from '@signlink/i18n/create-translator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { memberships } from '../../db/schema/accounts.ts';
import { accountUsersKit } from './account-users-test-helpers.ts';

let testApp: TestApp;
let kit: ReturnType<typeof accountUsersKit>;
beforeAll(async () => {
  testApp = await buildTestApp();
  kit = accountUsersKit(testApp);
});
afterAll(() => testApp?.close());

describe("an account's members (SPEC section 6: only administrators manage users)", () => {
  it("changes a member's role, which holds from the member's next request", async () => {
    const admin = await kit.signIn();
    const member = await kit.signIn({ accountId: admin.accountId, role: roles.regular });
    const changed = await kit.call(admin.token, 'PUT', `users/${member.userId}/role`, { role: roles.readOnly });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({
      UserId: member.userId,
      Name: 'Test User',
      Email: member.email,
      Role: roles.readOnly,
      IsYou: false,
    });
    expect((await kit.whoAmI(member.token)).json()).toMatchObject({ user: { Role: roles.readOnly } });
    const users = (await kit.call(admin.token, 'GET', 'account/users')).json();
    expect(users.Users).toContainEqual(expect.objectContaining({ UserId: member.userId, Role: roles.readOnly }));

    // Promoted to administrator, the member may manage users at once.
    await kit.call(admin.token, 'PUT', `users/${member.userId}/role`, { role: roles.administrator });
    expect((await kit.call(member.token, 'GET', 'account/users')).statusCode).toBe(200);

    const unknown = await kit.call(admin.token, 'PUT', 'users/usr_AAAAAAAAAAAAAAAAAAAAAA/role', { role: 5 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('removes a member: their token stops at once, and stays stopped if they come back', async () => {
    const admin = await kit.signIn();
    const member = await kit.signIn({ accountId: admin.accountId, role: roles.regular });
    expect((await kit.whoAmI(member.token)).statusCode).toBe(200);

    const removed = await kit.call(admin.token, 'POST', `users/${member.userId}/remove`);
    expect(removed.statusCode, removed.body).toBe(204);
    const after = await kit.whoAmI(member.token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'SESSION_EXPIRED' });
    const users = (await kit.call(admin.token, 'GET', 'account/users')).json();
    expect(users.Users.map((user: { UserId: string }) => user.UserId)).toEqual([admin.userId]);
    expect((await kit.call(admin.token, 'POST', `users/${member.userId}/remove`)).statusCode).toBe(404);

    // Invited back later, the old session does not come alive with the new membership.
    await testApp.database.db
      .insert(memberships)
      .values({ userId: member.userId, accountId: admin.accountId, role: roles.regular });
    expect((await kit.whoAmI(member.token)).statusCode).toBe(401);
  });

  it('never leaves the account without an administrator', async () => {
    const first = await kit.signIn();
    const sv = createTranslator('sv');
    const demoteSelf = await kit.call(first.token, 'PUT', `users/${first.userId}/role?lang=sv`, { role: 5 });
    expect(demoteSelf.statusCode).toBe(409);
    expect(demoteSelf.json()).toMatchObject({ code: 'LAST_ADMINISTRATOR', message: sv('errors:lastAdministrator') });
    const removeSelf = await kit.call(first.token, 'POST', `users/${first.userId}/remove`);
    expect(removeSelf.statusCode).toBe(409);
    expect(removeSelf.json()).toMatchObject({ code: 'LAST_ADMINISTRATOR' });
    // Keeping the role of the last administrator is no change, and allowed.
    expect((await kit.call(first.token, 'PUT', `users/${first.userId}/role`, { role: 2 })).statusCode).toBe(200);

    const second = await kit.signIn({ accountId: first.accountId, role: roles.administrator });
    const demoted = await kit.call(second.token, 'PUT', `users/${first.userId}/role`, { role: roles.regular });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect((await kit.call(first.token, 'GET', 'account/users')).statusCode).toBe(403);
    expect((await kit.call(second.token, 'POST', `users/${second.userId}/remove`)).json()).toMatchObject({
      code: 'LAST_ADMINISTRATOR',
    });

    // With another administrator in place, an administrator may leave; their own token stops.
    await kit.call(second.token, 'PUT', `users/${first.userId}/role`, { role: roles.administrator });
    const left = await kit.call(second.token, 'POST', `users/${second.userId}/remove`);
    expect(left.statusCode, left.body).toBe(204);
    expect((await kit.whoAmI(second.token)).statusCode).toBe(401);
    const users = (await kit.call(first.token, 'GET', 'account/users')).json();
    expect(users.Users).toEqual([expect.objectContaining({ UserId: first.userId, Role: roles.administrator })]);
  });

  it('keeps a personal account’s owner, its only administrator', async () => {
    const owner = await kit.signInPersonal();
    const users = await kit.call(owner.token, 'GET', 'account/users');
    expect(users.json().Users).toEqual([expect.objectContaining({ UserId: owner.userId, IsYou: true })]);
    expect((await kit.call(owner.token, 'POST', `users/${owner.userId}/remove`)).statusCode).toBe(409);
  });

  it('lets two administrators demoting each other at once keep one of them', async () => {
    const first = await kit.signIn();
    const second = await kit.signIn({ accountId: first.accountId, role: roles.administrator });
    const [a, b] = await Promise.all([
      kit.call(first.token, 'PUT', `users/${second.userId}/role`, { role: roles.regular }),
      kit.call(second.token, 'PUT', `users/${first.userId}/role`, { role: roles.regular }),
    ]);
    // One wins; the other finds the last administrator (409), or is no longer one itself (403).
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const [admins] = (
      await testApp.database.executeSql(
        'select count(*)::int as n from memberships where account_id = $1 and role = 2',
        [first.accountId],
      )
    ).rows;
    expect(admins?.n).toBe(1);
  });
});
