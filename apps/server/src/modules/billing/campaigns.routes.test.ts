import { roles } from '@signlink/contracts/auth/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { injectWithToken, signInSeededUser } from '../../../test/sign-in.ts';
import { insertTestCampaign, ledgerState } from './billing-test-helpers.ts';

/** SPEC sections 3 and 7: a campaign shown without a session, activated once per account as voucher credit. */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp?.close());

const day = 24 * 3_600_000;
const call = (token: string | null, method: 'GET' | 'POST', path: string) =>
  injectWithToken(testApp, token, method, `/v2/linktinker/${path}`);
const signIn = (options: Parameters<typeof signInSeededUser>[1] = {}) => signInSeededUser(testApp, options);
type Caller = Awaited<ReturnType<typeof signIn>>;

async function expectRefused(caller: Caller, id: string, status: number, code: string) {
  const before = await ledgerState(testApp.database.db, caller.accountId);
  const reply = await call(caller.token, 'POST', `app/campaigns/${id}/activate`);
  expect(reply.statusCode, reply.body).toBe(status);
  expect(reply.json()).toMatchObject({ code });
  expect(await ledgerState(testApp.database.db, caller.accountId)).toEqual(before);
}

describe('GET linktinker/campaigns/{id}', () => {
  it('shows name, description, credit, currency and end to anyone; an unknown id is NOT_FOUND', async () => {
    const campaign = await insertTestCampaign(testApp.database.db, { creditMinor: 75_00 });
    const reply = await call(null, 'GET', `campaigns/${campaign.id}`);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({
      Id: campaign.id,
      Name: 'Spring offer',
      Description: 'Credit for new customers',
      CreditValue: 75_00,
      Currency: 'SEK',
      ValidUntil: campaign.validUntil.toISOString(),
      CreditValidDays: 90,
      IsEnded: false,
    });
    const unknown = await call(null, 'GET', 'campaigns/NOSUCHCAMPAIGN');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('POST linktinker/app/campaigns/{id}/activate', () => {
  it('credits the value once per account, lapsing after the campaign’s days, and lists the activation', async () => {
    const admin = await signIn();
    const regular = await signIn({ role: roles.regular, accountId: admin.accountId });
    const campaign = await insertTestCampaign(testApp.database.db, { creditMinor: 60_00, creditValidDays: 30 });
    const before = Date.now();
    const reply = await call(admin.token, 'POST', `app/campaigns/${campaign.id}/activate`);
    expect(reply.statusCode, reply.body).toBe(200);
    const body = reply.json();
    expect(body).toMatchObject({
      Activation: { CampaignId: campaign.id, Name: 'Spring offer', Credited: 60_00, Currency: 'SEK' },
      TotalBalance: 60_00,
      VoucherBalance: 60_00,
    });
    const lapses = Date.parse(body.Activation.ExpiresAt) - Date.parse(body.Activation.ActivatedAt);
    expect(lapses).toBe(30 * day);
    expect(Date.parse(body.Activation.ActivatedAt)).toBeGreaterThanOrEqual(before - 1000);

    await expectRefused(regular, campaign.id, 409, 'CAMPAIGN_ALREADY_ACTIVATED');
    const listed = await call(regular.token, 'GET', 'app/campaigns');
    expect(listed.json()).toEqual({ Activations: [body.Activation] });
    const credits = (await call(admin.token, 'GET', 'app/balance/vouchers')).json().Vouchers;
    expect(credits).toEqual([expect.objectContaining({ Source: 'campaign', Remaining: 60_00 })]);
  });

  it('refuses an ended campaign, another currency, an unknown id, and read-only users and contributors', async () => {
    const { db } = testApp.database;
    const admin = await signIn();
    const euro = await signIn({ currency: 'EUR' });
    const readOnly = await signIn({ role: roles.readOnly, accountId: admin.accountId });
    const contributor = await signIn({ role: roles.contributor, accountId: admin.accountId });
    const ended = await insertTestCampaign(db, { validUntil: new Date(Date.now() - day) });
    const running = await insertTestCampaign(db);
    await expectRefused(admin, ended.id, 410, 'CAMPAIGN_ENDED');
    expect((await call(null, 'GET', `campaigns/${ended.id}`)).json()).toMatchObject({ IsEnded: true });
    await expectRefused(euro, running.id, 422, 'CAMPAIGN_WRONG_CURRENCY');
    await expectRefused(admin, 'NOSUCHCAMPAIGN', 404, 'NOT_FOUND');
    await expectRefused(readOnly, running.id, 403, 'FORBIDDEN');
    await expectRefused(contributor, running.id, 403, 'FORBIDDEN');
  });

  it('credits once when two members activate at the same time', async () => {
    const admin = await signIn();
    const regular = await signIn({ role: roles.regular, accountId: admin.accountId });
    const campaign = await insertTestCampaign(testApp.database.db);
    const replies = await Promise.all(
      [admin, regular].map((who) => call(who.token, 'POST', `app/campaigns/${campaign.id}/activate`)),
    );
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    expect((await ledgerState(testApp.database.db, admin.accountId)).cachedMinor).toBe(50_00);
  });
});
