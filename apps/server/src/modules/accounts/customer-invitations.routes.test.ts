import { createTranslator } from '@signlink/i18n/create-translator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { renderEmailMessage } from '../messaging/render-message.ts';
import { freshEmail } from './account-users-test-helpers.ts';
import { customerInvitationsKit } from './customer-invitations-test-helpers.ts';

let testApp: TestApp;
let kit: ReturnType<typeof customerInvitationsKit>;
beforeAll(async () => {
  testApp = await buildTestApp();
  kit = customerInvitationsKit(testApp);
});
afterAll(() => testApp?.close());

const stored = (email: string) => email.replace(/@.*/, (domain) => domain.toLowerCase());

describe('a partner invites customer accounts (SPEC sections 2, 6 and 7)', () => {
  it('invites a company: the e-mail in the request’s language and brand links to /register/{id}', async () => {
    const partner = await kit.signInPartner();
    const email = freshEmail('Kund');
    const invited = await testApp.app.inject({
      method: 'POST',
      url: '/v2/linktinker/app/account/invite?lang=sv',
      headers: { authorization: `Bearer ${partner.token}`, host: 'pdfblankett.localhost' },
      payload: { EmailAddress: email, OrgNumber: '559100-0012', Name: 'Andersson Konsult AB' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const invitation = invited.json();
    expect(invitation).toMatchObject({
      Id: expect.stringMatching(/^cin_/),
      Kind: 'company',
      Email: stored(email),
      OrgNumber: '5591000012',
      Name: 'Andersson Konsult AB',
      Status: 'pending',
      InvitedByName: 'Test User',
      CreatedAccountId: null,
      CreatedAccountName: null,
      RemindedAt: null,
    });

    const [message, ...more] = await kit.invitationEmails(invitation.Id);
    expect(more).toHaveLength(0);
    expect(message).toMatchObject({
      kind: 'customer-invitation',
      channel: 'email',
      recipient: stored(email),
      locale: 'sv',
      state: 'queued',
      accountId: partner.accountId,
      data: {
        customerKind: 'company',
        partnerName: `Company ${partner.accountId}`,
        customerName: 'Andersson Konsult AB',
        invitationId: invitation.Id,
      },
    });
    const rendered = renderEmailMessage(message as NonNullable<typeof message>, testApp.context.messaging.publicUrls);
    expect(rendered.text).toContain(`pdfblankett.localhost`);
    expect(rendered.text).toContain(`/#/register/${invitation.Id}`);
    expect(rendered.subject).toContain('företagskonto');
    expect(rendered.brand.name).not.toBe('Signlink');

    const details = await kit.call(null, 'GET', `account/invitations/${invitation.Id}/details`);
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json()).toEqual({
      Id: invitation.Id,
      Kind: 'company',
      PartnerName: `Company ${partner.accountId}`,
      InviterName: 'Test User',
      EmailAddressMasked: expect.stringMatching(/^K•••.@example\.com$/),
      OrgNumber: '5591000012',
      Name: 'Andersson Konsult AB',
      Status: 'pending',
    });
  });

  it('sends a pending invitation again at most once an hour; another company or a personal one is new', async () => {
    const partner = await kit.signInPartner();
    const email = freshEmail();
    const company = { EmailAddress: email, OrgNumber: '5591000012' };
    const first = await kit.call(partner.token, 'POST', 'account/invite', company);
    expect(first.statusCode).toBe(201);
    const id = first.json().Id as string;

    const tooSoon = await kit.call(partner.token, 'POST', 'account/invite', {
      ...company,
      EmailAddress: email.toUpperCase(),
    });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ code: 'RATE_LIMITED', details: { retryAfterSeconds: expect.any(Number) } });
    expect(await kit.invitationEmails(id)).toHaveLength(1);

    await kit.ageInvitationRow(id, 61);
    const again = await kit.call(partner.token, 'POST', 'account/invite?lang=es', company);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ Id: id, RemindedAt: expect.any(String) });
    const emails = await kit.invitationEmails(id);
    expect(emails.map((message) => message.locale)).toEqual(['en-us', 'es']);
    expect((await kit.call(partner.token, 'POST', `account/invitations/${id}/remind`)).statusCode).toBe(429);

    const otherCompany = await kit.call(partner.token, 'POST', 'account/invite', {
      ...company,
      OrgNumber: '5560001231',
    });
    const personal = await kit.call(partner.token, 'POST', 'account/invite/personal', {
      EmailAddress: email,
      Name: 'Kim',
    });
    expect([otherCompany.statusCode, personal.statusCode]).toEqual([201, 201]);
    expect(personal.json()).toMatchObject({ Kind: 'personal', OrgNumber: null, Name: 'Kim' });

    // The list: newest first, the partner's only.
    const list = await kit.call(partner.token, 'GET', 'account/customerinvitations');
    expect(list.statusCode).toBe(200);
    expect(list.json().Invitations.map((row: { Id: string }) => row.Id)).toEqual([
      personal.json().Id,
      otherCompany.json().Id,
      id,
    ]);
  });

  it('revokes (twice is the same), then the link and the reminder say cancelled; an invite makes a new one', async () => {
    const partner = await kit.signInPartner();
    const email = freshEmail();
    const id = await kit.insertCustomerInvitation({
      partnerAccountId: partner.accountId,
      invitedBy: partner.userId,
      email,
    });
    for (let i = 0; i < 2; i++) {
      const revoked = await kit.call(partner.token, 'PUT', `account/invitations/${id}`, { status: 'cancelled' });
      expect(revoked.statusCode, revoked.body).toBe(200);
      expect(revoked.json()).toMatchObject({ Id: id, Status: 'cancelled', DecidedAt: expect.any(String) });
    }
    const details = await kit.call(null, 'GET', `account/invitations/${id}/details`);
    expect([details.statusCode, details.json().code]).toEqual([410, 'INVITATION_CANCELLED']);
    const remind = await kit.call(partner.token, 'POST', `account/invitations/${id}/remind`);
    expect(remind.json()).toMatchObject({ code: 'INVITATION_CANCELLED' });
    const invitedAgain = await kit.call(partner.token, 'POST', 'account/invite/personal', { EmailAddress: email });
    expect(invitedAgain.statusCode).toBe(201);
    expect(invitedAgain.json().Id).not.toBe(id);
  });

  it('keeps one pending row when the same invite arrives several times at once', async () => {
    const partner = await kit.signInPartner();
    const body = { EmailAddress: freshEmail(), OrgNumber: '5591000012' };
    const before = await kit.counts();
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => kit.call(partner.token, 'POST', 'account/invite', body)),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 429, 429, 429]);
    const after = await kit.counts();
    expect(after.invitations).toBe((before.invitations ?? 0) + 1);
    expect(after.messages).toBe((before.messages ?? 0) + 1);
  });
});

