import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { voucherCredits } from '../../db/schema/billing.ts';
import { insertTestCampaign } from '../billing/billing-test-helpers.ts';
import { readSentCode } from '../verification-codes/verification-codes-test-helpers.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp?.close());

let sequence = 0;
const post = (url: string, payload: Record<string, unknown>, token?: string) =>
  testApp.app.inject({
    method: 'POST',
    url: `/v2/linktinker/app/${url}`,
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

/** SPEC section 2's phone sign-up with the login payload's ids, closed by `register` (SPEC section 7). */
async function signUpWith(ids: Record<string, string>) {
  sequence += 1;
  const phone = `+4670${String(6_000_000 + sequence).padStart(7, '0')}`;
  const email = `campaign-${sequence}@example.com`;
  const started = await post('register/sms', { phoneNumber: phone, ...ids });
  const { RegistrationId, PhoneNumberToken } = started.json();
  await post('register/sms/validate', {
    RegistrationId,
    PhoneNumberToken,
    Code: await readSentCode(testApp.database, phone),
  });
  await post('register/pin', { RegistrationId, Pin: '4821' });
  const emailStep = await post('register/email', { RegistrationId, EmailAddress: email, Name: 'Sara Ek' });
  const done = await post('register', {
    RegistrationId,
    EmailAddressToken: emailStep.json().EmailAddressToken,
    Code: await readSentCode(testApp.database, email),
  });
  expect(done.statusCode, done.body).toBe(200);
  return done.json();
}

async function creditsOf(accountId: string, campaignId: string) {
  return testApp.database.db
    .select()
    .from(voucherCredits)
    .where(and(eq(voucherCredits.accountId, accountId), eq(voucherCredits.campaignId, campaignId)));
}

describe('a sign-up with a campaign id gets the campaign (SPEC sections 3 and 7)', () => {
  it('credits the new personal account, and the auth state carries the ids', async () => {
    const campaign = await insertTestCampaign(testApp.database.db, { creditMinor: 75_00 });
    const state = await signUpWith({ campaignActivationId: campaign.id, referralSourceId: 'newsletter' });
    expect(state).toMatchObject({
      IsNewUser: true,
      CampaignActivationId: campaign.id,
      ReferralSourceId: 'newsletter',
      balances: { TotalBalance: 75_00, VoucherBalance: 75_00 },
    });
    expect(state.VoucherActivationId).toBeUndefined();
    expect(await creditsOf(state.user.AccountId, campaign.id)).toHaveLength(1);
  });

  it('skips an ended or foreign-currency campaign without failing the sign-up', async () => {
    const ended = await insertTestCampaign(testApp.database.db, { validUntil: new Date(Date.now() - 60_000) });
    const endedState = await signUpWith({ campaignActivationId: ended.id });
    expect(endedState.balances.TotalBalance).toBe(0);
    expect(await creditsOf(endedState.user.AccountId, ended.id)).toHaveLength(0);

    const euro = await insertTestCampaign(testApp.database.db, { currency: 'EUR' });
    const euroState = await signUpWith({ campaignCodeId: euro.id });
    expect(euroState).toMatchObject({ CampaignCodeId: euro.id, balances: { TotalBalance: 0 } });

    const unknown = await signUpWith({ campaignActivationId: 'NO-SUCH-CAMPAIGN' });
    expect(unknown.balances.TotalBalance).toBe(0);
  });

  it('credits the company account of register/company when the campaign is in its currency', async () => {
    const euro = await insertTestCampaign(testApp.database.db, { currency: 'EUR', creditMinor: 20_00 });
    const person = await signUpWith({ campaignActivationId: euro.id });
    expect(await creditsOf(person.user.AccountId, euro.id)).toHaveLength(0);

    const company = await post(
      'register/company',
      {
        CountryCode: 'DK',
        LegalName: 'Nielsen Design ApS',
        VatNumber: 'DK41225618',
        AddressLine1: 'Strøget 1',
        ZipCode: '1100',
        City: 'København',
      },
      person.accessToken,
    );
    expect(company.statusCode, company.body).toBe(201);
    expect(company.json()).toMatchObject({
      IsNewCompany: true,
      user: { AccountType: 'company', Currency: 'EUR' },
      balances: { TotalBalanceEurCent: 20_00, VoucherBalanceEurCent: 20_00 },
    });
    expect(await creditsOf(company.json().user.AccountId, euro.id)).toHaveLength(1);
  });
});
