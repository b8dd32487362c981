import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { expectUnauthenticatedAndForbidden } from '../accounts/account-users-test-helpers.ts';
import { customerInvitationsKit } from '../accounts/customer-invitations-test-helpers.ts';
import { insertReferralLink, readReferralLink } from './referral-links-test-helpers.ts';

/**
 * SPEC sections 4, 6 and 7: a partner's administrators list their referral links and switch them off and on;
 * the sign-up page looks an active link up without a session.
 */
let testApp: TestApp;
let kit: ReturnType<typeof customerInvitationsKit>;
type Caller = Awaited<ReturnType<ReturnType<typeof customerInvitationsKit>['signIn']>>;
let partnerId: string;
let callers: Awaited<ReturnType<typeof kit.signInPartnerCallers>>;

beforeAll(async () => {
  testApp = await buildTestApp();
  kit = customerInvitationsKit(testApp);
  callers = await kit.signInPartnerCallers('Lindqvist Redovisning AB');
  partnerId = callers.admin.accountId;
});
afterAll(() => testApp?.close());

const lookUp = (code: string, host = 'localhost') =>
  testApp.app.inject({ method: 'GET', url: `/v2/linktinker/account/referrallink/${code}`, headers: { host } });

describe('GET account/referrallinks (SPEC section 6: partners see their referral links)', () => {
  it('lists the partner’s links with the brand’s sign-up address, gift value, registrations and state', async () => {
    const { db } = testApp.database;
    const own = await insertReferralLink(db, { partnerAccountId: partnerId, name: 'Newsletter' });
    const euro = await insertReferralLink(db, {
      partnerAccountId: partnerId,
      currency: 'EUR',
      giftCardValueMinor: 25_00,
      disabled: true,
    });
    const others = await insertReferralLink(db, { partnerAccountId: callers.otherPartnerAdmin.accountId });

    const listed = await kit.call(callers.admin.token, 'GET', 'account/referrallinks');
    expect(listed.statusCode, listed.body).toBe(200);
    const links = listed.json().ReferralLinks as { Id: string }[];
    expect(links.map((link) => link.Id)).toEqual(expect.arrayContaining([own, euro]));
    expect(listed.body).not.toContain(others);
    expect(links.find((link) => link.Id === own)).toEqual({
      Id: own,
      Name: 'Newsletter',
      Url: `http://localhost:${testApp.context.config.port}/createaccount?referral=${own}`,
      GiftCardValue: 100_00,
      Currency: 'SEK',
      Registrations: 0,
      Disabled: false,
      CreatedAt: expect.any(String),
    });
    expect(links.find((link) => link.Id === euro)).toMatchObject({
      GiftCardValue: 25_00,
      Currency: 'EUR',
      Disabled: true,
    });

    // The second brand's host shares the second brand's address.
    const underSeBrand = await testApp.app.inject({
      method: 'GET',
      url: '/v2/linktinker/app/account/referrallinks',
      headers: { authorization: `Bearer ${callers.admin.token}`, host: 'pdfblankett.localhost' },
    });
    const seLink = (underSeBrand.json().ReferralLinks as { Id: string; Url: string }[]).find((l) => l.Id === own);
    expect(new URL(seLink?.Url ?? '').hostname).toBe('pdfblankett.localhost');
  });
});

describe('who may list and switch referral links (SPEC section 6)', () => {
  it.each([
    { name: 'GET account/referrallinks', method: 'GET' as const, path: () => 'account/referrallinks', hasId: false },
    {
      name: 'PUT account/referrallinks/{id}',
      method: 'PUT' as const,
      path: (code: string) => `account/referrallinks/${code}`,
      body: { Disabled: true },
      hasId: true,
    },
  ])('$name: a partner’s administrators only; other roles and non-partners 403, no token 401', async (endpoint) => {
    const code = await insertReferralLink(testApp.database.db, { partnerAccountId: partnerId });
    const send = (caller: Caller | null) =>
      kit.call(caller?.token ?? null, endpoint.method, endpoint.path(code), endpoint.body);

    await expectUnauthenticatedAndForbidden(send, callers, ['regular', 'contributor', 'readOnly', 'nonPartnerAdmin']);
    const other = await send(callers.otherPartnerAdmin);
    if (endpoint.hasId) {
      expect(other.statusCode, other.body).toBe(404);
      expect(other.json()).toMatchObject({ code: 'NOT_FOUND' });
    } else {
      expect(other.statusCode).toBe(200);
      expect(other.body).not.toContain(code);
    }
    // None of the refusals changed the link.
    expect((await readReferralLink(testApp.database.db, code))?.disabledAt).toBeNull();

    const allowed = await send(callers.admin);
    expect(allowed.statusCode, allowed.body).toBe(200);
  });
});

