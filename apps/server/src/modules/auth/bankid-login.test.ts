import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { approvedOrder } from '../../../test/bankid-test-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { seedUser } from '../../../test/seed-user.ts';
import { users } from '../../db/schema/accounts.ts';
import { readPersonalNumberToken } from './personal-number-token.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp?.close());
afterEach(() => testApp.bankId.simulator?.controls.reset());

const validate = (key: string, lang = 'en-us') =>
  testApp.app.inject({
    method: 'POST',
    url: `/v2/linktinker/app/bankid/validate?lang=${lang}`,
    payload: { ClientAccessKey: key },
  });

describe('BankID login (SPEC section 2, issue 5)', () => {
  it('signs in the person who has a user, once per order', async () => {
    const user = await seedUser(testApp.database.db);
    await testApp.database.db.update(users).set({ personalNumber: '198507142381' }).where(eq(users.id, user.userId));
    const { key } = await approvedOrder(testApp, '/v2/linktinker/app/bankid', '198507142381', { Purpose: 'login' });
    const response = await validate(key);
    expect(response.statusCode, response.body).toBe(200);
    const { Auth } = response.json();
    expect(Auth).toMatchObject({ user: { UserId: user.userId, AccountId: user.accountId } });
    const me = await testApp.app.inject({ url: '/v2/user', headers: { authorization: `Bearer ${Auth.accessToken}` } });
    expect(me.json()).toMatchObject({ user: { UserId: user.userId } });

    const replay = await validate(key);
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toMatchObject({ code: 'ACTION_CANCELLED' });
  });

  it('gives a person with no user the token their registration carries, naming them', async () => {
    const { key } = await approvedOrder(testApp, '/v2/linktinker/app/bankid', '197212312396', {
      Purpose: 'registration',
    });
    const response = await validate(key);
    expect(response.json()).not.toHaveProperty('Auth');
    const token = response.json().PersonalNumberToken as string;
    expect(await readPersonalNumberToken(testApp.context.config.sessionSecret, token)).toEqual({
      personalNumber: '197212312396',
      name: 'Maria Karlsson',
    });
    await expect(readPersonalNumberToken('another-secret-another-secret-another', token)).rejects.toMatchObject({
      code: 'ACTION_CANCELLED',
    });
  });

  it('refuses to register a person who already has a user, and gives a minor no registration token', async () => {
    const user = await seedUser(testApp.database.db);
    await testApp.database.db.update(users).set({ personalNumber: '196803152393' }).where(eq(users.id, user.userId));
    const registration = await approvedOrder(testApp, '/v2/linktinker/app/bankid', '196803152393', {
      Purpose: 'registration',
    });
    const exists = await validate(registration.key, 'sv');
    expect(exists.statusCode).toBe(409);
    expect(exists.json()).toMatchObject({ code: 'ACCOUNT_EXISTS' });

    const minor = await approvedOrder(testApp, '/v2/linktinker/app/bankid', '201205052382', { Purpose: 'login' });
    const answer = (await validate(minor.key)).json();
    expect(answer).toMatchObject({ Status: 'complete', User: { Name: 'Lisa Lind' } });
    expect(answer).not.toHaveProperty('PersonalNumberToken');
    expect(answer).not.toHaveProperty('Auth');
  });
});
