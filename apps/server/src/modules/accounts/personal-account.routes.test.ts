import { roles } from '@signlink/contracts/auth/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { injectWithToken, signInSeededUser } from '../../../test/sign-in.ts';
import { readSentCode } from '../verification-codes/verification-codes-test-helpers.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp?.close());

const signedIn = (role: number = roles.readOnly) => signInSeededUser(testApp, { role });

const post = (token: string | undefined, url: string, payload: object) =>
  injectWithToken(testApp, token, 'POST', `/v2${url}`, payload);

let sequence = 0;
const nextNumber = () => {
  sequence += 1;
  return sequence;
};

describe('adding a personal account (SPEC sections 2 and 5, issue 5)', () => {
  it('proves an e-mail and makes the one personal account, switching to it; a second is refused', async () => {
    const user = await signedIn();
    const email = `own-${nextNumber()}@example.com`;
    const sent = await post(user.token, '/linktinker/app/personalaccounts/validation/email', { EmailAddress: email });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = await readSentCode(testApp.database, email);
    const made = await post(user.token, '/linktinker/app/personalaccounts/validation/validate', {
      EmailAddressToken: sent.json().EmailAddressToken,
      Code: code,
      Currency: 'EUR',
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ user: { AccountType: 'personal', Role: 2, Currency: 'EUR' } });
    expect(made.json().accounts).toHaveLength(2);

    const again = await post(made.json().accessToken, '/linktinker/app/personalaccounts/validation/email?lang=sv', {
      EmailAddress: email,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ACCOUNT_EXISTS' });
  });

  it("refuses another user's code, a wrong code, and no session", async () => {
    const first = await signedIn();
    const second = await signedIn();
    const email = `shared-${nextNumber()}@example.com`;
    const sent = await post(first.token, '/linktinker/app/personalaccounts/validation/email', { EmailAddress: email });
    const code = await readSentCode(testApp.database, email);
    const stolen = await post(second.token, '/linktinker/app/personalaccounts/validation/validate', {
      EmailAddressToken: sent.json().EmailAddressToken,
      Code: code,
    });
    expect(stolen.statusCode).toBe(406);
    expect(stolen.json()).toMatchObject({ code: 'WRONG_CODE' });
    const anonymous = await post(undefined, '/linktinker/app/personalaccounts/validation/email', {
      EmailAddress: email,
    });
    expect(anonymous.statusCode).toBe(401);
    const badEmail = await post(first.token, '/linktinker/app/personalaccounts/validation/email', {
      EmailAddress: 'x@',
    });
    expect(badEmail.statusCode).toBe(400);
  });
});