describe('PUT account/referrallinks/{id}: disable and enable', () => {
  it('switches the link off, keeps the first time when disabled twice, and on again; any case of the code', async () => {
    const { db } = testApp.database;
    const code = await insertReferralLink(db, { partnerAccountId: partnerId });
    const off = await kit.call(callers.admin.token, 'PUT', `account/referrallinks/${code}`, { Disabled: true });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ Id: code, Disabled: true });
    const firstTime = (await readReferralLink(db, code))?.disabledAt;
    expect(firstTime).toBeInstanceOf(Date);
    await kit.call(callers.admin.token, 'PUT', `account/referrallinks/${code.toLowerCase()}`, { Disabled: true });
    expect((await readReferralLink(db, code))?.disabledAt).toEqual(firstTime);
    expect((await lookUp(code)).json()).toMatchObject({ code: 'REFERRAL_LINK_DISABLED' });

    const on = await kit.call(callers.admin.token, 'PUT', `account/referrallinks/${code}`, { Disabled: false });
    expect(on.json()).toMatchObject({ Id: code, Disabled: false });
    expect((await lookUp(code)).statusCode).toBe(200);
  });

  it('refuses bad input with the catalogue’s code and changes nothing', async () => {
    const { db } = testApp.database;
    const code = await insertReferralLink(db, { partnerAccountId: partnerId });
    for (const [path, body] of [
      [`account/referrallinks/${code}`, { Disabled: 'yes' }],
      [`account/referrallinks/${code}`, {}],
      ['account/referrallinks/no!such', { Disabled: true }],
    ] as const) {
      const response = await kit.call(callers.admin.token, 'PUT', path, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect((await readReferralLink(db, code))?.disabledAt).toBeNull();
    const unknown = await kit.call(callers.admin.token, 'PUT', 'account/referrallinks/NOSUCHCODE123', {
      Disabled: true,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('GET account/referrallink/{code}, without a session (the sign-up page)', () => {
  it('shows an active link’s partner and gift value, whatever the case of the code', async () => {
    const code = await insertReferralLink(testApp.database.db, { partnerAccountId: partnerId });
    for (const typed of [code, code.toLowerCase()]) {
      const response = await lookUp(typed);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        Code: code,
        PartnerName: 'Lindqvist Redovisning AB',
        GiftCardValue: 100_00,
        Currency: 'SEK',
      });
    }
  });

  it('answers an unknown link NOT_FOUND and a disabled one REFERRAL_LINK_DISABLED, in the asked language', async () => {
    const disabled = await insertReferralLink(testApp.database.db, { partnerAccountId: partnerId, disabled: true });
    const unknown = await lookUp('NOSUCHCODE123');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
    const gone = await testApp.app.inject({
      method: 'GET',
      url: `/v2/linktinker/account/referrallink/${disabled}?lang=sv`,
    });
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({
      code: 'REFERRAL_LINK_DISABLED',
      message: expect.stringContaining('värvningslänk'),
    });
    const bad = await lookUp('a-b');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('OpenAPI', () => {
  it('lists the three referral-link paths, the PUT with its body', async () => {
    const document = (await testApp.app.inject({ url: '/v2/docs/json' })).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/v2/linktinker/app/account/referrallinks',
        '/v2/linktinker/app/account/referrallinks/{id}',
        '/v2/linktinker/account/referrallink/{code}',
      ]),
    );
    expect(document.paths['/v2/linktinker/app/account/referrallinks/{id}'].put.requestBody).toBeDefined();
  });
});
