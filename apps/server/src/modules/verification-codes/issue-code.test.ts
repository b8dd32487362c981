import { emailCodeAlphabet, limits } from '@signlink/contracts/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { countOutbox } from '../messaging/messaging-test-helpers.ts';
import { type IssueCodeDeps, type IssueCodeInput, issueVerificationCode } from './issue-code.ts';
import { hashCode } from './one-time-code.ts';
import { codeDeps, freshDestination, outcomeOf, readSentCode } from './verification-codes-test-helpers.ts';
import { verifyCode } from './verify-code.ts';

let testApp: TestApp;
let deps: IssueCodeDeps;
beforeAll(async () => {
  testApp = await buildTestApp();
  deps = codeDeps(testApp);
});
afterAll(() => testApp?.close());

const issue = (overrides: Partial<IssueCodeInput> = {}) =>
  issueVerificationCode(deps, {
    purpose: 'registration',
    channel: 'sms',
    destination: freshDestination('sms'),
    subject: { registrationId: 'reg_1' },
    locale: 'sv',
    brand: 'signlink',
    ...overrides,
  });

async function storedRow(token: string) {
  const { rows } = await testApp.database.executeSql(
    'select row_to_json(c) as row from one_time_codes c where token = $1',
    [token],
  );
  return rows[0]?.row as Record<string, unknown>;
}

