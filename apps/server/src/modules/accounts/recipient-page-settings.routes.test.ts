import { roles } from '@signlink/contracts/auth/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { seedDocument } from '../../../test/seed-document.ts';
import { injectWithToken, signInSeededUser } from '../../../test/sign-in.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => testApp.close());

const settingsUrl = '/v2/linktinker/app/account/recipientpage';
const logoUrl = '/v2/linktinker/app/account/logo';
const details = (linkId: string) => testApp.app.inject({ method: 'GET', url: `/v2/linktinker/links/${linkId}` });
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const putLogo = (token: string, body: Buffer, contentType = 'image/png') =>
  testApp.app.inject({
    method: 'PUT',
    url: logoUrl,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload: body,
  });

describe("the account's recipient page: consent message, privacy link, logo (issue 8, parts 2 and 11)", () => {
  it("shows an administrator's consent message and privacy link in their documents' link details only", async () => {
    const admin = await signInSeededUser(testApp);
    const own = await seedDocument(testApp.database.db, { owner: admin });
    const others = await seedDocument(testApp.database.db);
    const consent = 'Vi behandlar dina uppgifter enligt GDPR. Åäö.';
    const set = await injectWithToken(testApp, admin.token, 'PUT', settingsUrl, {
      ConsentMessage: ` ${consent} `,
      PrivacyUrl: 'https://example.com/privacy',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ ConsentMessage: consent, PrivacyUrl: 'https://example.com/privacy', HasLogo: false });

    const owner = (await details(own.parties[0]?.linkCode ?? '')).json().OwnerData;
    expect(Buffer.from(owner.ConsentMessage, 'base64').toString('utf8')).toBe(consent);
    expect(owner).toMatchObject({ PrivacyUrl: 'https://example.com/privacy', LogoUrl: null });
    const other = (await details(others.parties[0]?.linkCode ?? '')).json().OwnerData;
    expect(other).toMatchObject({ ConsentMessage: null, PrivacyUrl: null, LogoUrl: null });

    const cleared = await injectWithToken(testApp, admin.token, 'PUT', settingsUrl, {
      ConsentMessage: '',
      PrivacyUrl: '',
    });
    expect(cleared.json()).toEqual({ ConsentMessage: null, PrivacyUrl: null, HasLogo: false });
  });

  it('refuses a privacy link that is not https, and changes by anyone but an administrator', async () => {
    const admin = await signInSeededUser(testApp);
    const plain = await injectWithToken(testApp, admin.token, 'PUT', settingsUrl, {
      ConsentMessage: null,
      PrivacyUrl: 'javascript:alert(1)',
    });
    expect(plain.statusCode).toBe(400);
    const regular = await signInSeededUser(testApp, { accountId: admin.accountId, role: roles.regular });
    const body = { ConsentMessage: 'x', PrivacyUrl: null };
    expect((await injectWithToken(testApp, regular.token, 'PUT', settingsUrl, body)).statusCode).toBe(403);
    expect((await putLogo(regular.token, png)).statusCode).toBe(403);
    expect((await injectWithToken(testApp, regular.token, 'GET', settingsUrl)).statusCode).toBe(200);
    expect((await injectWithToken(testApp, null, 'GET', settingsUrl)).statusCode).toBe(401);
  });

  it("serves an administrator's logo by link, refuses other image types and large files, and removes it", async () => {
    const admin = await signInSeededUser(testApp);
    const { parties } = await seedDocument(testApp.database.db, { owner: admin });
    const linkId = parties[0]?.linkCode ?? '';
    expect((await testApp.app.inject(`/v2/linktinker/links/${linkId}/logo`)).statusCode).toBe(404);

    const svg = await putLogo(admin.token, Buffer.from('<svg onload="alert(1)"/>'), 'image/png');
    expect(svg.statusCode).toBe(415);
    expect(svg.json()).toMatchObject({ code: 'UPLOAD_WRONG_TYPE' });
    const large = await putLogo(admin.token, Buffer.concat([png, Buffer.alloc(300 * 1024)]));
    expect(large.statusCode).toBe(413);
    const set = await putLogo(admin.token, png);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ HasLogo: true });

    const shown = (await details(linkId)).json().OwnerData.LogoUrl;
    expect(shown).toBe(`/v2/linktinker/links/${linkId}/logo`);
    const logo = await testApp.app.inject(shown);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.equals(png)).toBe(true);

    const removed = await injectWithToken(testApp, admin.token, 'DELETE', logoUrl);
    expect(removed.json()).toMatchObject({ HasLogo: false });
    expect((await details(linkId)).json().OwnerData.LogoUrl).toBeNull();
    expect((await testApp.app.inject(shown)).statusCode).toBe(404);
  });
});
