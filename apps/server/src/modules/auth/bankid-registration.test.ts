import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { approvedOrder } from '../../../test/bankid-test-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { insertTestCampaign } from '../billing/billing-test-helpers.ts';
import { insertPartnerAccount, insertReferralLink } from '../partners/referral-links-test-helpers.ts';
import { readSentCode } from '../verification-codes/verification-codes-test-helpers.ts';
import { signPersonalNumberToken } from './personal-number-token.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp?.close());
afterEach(() => testApp.bankId.simulator?.controls.reset());

const post = (url: string, payload: Record<string, unknown>) =>
  testApp.app.inject({ method: 'POST', url: `/v2${url}`, payload });

async function personalNumberTokenOf(personalNumber: string) {
  const { key } = await approvedOrder(testApp, '/v2/linktinker/app/bankid', personalNumber, {
    Purpose: 'registration',
  });
  const validated = await post('/linktinker/app/bankid/validate', { ClientAccessKey: key });
  return validated.json().PersonalNumberToken as string;
}

async function provePhone(personalNumberToken: string, phone: string) {
  const sms = await post('/linktinker/app/bankid/sms', { phoneNumber: phone, personalNumberToken, lang: 'sv' });
  expect(sms.statusCode, sms.body).toBe(200);
  const code = await readSentCode(testApp.database, phone);
  const validated = await post('/linktinker/app/bankid/sms/validate', {
    personalNumberToken,
    phoneNumberToken: sms.json().PhoneNumberToken,
    code,
  });
  expect(validated.statusCode, validated.body).toBe(200);
  return validated.json().PhoneNumberProof as string;
}

describe('registration with BankID: BankID, then phone and e-mail codes (SPEC section 3, issue 5)', () => {
  it("makes a user with BankID's name and personal number, who then logs in with BankID", async () => {
    const { db } = testApp.database;
    const referral = await insertReferralLink(db, { partnerAccountId: await insertPartnerAccount(db) });
    const personalNumberToken = await personalNumberTokenOf('197212312396');
    const phoneNumberProof = await provePhone(personalNumberToken, '+46702223344');
    const emailStep = await post('/linktinker/app/bankid/email', {
      emailAddress: 'maria@example.com',
      personalNumberToken,
      phoneNumberProof,
      referralLinkId: referral,
    });
    expect(emailStep.statusCode, emailStep.body).toBe(200);
    const code = await readSentCode(testApp.database, 'maria@example.com');
    const done = await post('/linktinker/app/bankid/email/validate', {
      personalNumberToken,
      phoneNumberProof,
      emailAddressToken: emailStep.json().EmailAddressToken,
      code,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      IsNewUser: true,
      user: { Name: 'Maria Karlsson', Email: 'maria@example.com', PhoneNumber: '+46702223344', Language: 'sv' },
    });
    const { rows } = await testApp.database.executeSql(
      `select personal_number, attribution from users where email = 'maria@example.com'`,
    );
    expect(rows).toEqual([{ personal_number: '197212312396', attribution: { referralLinkId: referral } }]);

    const { key } = await approvedOrder(testApp, '/v2/linktinker/app/bankid', '197212312396', { Purpose: 'login' });
    const login = await post('/linktinker/app/bankid/validate', { ClientAccessKey: key });
    expect(login.json()).toMatchObject({ Auth: { user: { Name: 'Maria Karlsson' } } });
  });

  it('refuses a forged personal-number token and a phone proven by another person', async () => {
    const forged = await signPersonalNumberToken('not-the-server-secret-not-the-server', {
      personalNumber: '198507142381',
      name: 'Erik Johansson',
    });
    const refused = await post('/linktinker/app/bankid/sms', {
      phoneNumber: '+46702223355',
      personalNumberToken: forged,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'ACTION_CANCELLED' });

    const erik = await personalNumberTokenOf('198507142381');
    const johan = await personalNumberTokenOf('196803152393');
    const eriksPhone = await provePhone(erik, '+46702223366');
    const mixed = await post('/linktinker/app/bankid/email', {
      emailAddress: 'mixed@example.com',
      personalNumberToken: johan,
      phoneNumberProof: eriksPhone,
    });
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json()).toMatchObject({ code: 'ACTION_CANCELLED' });
  });

  it("activates the e-mail step's campaign for the new personal account (SPEC section 3)", async () => {
    const campaign = await insertTestCampaign(testApp.database.db, { creditMinor: 60_00 });
    const personalNumberToken = await personalNumberTokenOf('198507142381');
    const phoneNumberProof = await provePhone(personalNumberToken, '+46702223366');
    const emailStep = await post('/linktinker/app/bankid/email', {
      emailAddress: 'erik@example.com',
      personalNumberToken,
      phoneNumberProof,
      campaignCodeId: campaign.id,
    });
    expect(emailStep.statusCode, emailStep.body).toBe(200);
    const done = await post('/linktinker/app/bankid/email/validate', {
      personalNumberToken,
      phoneNumberProof,
      emailAddressToken: emailStep.json().EmailAddressToken,
      code: await readSentCode(testApp.database, 'erik@example.com'),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      CampaignCodeId: campaign.id,
      balances: { TotalBalance: 60_00, VoucherBalance: 60_00 },
    });
  });
});