describe('bad input (SPEC sections 5 and 8): the catalogue code, in the caller’s language, and nothing written', () => {
  it('refuses international companies, bad numbers and addresses, unknown fields', async () => {
    const partner = await kit.signInPartner();
    const es = createTranslator('es');
    const before = await kit.counts();

    const international = await kit.call(partner.token, 'POST', 'account/invite?lang=es', {
      EmailAddress: freshEmail(),
      OrgNumber: 'DE123456789',
      CountryCode: 'DE',
    });
    expect(international.statusCode).toBe(422);
    expect(international.json()).toMatchObject({
      code: 'INTERNATIONAL_COMPANY_INVITE',
      message: es('errors:internationalCompanyInvite'),
    });

    const badEmail = await kit.call(partner.token, 'POST', 'account/invite/personal?lang=es', { EmailAddress: 'kim@' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toMatchObject({ code: 'INVALID_EMAIL', message: es('errors:invalidEmail') });

    const badOrg = await kit.call(partner.token, 'POST', 'account/invite', {
      EmailAddress: freshEmail(),
      OrgNumber: '5591000013',
    });
    expect(badOrg.statusCode).toBe(400);
    expect(badOrg.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { issues: [{ path: 'body.OrgNumber' }] },
    });

    for (const [path, body] of [
      ['account/invite', { EmailAddress: freshEmail(), OrgNumber: '5591000012', Role: 2 }],
      ['account/invite', { EmailAddress: freshEmail() }],
      ['account/invite', { EmailAddress: freshEmail(), OrgNumber: '5591000012', CountryCode: 'se' }],
      ['account/invite/personal', { EmailAddress: freshEmail(), OrgNumber: '5591000012' }],
      ['account/invite/personal', { EmailAddress: freshEmail(), Name: '' }],
      ['account/invite/personal', {}],
    ] as const) {
      const response = await kit.call(partner.token, 'POST', `${path}?lang=es`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: es('errors:validationFailed') });
    }
    for (const path of ['account/invitations/cin_x/remind', 'account/invitations/xyz_AAAAAAAAAAAAAAAAAAAAAA/details']) {
      const response = await kit.call(partner.token, path.endsWith('details') ? 'GET' : 'POST', path);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: { issues: [{ path: 'params.id' }] },
      });
    }
    expect(await kit.counts()).toEqual(before);
  });

  it('answers an unknown customer invitation id as not found', async () => {
    const partner = await kit.signInPartner();
    const unknown = 'cin_AAAAAAAAAAAAAAAAAAAAAA';
    expect((await kit.call(null, 'GET', `account/invitations/${unknown}/details`)).statusCode).toBe(404);
    expect((await kit.call(partner.token, 'POST', `account/invitations/${unknown}/remind`)).statusCode).toBe(404);
    const accept = await kit.call(partner.token, 'POST', `account/invitations/${unknown}/accept`);
    expect(accept.statusCode, accept.body).toBe(404);
  });
});

describe('the OpenAPI document', () => {
  it('lists the customer-invitation paths, the list of our own naming included', async () => {
    const document = (await testApp.app.inject({ url: '/v2/docs/json' })).json();
    const base = '/v2/linktinker/app';
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        `${base}/account/invite`,
        `${base}/account/invite/personal`,
        `${base}/account/customerinvitations`,
      ]),
    );
    expect(document.paths[`${base}/account/invite`].post.security).toEqual([{ bearer: [] }]);
  });
});
