import { roles } from '@signlink/contracts/auth/roles';
import { createTranslator } from '@signlink/i18n/create-translator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { memberships } from '../../db/schema/accounts.ts';
import { renderEmailMessage } from '../messaging/render-message.ts';
import { accountUsersKit, freshEmail } from './account-users-test-helpers.ts';

let testApp: TestApp;
let kit: ReturnType<typeof accountUsersKit>;
beforeAll(async () => {
  testApp = await buildTestApp();
  kit = accountUsersKit(testApp);
});
afterAll(() => testApp?.close());

/** The stored form of an address: the domain lower-cased, the local part kept. */
const stored = (email: string) => email.replace(/@.*/, (domain) => domain.toLowerCase());

describe('inviting a person into a company account (SPEC sections 4, 5 and 7)', () => {
  it('invites, queues the e-mail with the accept link, shows the details, and the person joins in the role', async () => {
    const admin = await kit.signIn({ role: roles.administrator });
    const email = freshEmail();
    const invited = await kit.call(admin.token, 'POST', 'users/invite?lang=sv', { email, role: roles.contributor });
    expect(invited.statusCode, invited.body).toBe(201);
    const invitation = invited.json();
    expect(invitation).toMatchObject({
      Email: stored(email),
      Role: roles.contributor,
      Status: 'pending',
      UserId: null,
      InvitedByName: 'Test User',
      RemindedAt: null,
    });

    // The e-mail is in the outbox, in the inviting administrator's language, linking to /register/{id}.
    const [message, ...more] = await kit.invitationEmails(invitation.Id);
    expect(more).toHaveLength(0);
    expect(message).toMatchObject({
      kind: 'user-invitation',
      channel: 'email',
      recipient: stored(email),
      locale: 'sv',
      state: 'queued',
      accountId: admin.accountId,
      data: { accountName: `Company ${admin.accountId}`, inviterName: 'Test User', invitationId: invitation.Id },
    });
    const rendered = renderEmailMessage(message as NonNullable<typeof message>, testApp.context.messaging.publicUrls);
    expect(rendered.text).toContain(`/#/register/${invitation.Id}`);
    expect(rendered.subject).toContain('har bjudit in dig');

    // The /register/{id} page needs no session to show the invitation.
    const details = await kit.call(null, 'GET', `account/invitations/${invitation.Id}/details`);
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json()).toEqual({
      Id: invitation.Id,
      Kind: 'user',
      CompanyName: `Company ${admin.accountId}`,
      InviterName: 'Test User',
      EmailAddressMasked: expect.stringMatching(/^K•••.@example\.com$/),
      Role: roles.contributor,
      Status: 'pending',
    });

    // The person signs up (here: a user of their own company, read only there) and accepts, the address in
    // another case.
    const person = await kit.signIn({ email: email.toLowerCase(), role: roles.readOnly });
    const accepted = await kit.call(person.token, 'POST', `account/invitations/${invitation.Id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json()).toMatchObject({
      user: { UserId: person.userId, AccountId: admin.accountId, Role: roles.contributor },
      AlreadyHaveAccessToAccount: false,
    });
    expect(accepted.json().accounts).toHaveLength(2);
    // As with account switching, the old token stops and the new one acts for the company.
    expect((await kit.whoAmI(person.token)).statusCode).toBe(401);
    const fresh = accepted.json().accessToken as string;
    expect((await kit.whoAmI(fresh)).json()).toMatchObject({ user: { AccountId: admin.accountId } });

    const users = await kit.call(admin.token, 'GET', 'account/users');
    expect(users.statusCode).toBe(200);
    expect(users.json().Users).toEqual([
      { UserId: admin.userId, Name: 'Test User', Email: admin.email, Role: roles.administrator, IsYou: true },
      { UserId: person.userId, Name: 'Test User', Email: email.toLowerCase(), Role: roles.contributor, IsYou: false },
    ]);
    expect(users.json().Invitations).toEqual([]);

    const all = await kit.call(admin.token, 'GET', 'account/invitations');
    expect(all.json().Invitations).toEqual([
      expect.objectContaining({
        Id: invitation.Id,
        Status: 'accepted',
        UserId: person.userId,
        DecidedAt: expect.any(String),
      }),
    ]);

    // Used once: neither the page nor a second accept work any more.
    const again = await kit.call(fresh, 'POST', `account/invitations/${invitation.Id}/accept`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'INVITATION_ALREADY_ACCEPTED' });
    const usedDetails = await kit.call(null, 'GET', `account/invitations/${invitation.Id}/details`);
    expect(usedDetails.json()).toMatchObject({ code: 'INVITATION_ALREADY_ACCEPTED' });
  });

  it('lists pending invitations with the members, newest invitation first', async () => {
    const admin = await kit.signIn();
    const first = await kit.call(admin.token, 'POST', 'users/invite', { email: freshEmail('A'), role: roles.regular });
    const second = await kit.call(admin.token, 'POST', 'users/invite', {
      email: freshEmail('B'),
      role: roles.readOnly,
    });
    const users = (await kit.call(admin.token, 'GET', 'account/users')).json();
    expect(users.Invitations.map((row: { Id: string }) => row.Id)).toEqual([second.json().Id, first.json().Id]);
    const listed = (await kit.call(admin.token, 'GET', 'account/invitations')).json();
    expect(listed.Invitations).toHaveLength(2);
  });

  it('sends the e-mail again at most once an hour; inviting a pending address again is that reminder', async () => {
    const admin = await kit.signIn();
    const email = freshEmail();
    const invitation = (await kit.call(admin.token, 'POST', 'users/invite', { email, role: roles.contributor })).json();

    const tooSoon = await kit.call(admin.token, 'POST', `account/invitations/${invitation.Id}/remind?lang=es`);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: createTranslator('es')('errors:rateLimited'),
      details: { retryAfterSeconds: expect.any(Number) },
    });
    expect(tooSoon.json().details.retryAfterSeconds).toBeGreaterThan(59 * 60);
    const reinviteTooSoon = await kit.call(admin.token, 'POST', 'users/invite', {
      email: email.toUpperCase(),
      role: 5,
    });
    expect(reinviteTooSoon.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(await kit.invitationEmails(invitation.Id)).toHaveLength(1);

    await kit.ageInvitation(invitation.Id, 61);
    const reinvited = await kit.call(admin.token, 'POST', 'users/invite', { email: email.toUpperCase(), role: 5 });
    expect(reinvited.statusCode, reinvited.body).toBe(200);
    expect(reinvited.json()).toMatchObject({
      Id: invitation.Id,
      Role: roles.contributor,
      RemindedAt: expect.any(String),
    });
    expect(await kit.invitationEmails(invitation.Id)).toHaveLength(2);
    const afterReinvite = await kit.call(admin.token, 'POST', `account/invitations/${invitation.Id}/remind`);
    expect(afterReinvite.statusCode).toBe(429);

    await kit.ageInvitation(invitation.Id, 61);
    const reminded = await kit.call(admin.token, 'POST', `account/invitations/${invitation.Id}/remind?lang=es`);
    expect(reminded.statusCode, reminded.body).toBe(200);
    expect(Date.parse(reminded.json().RemindedAt)).toBeGreaterThan(Date.now() - 60_000);
    const emails = await kit.invitationEmails(invitation.Id);
    expect(emails).toHaveLength(3);
    expect(emails[2]).toMatchObject({ kind: 'user-invitation', locale: 'es', recipient: stored(email) });
    expect((await kit.call(admin.token, 'POST', `account/invitations/${invitation.Id}/remind`)).statusCode).toBe(429);
  });

  it('refuses an invitation once revoked, by either path; revoking twice is harmless', async () => {
    const admin = await kit.signIn();
    const email = freshEmail();
    const person = await kit.signIn({ email });
    const invitation = (await kit.call(admin.token, 'POST', 'users/invite', { email, role: roles.regular })).json();

    const revoked = await kit.call(admin.token, 'PUT', `account/invitations/${invitation.Id}`, { status: 'cancelled' });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ Id: invitation.Id, Status: 'cancelled', DecidedAt: expect.any(String) });
    const twice = await kit.call(admin.token, 'PUT', `account/invitations/${invitation.Id}`, { status: 'cancelled' });
    expect(twice.json()).toMatchObject({ Status: 'cancelled', DecidedAt: revoked.json().DecidedAt });

    const refused = await kit.call(person.token, 'POST', `account/invitations/${invitation.Id}/accept?lang=sv`);
    expect(refused.statusCode).toBe(410);
    expect(refused.json()).toMatchObject({
      code: 'INVITATION_CANCELLED',
      message: createTranslator('sv')('errors:invitationCancelled'),
    });
    expect((await kit.call(null, 'GET', `account/invitations/${invitation.Id}/details`)).statusCode).toBe(410);
    expect((await kit.call(admin.token, 'POST', `account/invitations/${invitation.Id}/remind`)).statusCode).toBe(410);
    const users = (await kit.call(admin.token, 'GET', 'account/users')).json();
    expect(users.Users.map((user: { UserId: string }) => user.UserId)).toEqual([admin.userId]);
    expect((await kit.whoAmI(person.token)).json()).toMatchObject({ user: { AccountId: person.accountId } });

    // The spec's other path; and the address may be invited anew once nothing is pending.
    const next = (await kit.call(admin.token, 'POST', 'users/invite', { email, role: roles.regular })).json();
    expect(next.Id).not.toBe(invitation.Id);
    const deleted = await kit.call(admin.token, 'DELETE', `users/${next.Id}/invite`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ Id: next.Id, Status: 'cancelled' });
    expect((await kit.call(person.token, 'POST', `account/invitations/${next.Id}/accept`)).statusCode).toBe(410);
  });

  it('does not revoke an accepted invitation', async () => {
    const admin = await kit.signIn();
    const email = freshEmail();
    const person = await kit.signIn({ email });
    const invitation = (await kit.call(admin.token, 'POST', 'users/invite', { email, role: roles.regular })).json();
    expect((await kit.call(person.token, 'POST', `account/invitations/${invitation.Id}/accept`)).statusCode).toBe(201);
    const revoke = await kit.call(admin.token, 'DELETE', `users/${invitation.Id}/invite`);
    expect(revoke.statusCode).toBe(409);
    expect(revoke.json()).toMatchObject({ code: 'INVITATION_ALREADY_ACCEPTED' });
  });

  it('lets only the invited address accept, and not a person who already has access (SPEC section 5)', async () => {
    const admin = await kit.signIn();
    const email = freshEmail();
    const invitation = (await kit.call(admin.token, 'POST', 'users/invite', { email, role: roles.regular })).json();

    const stranger = await kit.signIn();
    const wrongPerson = await kit.call(stranger.token, 'POST', `account/invitations/${invitation.Id}/accept`);
    expect(wrongPerson.statusCode).toBe(403);
    expect(wrongPerson.json()).toMatchObject({
      code: 'FORBIDDEN',
      details: { reason: 'invitation-for-another-email' },
    });

    // The person got access another way meanwhile: the invitation cannot be activated.
    const person = await kit.signIn({ email });
    await testApp.database.db
      .insert(memberships)
      .values({ userId: person.userId, accountId: admin.accountId, role: roles.readOnly });
    const already = await kit.call(person.token, 'POST', `account/invitations/${invitation.Id}/accept?lang=sv`);
    expect(already.statusCode).toBe(409);
    expect(already.json()).toMatchObject({
      code: 'ALREADY_HAS_COMPANY_ACCESS',
      message: createTranslator('sv')('errors:alreadyHasCompanyAccess'),
    });
    const listed = (await kit.call(admin.token, 'GET', 'account/invitations')).json();
    expect(listed.Invitations[0]).toMatchObject({ Id: invitation.Id, Status: 'pending' });
  });

  it('does not invite a member again, nor anyone into a personal account', async () => {
    const admin = await kit.signIn();
    const member = await kit.signIn({ accountId: admin.accountId, role: roles.regular });
    const again = await kit.call(admin.token, 'POST', 'users/invite', {
      email: member.email.toUpperCase(),
      role: roles.regular,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_HAS_COMPANY_ACCESS' });

    const owner = await kit.signInPersonal();
    const personal = await kit.call(owner.token, 'POST', 'users/invite?lang=es', { email: freshEmail(), role: 5 });
    expect(personal.statusCode).toBe(409);
    expect(personal.json()).toMatchObject({
      code: 'PERSONAL_ACCOUNT_NO_USERS',
      message: createTranslator('es')('errors:personalAccountNoUsers'),
    });
    expect((await kit.call(owner.token, 'GET', 'account/invitations')).json().Invitations).toEqual([]);
  });

  it('answers an unknown invitation id as not found', async () => {
    const person = await kit.signIn();
    const unknown = 'inv_AAAAAAAAAAAAAAAAAAAAAA';
    expect((await kit.call(null, 'GET', `account/invitations/${unknown}/details`)).json()).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await kit.call(person.token, 'POST', `account/invitations/${unknown}/accept`)).statusCode).toBe(404);
  });
});

describe('the OpenAPI document (DECISIONS, "Paths the spec does not show")', () => {
  it('lists every account-user path, the two of our own naming included', async () => {
    const document = (await testApp.app.inject({ url: '/v2/docs/json' })).json();
    const base = '/v2/linktinker/app';
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        `${base}/account/users`,
        `${base}/users/invite`,
        `${base}/account/invitations`,
        `${base}/account/invitations/{id}`,
        `${base}/users/{id}/invite`,
        `${base}/account/invitations/{id}/remind`,
        `${base}/users/{userId}/role`,
        `${base}/users/{id}/remove`,
        `${base}/account/invitations/{id}/details`,
        `${base}/account/invitations/{id}/accept`,
      ]),
    );
    const invite = document.paths[`${base}/users/invite`].post;
    expect(invite.security).toEqual([{ bearer: [] }]);
    expect(JSON.stringify(invite.requestBody)).toContain('"enum":[2,5,11,12]');
  });
});

describe('bad input (SPEC sections 5 and 8)', () => {
  it('refuses an invalid e-mail, an unknown role and malformed ids, in the caller’s language', async () => {
    const admin = await kit.signIn();
    const sv = createTranslator('sv');

    const badEmail = await kit.call(admin.token, 'POST', 'users/invite?lang=sv', { email: 'kim@', role: 5 });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toMatchObject({ code: 'INVALID_EMAIL', message: sv('errors:invalidEmail') });

    for (const body of [
      { email: 'kim@example.com', role: 3 },
      { email: 'kim@example.com', role: '2' },
      { email: 'kim@example.com' },
      { role: 5 },
      { email: `${'x'.repeat(250)}@example.com`, role: 5 },
    ]) {
      const response = await kit.call(admin.token, 'POST', 'users/invite?lang=sv', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: sv('errors:validationFailed') });
    }
    const badRole = await kit.call(admin.token, 'PUT', `users/${admin.userId}/role?lang=sv`, { role: 1 });
    expect(badRole.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { issues: [{ path: 'body.role' }] } });
    const badStatus = await kit.call(admin.token, 'PUT', 'account/invitations/inv_AAAAAAAAAAAAAAAAAAAAAA', {
      status: 'accepted',
    });
    expect(badStatus.json()).toMatchObject({ code: 'VALIDATION_FAILED' });

    for (const [method, path] of [
      ['GET', 'account/invitations/not-an-invitation/details'],
      ['POST', 'account/invitations/inv_x/accept'],
      ['POST', 'account/invitations/inv_%20%20%20%20%20%20%20%20%20%20%20%20%20%20%20%20/remind'],
      ['DELETE', 'users/usr_123/invite'],
      ['POST', 'users/x/remove'],
      ['POST', `users/${'a'.repeat(65)}/remove`],
    ] as const) {
      const response = await kit.call(admin.token, method, `${path}?lang=sv`);
      expect(response.statusCode, path).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: { issues: [{ path: 'params.id' }] },
      });
    }
    const badUserId = await kit.call(admin.token, 'PUT', 'users/bad!id/role', { role: 5 });
    expect(badUserId.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { issues: [{ path: 'params.userId' }] },
    });
  });
});
