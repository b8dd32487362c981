import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { approvedOrder } from '../../../test/bankid-test-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { accounts, users } from '../../db/schema/accounts.ts';
import { readSentCode } from '../verification-codes/verification-codes-test-helpers.ts';
import {
  countPeople,
  insertPartnerAccount,
  insertReferralLink,
  readReferralLink,
} from './referral-links-test-helpers.ts';

/**
 * SPEC sections 3 and 4: a sign-up that carries `referralLinkId` counts on the link and makes an account the
 * partner brought, in the same transaction as the user; a disabled or unknown link lets no one register.
 */
let testApp: TestApp;
let partnerId: string;
beforeAll(async () => {
  testApp = await buildTestApp();
  partnerId = await insertPartnerAccount(testApp.database.db);
});
afterAll(() => testApp?.close());
afterEach(() => testApp.bankId.simulator?.controls.reset());

let sequence = 0;
const fresh = () => {
  sequence += 1;
  return { phone: `+4670${String(7_000_000 + sequence)}`, email: `referred-${sequence}@example.com` };
};
const post = (url: string, payload: Record<string, unknown>) =>
  testApp.app.inject({ method: 'POST', url: `/v2${url}`, payload });

/** Steps 1 to 4 of the phone sign-up; the e-mail's code is left for `finishPhoneSignUp`. */
async function phoneSignUpToLastStep(person: { phone: string; email: string }, referralLinkId?: string) {
  const started = await post('/linktinker/app/register/sms', { phoneNumber: person.phone, referralLinkId });
  expect(started.statusCode, started.body).toBe(200);
  const { RegistrationId, PhoneNumberToken } = started.json();
  const Code = await readSentCode(testApp.database, person.phone);
  expect(
    (await post('/linktinker/app/register/sms/validate', { RegistrationId, PhoneNumberToken, Code })).statusCode,
  ).toBe(200);
  expect((await post('/linktinker/app/register/pin', { RegistrationId, Pin: '4821' })).statusCode).toBe(200);
  const emailStep = await post('/linktinker/app/register/email', {
    RegistrationId,
    EmailAddress: person.email,
    Name: 'Ref Erred',
  });
  expect(emailStep.statusCode, emailStep.body).toBe(200);
  return { RegistrationId, EmailAddressToken: emailStep.json().EmailAddressToken as string };
}

async function finishPhoneSignUp(
  person: { email: string },
  step: { RegistrationId: string; EmailAddressToken: string },
) {
  const Code = await readSentCode(testApp.database, person.email);
  return post('/linktinker/app/register/email/validate', { ...step, Code });
}

async function partnerOfUser(email: string) {
  const [row] = await testApp.database.db
    .select({ partnerAccountId: accounts.partnerAccountId })
    .from(users)
    .innerJoin(accounts, eq(accounts.ownerUserId, users.id))
    .where(eq(users.email, email));
  return row?.partnerAccountId;
}

describe('sign-up by phone through a referral link', () => {
  it('counts the registration and records the partner on the new personal account; the code in any case', async () => {
    const code = await insertReferralLink(testApp.database.db, { partnerAccountId: partnerId });
    const person = fresh();
    const step = await phoneSignUpToLastStep(person, code.toLowerCase());
    const done = await finishPhoneSignUp(person, step);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ IsNewUser: true, user: { AccountType: 'personal' } });
    expect((await readReferralLink(testApp.database.db, code))?.registrations).toBe(1);
    expect(await partnerOfUser(person.email)).toBe(partnerId);
  });

  it('credits the link’s gift-card value as referral voucher credit, in the auth state and the balance', async () => {
    const code = await insertReferralLink(testApp.database.db, {
      partnerAccountId: partnerId,
      giftCardValueMinor: 40_00,
    });
    const person = fresh();
    const done = await finishPhoneSignUp(person, await phoneSignUpToLastStep(person, code));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().balances).toMatchObject({ TotalBalance: 40_00, VoucherBalance: 40_00 });
    const credits = await testApp.app.inject({
      method: 'GET',
      url: '/v2/linktinker/app/balance/vouchers',
      headers: { authorization: `Bearer ${done.json().accessToken}` },
    });
    expect(credits.json().Vouchers).toEqual([
      expect.objectContaining({
        Source: 'referral',
        Value: 40_00,
        Remaining: 40_00,
        Currency: 'SEK',
        IsExpired: false,
      }),
    ]);
  });

  it('leaves a sign-up without a link unattributed and without credit', async () => {
    const person = fresh();
    const done = await finishPhoneSignUp(person, await phoneSignUpToLastStep(person));
    expect(done.statusCode, done.body).toBe(200);
    expect(await partnerOfUser(person.email)).toBeNull();
    expect(done.json().balances).toMatchObject({ TotalBalance: 0, VoucherBalance: 0 });
  });

  it('refuses an unknown or disabled link at the first step, before any code is sent', async () => {
    const disabled = await insertReferralLink(testApp.database.db, { partnerAccountId: partnerId, disabled: true });
    for (const referralLinkId of [disabled, 'NOSUCHLINK123']) {
      const person = fresh();
      const started = await post('/linktinker/app/register/sms', { phoneNumber: person.phone, referralLinkId });
      expect(started.statusCode, started.body).toBe(409);
      expect(started.json()).toMatchObject({ code: 'REFERRAL_REGISTRATION_FAILED' });
      const { rows } = await testApp.database.executeSql(
        'select count(*)::int as n from messages where recipient = $1',
        [person.phone],
      );
      expect(rows[0]?.n).toBe(0);
    }
  });

  it('refuses the last step when the link was disabled meanwhile, and writes nothing', async () => {
    const { db } = testApp.database;
    const code = await insertReferralLink(db, { partnerAccountId: partnerId });
    const person = fresh();
    const step = await phoneSignUpToLastStep(person, code);
    await testApp.database.executeSql('update referral_links set disabled_at = now() where id = $1', [code]);
    const before = await countPeople(db);

    const refused = await finishPhoneSignUp(person, step);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'REFERRAL_REGISTRATION_FAILED' });
    expect(await countPeople(db)).toEqual(before);
    expect((await readReferralLink(db, code))?.registrations).toBe(0);
    const { rows } = await testApp.database.executeSql('select completed_at from registrations where id = $1', [
      step.RegistrationId,
    ]);
    expect(rows).toEqual([{ completed_at: null }]);
  });

  it('counts parallel registrations through one link exactly', async () => {
    const code = await insertReferralLink(testApp.database.db, { partnerAccountId: partnerId });
    const people = Array.from({ length: 5 }, fresh);
    const steps = await Promise.all(people.map((person) => phoneSignUpToLastStep(person, code)));
    const done = await Promise.all(people.map((person, index) => finishPhoneSignUp(person, steps[index] as never)));
    expect(done.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await readReferralLink(testApp.database.db, code))?.registrations).toBe(5);
  });
});