describe('issueVerificationCode', () => {
  it('queues the verification-code message with the code, together with the code row', async () => {
    const destination = freshDestination('sms');
    const before = await countOutbox(testApp.database);
    const startedAt = Date.now();
    const { token, expiresAt } = await issue({ destination, purpose: 'phone-verification' });
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const validMs = limits.otpValidityMinutes * 60_000;
    expect(expiresAt.getTime()).toBeGreaterThanOrEqual(startedAt + validMs - 5_000);
    expect(expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + validMs + 5_000);
    const { rows } = await testApp.database.executeSql(
      `select channel, recipient, locale, brand, data, state from messages
        where kind = 'verification-code' and recipient = $1`,
      [destination],
    );
    expect(rows).toEqual([
      {
        channel: 'sms',
        recipient: destination,
        locale: 'sv',
        brand: 'signlink',
        state: 'queued',
        data: { code: expect.stringMatching(/^\d{4}$/), purpose: 'phone-verification', validMinutes: 10 },
      },
    ]);
    expect(await countOutbox(testApp.database)).toEqual({ messages: before.messages + 1, jobs: before.jobs + 1 });
    const code = await readSentCode(testApp.database, destination);
    expect(await verifyCode(deps, { token, code, purpose: 'phone-verification' })).toMatchObject({ destination });
  });

  it('sends e-mail codes by e-mail to the address in lower case', async () => {
    const { token } = await issue({ channel: 'email', destination: ' Erik.Johansson@Example.COM ' });
    const code = await readSentCode(testApp.database, 'erik.johansson@example.com');
    expect(code).toMatch(new RegExp(`^[${emailCodeAlphabet}]{6}$`));
    expect(await storedRow(token)).toMatchObject({ channel: 'email', destination: 'erik.johansson@example.com' });
  });

  it('sends SMS codes of four digits and e-mail codes of six look-alike-free characters', async () => {
    for (let i = 0; i < 10; i += 1) {
      const sms = freshDestination('sms');
      const email = freshDestination('email');
      await issue({ destination: sms });
      await issue({ channel: 'email', destination: email });
      expect(await readSentCode(testApp.database, sms)).toMatch(/^\d{4}$/);
      expect(await readSentCode(testApp.database, email)).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
    }
  });

  it('stores only a keyed hash of the code, nowhere the code itself', async () => {
    const email = freshDestination('email');
    const { token } = await issue({ channel: 'email', destination: email, subject: { userId: 'usr_1' } });
    const code = await readSentCode(testApp.database, email);
    const row = await storedRow(token);
    expect(JSON.stringify(row)).not.toContain(code);
    expect(JSON.stringify(row).toUpperCase()).not.toContain(code);
    expect(row).toMatchObject({
      purpose: 'registration',
      wrong_tries: 0,
      subject: { userId: 'usr_1' },
      consumed_at: null,
      code_hash: hashCode(deps.secret, token, code),
    });

    const phone = freshDestination('sms');
    const sms = await issue({ destination: phone });
    const smsCode = await readSentCode(testApp.database, phone);
    const smsRow = await storedRow(sms.token);
    // A four-digit code may turn up by chance inside a timestamp or the hash, so no column may *be* it.
    expect(Object.values(smsRow)).not.toContain(smsCode);
    expect(smsRow.code_hash).toBe(hashCode(deps.secret, sms.token, smsCode));
  });

  it("writes neither the code nor its message when the caller's transaction rolls back", async () => {
    const destination = freshDestination('sms');
    const before = await countOutbox(testApp.database);
    const failure = testApp.database.db.transaction(async (tx) => {
      await issue({ destination, tx });
      throw new Error('the caller failed after issuing');
    });
    await expect(failure).rejects.toThrow('the caller failed');
    expect(await countOutbox(testApp.database)).toEqual(before);
    const { rows } = await testApp.database.executeSql('select id from one_time_codes where destination = $1', [
      destination,
    ]);
    expect(rows).toEqual([]);
  });

  it('voids the older open code for the same purpose and destination', async () => {
    const destination = freshDestination('sms');
    const older = await issue({ destination });
    const olderCode = await readSentCode(testApp.database, destination);
    const other = await issue({ destination, purpose: 'login' });
    const otherCode = await readSentCode(testApp.database, destination);
    const newer = await issue({ destination });
    const newerCode = await readSentCode(testApp.database, destination);
    expect(await outcomeOf(verifyCode(deps, { token: older.token, code: olderCode, purpose: 'registration' }))).toEqual(
      { code: 'WRONG_CODE', details: { reason: 'used' } },
    );
    expect(await verifyCode(deps, { token: newer.token, code: newerCode, purpose: 'registration' })).toMatchObject({
      destination,
    });
    // Another purpose's code is not replaced by this one.
    expect(await verifyCode(deps, { token: other.token, code: otherCode, purpose: 'login' })).toMatchObject({
      destination,
    });
  });

  it('refuses a fourth code to one destination within 15 minutes, whatever the purpose, and writes nothing', async () => {
    const destination = freshDestination('sms');
    await issue({ destination, purpose: 'registration' });
    await issue({ destination, purpose: 'login' });
    await issue({ destination, purpose: 'recipient-access' });
    const before = await countOutbox(testApp.database);
    const outcome = await outcomeOf(issue({ destination, purpose: 'phone-verification' }));
    expect(outcome).toEqual({ code: 'RATE_LIMITED', details: { retryAfterSeconds: expect.any(Number) } });
    const { retryAfterSeconds } = (outcome as { details: { retryAfterSeconds: number } }).details;
    expect(retryAfterSeconds).toBeGreaterThan(limits.codeSendWindowMinutes * 60 - 30);
    expect(retryAfterSeconds).toBeLessThanOrEqual(limits.codeSendWindowMinutes * 60);
    expect(await countOutbox(testApp.database)).toEqual(before);
    // The limit is per destination: the same number written differently is the same destination, others are free.
    expect(await outcomeOf(issue({ destination: `0${destination.slice(3)}` }))).toMatchObject({ code: 'RATE_LIMITED' });
    expect(await outcomeOf(issue({ destination: freshDestination('sms') }))).toBe('ok');
  });

  it('frees a send when the oldest code of the window leaves it, and says when', async () => {
    const destination = freshDestination('email');
    for (let i = 0; i < 3; i += 1) await issue({ channel: 'email', destination });
    const { rows } = await testApp.database.executeSql(
      'select id from one_time_codes where destination = $1 order by created_at',
      [destination],
    );
    const age = (id: unknown, minutes: number) =>
      testApp.database.executeSql(
        `update one_time_codes set created_at = now() - make_interval(mins => $2::int) where id = $1`,
        [id, minutes],
      );
    await age(rows[0]?.id, 14);
    const outcome = await outcomeOf(issue({ channel: 'email', destination }));
    expect(outcome).toMatchObject({ code: 'RATE_LIMITED' });
    const { retryAfterSeconds } = (outcome as { details: { retryAfterSeconds: number } }).details;
    expect(retryAfterSeconds).toBeGreaterThan(50);
    expect(retryAfterSeconds).toBeLessThanOrEqual(60);
    await age(rows[0]?.id, 16);
    expect(await outcomeOf(issue({ channel: 'email', destination }))).toBe('ok');
    expect(await outcomeOf(issue({ channel: 'email', destination }))).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('keeps the limit when four codes to one destination are issued in parallel', async () => {
    const destination = freshDestination('sms');
    const outcomes = await Promise.all(
      ['registration', 'login', 'registration', 'recipient-access'].map((purpose) =>
        outcomeOf(issue({ destination, purpose: purpose as IssueCodeInput['purpose'] })),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(3);
    expect(outcomes.filter((outcome) => outcome !== 'ok')).toEqual([
      { code: 'RATE_LIMITED', details: { retryAfterSeconds: expect.any(Number) } },
    ]);
    const { rows } = await testApp.database.executeSql(
      'select count(*)::int as n from one_time_codes where destination = $1',
      [destination],
    );
    expect(rows[0]?.n).toBe(3);
    // One open code per purpose, however the parallel issues interleaved.
    const { rows: openPerPurpose } = await testApp.database.executeSql(
      `select purpose, count(*)::int as n from one_time_codes
        where destination = $1 and consumed_at is null group by purpose`,
      [destination],
    );
    for (const row of openPerPurpose) expect(row.n).toBe(1);
  });

  it('refuses a destination that is not a mobile number or an address', async () => {
    expect(await outcomeOf(issue({ destination: '08-123 456 78' }))).toEqual({
      code: 'INVALID_PHONE',
      details: { field: 'destination' },
    });
    expect(await outcomeOf(issue({ channel: 'email', destination: 'erik@' }))).toEqual({
      code: 'INVALID_EMAIL',
      details: { field: 'destination' },
    });
  });
});
