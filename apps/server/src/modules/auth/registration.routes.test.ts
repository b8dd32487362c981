import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { readSentCode } from '../verification-codes/verification-codes-test-helpers.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp?.close());

let sequence = 0;
const nextNumber = () => {
  sequence += 1;
  return sequence;
};
const freshPhone = () => `+4670${String(5_000_000 + nextNumber()).padStart(7, '0')}`;
const post = (url: string, payload: Record<string, unknown>, lang = 'en-us') =>
  testApp.app.inject({ method: 'POST', url: `/v2${url}?lang=${lang}`, payload });

/** Steps 1 to 3 of SPEC section 2's sign-up, as the browser makes them, reading the code where the person would. */
async function signUpToEmailStep(phone: string, pin: string) {
  const started = await post('/linktinker/app/register/sms', { phoneNumber: phone, lang: 'sv' });
  expect(started.statusCode, started.body).toBe(200);
  const { RegistrationId, PhoneNumberToken } = started.json();
  const smsCode = await readSentCode(testApp.database, phone);
  const phoneOk = await post('/linktinker/app/register/sms/validate', {
    RegistrationId,
    PhoneNumberToken,
    Code: smsCode,
  });
  expect(phoneOk.json()).toEqual({ RegistrationId, NextStep: 'pin' });
  expect((await post('/linktinker/app/register/pin', { RegistrationId, Pin: pin })).json()).toMatchObject({
    NextStep: 'email',
  });
  return RegistrationId as string;
}

/** The whole sign-up: steps 4 and 5 give the e-mail and its code. */
async function signUp(phone: string, email: string, pin = '4821') {
  const RegistrationId = await signUpToEmailStep(phone, pin);
  const emailStep = await post('/linktinker/app/register/email', {
    RegistrationId,
    EmailAddress: email,
    Name: 'Sara Ek',
  });
  expect(emailStep.statusCode, emailStep.body).toBe(200);
  const emailCode = await readSentCode(testApp.database, email);
  return post('/linktinker/app/register/email/validate', {
    RegistrationId,
    EmailAddressToken: emailStep.json().EmailAddressToken,
    Code: emailCode.toLowerCase(),
  });
}

describe('sign-up by phone: phone, code, PIN, e-mail, code (SPEC section 2, issue 5)', () => {
  it('makes the user and their personal account, and signs them in', async () => {
    const phone = freshPhone();
    const done = await signUp(phone, 'sara.ek@example.com');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      IsNewUser: true,
      user: {
        Name: 'Sara Ek',
        Email: 'sara.ek@example.com',
        PhoneNumber: phone,
        Language: 'sv',
        AccountType: 'personal',
        Role: 2,
        Currency: 'SEK',
      },
    });
    const texted = await testApp.database.executeSql(`select locale from messages where recipient = $1`, [phone]);
    expect(texted.rows).toEqual([{ locale: 'sv' }]);
  });

  it('refuses a phone or e-mail that already has a user ("account exists"), in the asked language', async () => {
    const phone = freshPhone();
    await signUp(phone, 'taken@example.com');
    const again = await post('/linktinker/app/register/sms', { phoneNumber: phone }, 'es');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ACCOUNT_EXISTS' });
    const RegistrationId = await signUpToEmailStep(freshPhone(), '4821');
    const emailTaken = await post('/linktinker/app/register/email', {
      RegistrationId,
      EmailAddress: 'TAKEN@example.com',
      Name: 'Someone Else',
    });
    expect(emailTaken.statusCode).toBe(409);
    expect(emailTaken.json()).toMatchObject({ code: 'ACCOUNT_EXISTS', message: expect.any(String) });
  });

  it('refuses steps out of order, a wrong code, and bad input, leaving nothing half made', async () => {
    const phone = freshPhone();
    const { RegistrationId, PhoneNumberToken } = (
      await post('/linktinker/app/register/sms', { phoneNumber: phone })
    ).json();
    const early = await post('/linktinker/app/register/pin', { RegistrationId, Pin: '1234' });
    expect(early.statusCode).toBe(500);
    expect(early.json()).toMatchObject({ code: 'PIN_SAVE_FAILED' });
    const code = await readSentCode(testApp.database, phone);
    const wrong = await post('/linktinker/app/register/sms/validate', {
      RegistrationId,
      PhoneNumberToken,
      Code: code === '0000' ? '1111' : '0000',
    });
    expect(wrong.statusCode).toBe(406);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_CODE' });
    for (const [url, body] of [
      ['/linktinker/app/register/sms', { phoneNumber: '+46 070 123 45 67' }],
      ['/linktinker/app/register/pin', { RegistrationId, Pin: '12345' }],
      ['/linktinker/app/register/pin', { RegistrationId, Pin: '12a4' }],
    ] as const) {
      const response = await post(url, body);
      expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
    }
    const users = await testApp.database.executeSql(`select id from users where phone = $1`, [phone]);
    expect(users.rows).toEqual([]);
  });
});

describe('phone and PIN login (SPEC section 2)', () => {
  const loginStart = (phoneNumber: string, pin: string) => post('/oauth/generatetoken/sms', { phoneNumber, pin });

  it('checks the PIN, texts a code, and the code signs in', async () => {
    const phone = freshPhone();
    await signUp(phone, `pin-${sequence}@example.com`, '7305');
    const started = await loginStart(phone.replace('+46', '0'), '7305');
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().PhoneNumberMasked).toMatch(/^\+46•+\d\d$/);
    const code = await readSentCode(testApp.database, phone);
    const done = await post('/oauth/generatetoken/sms/validate', {
      PhoneNumberToken: started.json().PhoneNumberToken,
      Code: code,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ user: { PhoneNumber: phone }, IsNewUser: false });
  });

  it('says "no account" for an unknown phone and "incorrect phone or PIN" for a wrong PIN', async () => {
    const unknown = await loginStart(freshPhone(), '1234');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NO_ACCOUNT_FOR_PHONE' });
    const phone = freshPhone();
    await signUp(phone, `wrong-${sequence}@example.com`, '7305');
    const wrong = await loginStart(phone, '0000');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'BAD_PHONE_OR_PIN', details: { triesLeft: 4 } });
  });

  it('locks PIN login for the phone after 5 wrong PINs, even guessed in parallel, for 15 minutes', async () => {
    const phone = freshPhone();
    await signUp(phone, `lock-${sequence}@example.com`, '7305');
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, index) => loginStart(phone, String(1000 + index))),
    );
    const statuses = guesses.map((guess) => guess.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    // Locked: even the right PIN is refused now.
    const right = await loginStart(phone, '7305');
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(right.json().details.retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect(right.json().details.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    // Fifteen minutes later it opens again.
    await testApp.database.executeSql(
      `update users set pin_locked_until = now() - interval '1 second' where phone = $1`,
      [phone],
    );
    expect((await loginStart(phone, '7305')).statusCode).toBe(200);
  });

  it('keeps PINs and passwords as argon2id hashes only', async () => {
    const phone = freshPhone();
    await signUp(phone, `hash-${sequence}@example.com`, '7305');
    const { rows } = await testApp.database.executeSql(`select pin_hash from users where phone = $1`, [phone]);
    expect(rows[0]?.pin_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(rows)).not.toContain('7305');
  });
});