describe('registration with BankID through a referral link', () => {
  async function bankIdToLastStep(
    personalNumber: string,
    person: { phone: string; email: string },
    referralLinkId: string,
  ) {
    const { key } = await approvedOrder(testApp, '/v2/linktinker/app/bankid', personalNumber, {
      Purpose: 'registration',
    });
    const personalNumberToken = (await post('/linktinker/app/bankid/validate', { ClientAccessKey: key })).json()
      .PersonalNumberToken as string;
    const sms = await post('/linktinker/app/bankid/sms', { phoneNumber: person.phone, personalNumberToken });
    const smsCode = await readSentCode(testApp.database, person.phone);
    const phoneNumberProof = (
      await post('/linktinker/app/bankid/sms/validate', {
        personalNumberToken,
        phoneNumberToken: sms.json().PhoneNumberToken,
        code: smsCode,
      })
    ).json().PhoneNumberProof as string;
    const emailStep = await post('/linktinker/app/bankid/email', {
      emailAddress: person.email,
      personalNumberToken,
      phoneNumberProof,
      referralLinkId,
    });
    return { emailStep, personalNumberToken, phoneNumberProof };
  }
  const finish = async (person: { email: string }, step: Awaited<ReturnType<typeof bankIdToLastStep>>) =>
    post('/linktinker/app/bankid/email/validate', {
      personalNumberToken: step.personalNumberToken,
      phoneNumberProof: step.phoneNumberProof,
      emailAddressToken: step.emailStep.json().EmailAddressToken,
      code: await readSentCode(testApp.database, person.email),
    });

  it('counts the registration and records the partner', async () => {
    const code = await insertReferralLink(testApp.database.db, { partnerAccountId: partnerId });
    const person = fresh();
    const step = await bankIdToLastStep('198507142381', person, code);
    expect(step.emailStep.statusCode, step.emailStep.body).toBe(200);
    const done = await finish(person, step);
    expect(done.statusCode, done.body).toBe(200);
    expect((await readReferralLink(testApp.database.db, code))?.registrations).toBe(1);
    expect(await partnerOfUser(person.email)).toBe(partnerId);
  });

  it('refuses a disabled link at the e-mail step, and at the last step when disabled meanwhile', async () => {
    const { db } = testApp.database;
    const code = await insertReferralLink(db, { partnerAccountId: partnerId });
    const person = fresh();
    const step = await bankIdToLastStep('196803152393', person, code);
    expect(step.emailStep.statusCode, step.emailStep.body).toBe(200);
    await testApp.database.executeSql('update referral_links set disabled_at = now() where id = $1', [code]);
    const before = await countPeople(db);
    const refused = await finish(person, step);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'REFERRAL_REGISTRATION_FAILED' });
    expect(await countPeople(db)).toEqual(before);

    const again = await bankIdToLastStep('196803152393', fresh(), code);
    expect(again.emailStep.statusCode).toBe(409);
    expect(again.emailStep.json()).toMatchObject({ code: 'REFERRAL_REGISTRATION_FAILED' });
  });
});
