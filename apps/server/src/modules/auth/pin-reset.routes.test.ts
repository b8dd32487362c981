import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { seedUser } from '../../../test/seed-user.ts';
import { users } from '../../db/schema/accounts.ts';

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
const post = (url: string, payload: Record<string, unknown>, lang = 'en-us') =>
  testApp.app.inject({ method: 'POST', url: `/v2${url}?lang=${lang}`, payload });

async function userWithPhone() {
  const phone = `+4673${String(1_000_000 + nextNumber()).padStart(7, '0')}`;
  const user = await seedUser(testApp.database.db);
  await testApp.database.db
    .update(users)
    .set({ phone, pinHash: await hash('1111'), pinWrongTries: 3 })
    .where(eq(users.id, user.userId));
  return { ...user, phone };
}

async function sentResetId(recipient: string) {
  const { rows } = await testApp.database.executeSql(
    `select data->>'resetId' as id, channel, locale from messages where kind = 'pin-reset' and recipient = $1
      order by created_at desc, id desc limit 1`,
    [recipient],
  );
  const row = rows[0] as { id: string; channel: string; locale: string };
  return row;
}

describe('PIN reset by link (SPEC section 7, issue 5)', () => {
  it('texts a link; through it a new PIN is set once, the lock lifts and sessions end', async () => {
    const user = await userWithPhone();
    const login = await post('/oauth/generatetoken', { email: user.email, password: user.password });
    const token = login.json().accessToken as string;

    const sent = await post('/linktinker/account/pin/reset', { phoneNumber: user.phone }, 'sv');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ SentTo: expect.stringMatching(/^\+46•+\d\d$/), Channel: 'sms' });
    const message = await sentResetId(user.phone);
    expect(message).toMatchObject({ channel: 'sms', locale: 'sv' });

    const status = await testApp.app.inject(`/v2/linktinker/account/pin/reset/${message.id}`);
    expect(status.json()).toEqual({ Valid: true, PhoneNumberMasked: expect.any(String) });
    expect((await post(`/linktinker/account/pin/reset/${message.id}`, { Pin: '9274' })).statusCode).toBe(204);

    const stored = await testApp.database.db.query.users.findFirst({
      where: (row, { eq: is }) => is(row.id, user.userId),
    });
    expect(stored).toMatchObject({ pinWrongTries: 0, pinLockedUntil: null });
    const phoneLogin = await post('/oauth/generatetoken/sms', { phoneNumber: user.phone, pin: '9274' });
    expect(phoneLogin.statusCode, phoneLogin.body).toBe(200);
    const me = await testApp.app.inject({ url: '/v2/user', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(401);

    const again = await post(`/linktinker/account/pin/reset/${message.id}`, { Pin: '1234' }, 'es');
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ code: 'PIN_RESET_EXPIRED', message: expect.any(String) });
  });

  it('says the link expired after 30 minutes, and refuses an unknown one alike', async () => {
    const user = await userWithPhone();
    await post('/linktinker/account/pin/reset', { phoneNumber: user.phone });
    const { id } = await sentResetId(user.phone);
    await testApp.database.executeSql(`update pin_resets set expires_at = now() - interval '1 second' where id = $1`, [
      id,
    ]);
    for (const resetId of [id, 'AAAAAAAAAAAAAAAAAAAAAAAA']) {
      const status = await testApp.app.inject(`/v2/linktinker/account/pin/reset/${resetId}`);
      expect(status.statusCode).toBe(410);
      expect(status.json()).toMatchObject({ code: 'PIN_RESET_EXPIRED' });
      expect((await post(`/linktinker/account/pin/reset/${resetId}`, { Pin: '1234' })).statusCode).toBe(410);
    }
  });

  it('e-mails a link when an address is given, and says "no account" for an unknown phone', async () => {
    const user = await userWithPhone();
    const sent = await post('/linktinker/account/pin/reset', { emailAddress: user.email.toUpperCase() });
    expect(sent.json()).toMatchObject({ Channel: 'email' });
    expect((await sentResetId(user.email)).channel).toBe('email');
    const unknown = await post('/linktinker/account/pin/reset', { phoneNumber: '+46709999999' }, 'sv');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NO_ACCOUNT_FOR_PHONE' });
  });

  it('sends at most 3 links per 15 minutes, and refuses bad input', async () => {
    const user = await userWithPhone();
    const sends = await Promise.all(
      Array.from({ length: 5 }, () => post('/linktinker/account/pin/reset', { phoneNumber: user.phone })),
    );
    expect(sends.map((send) => send.statusCode).sort()).toEqual([200, 200, 200, 429, 429]);
    for (const body of [{}, { phoneNumber: user.phone, emailAddress: user.email }, { phoneNumber: 'abc' }]) {
      const response = await post('/linktinker/account/pin/reset', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const { id } = await sentResetId(user.phone);
    expect((await post(`/linktinker/account/pin/reset/${id}`, { Pin: '12345' })).statusCode).toBe(400);
  });
});
