import { limits } from '@signlink/contracts/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { type IssueCodeDeps, type IssueCodeInput, issueVerificationCode } from './issue-code.ts';
import { codeDeps, freshDestination, outcomeOf, readSentCode } from './verification-codes-test-helpers.ts';
import { verifyCode } from './verify-code.ts';

let testApp: TestApp;
let deps: IssueCodeDeps;
beforeAll(async () => {
  testApp = await buildTestApp();
  deps = codeDeps(testApp);
});
afterAll(() => testApp?.close());

/** Issues a code and returns its token and the code the person received. */
async function issued(overrides: Partial<IssueCodeInput> = {}) {
  const channel = overrides.channel ?? 'sms';
  const destination = overrides.destination ?? freshDestination(channel);
  const { token } = await issueVerificationCode(deps, {
    purpose: 'registration',
    channel,
    destination,
    subject: { registrationId: 'reg_42' },
    locale: 'en-us',
    brand: 'signlink',
    ...overrides,
  });
  const code = await readSentCode(testApp.database, destination.trim().toLowerCase());
  return { token, code, destination };
}

/** A code of the same form that is not the right one. */
function wrongOf(code: string) {
  return code.replace(/^./, (first) => (first === '9' ? '8' : first === 'Z' ? 'Y' : first === '2' ? '3' : '9'));
}

async function wrongTriesOf(token: string) {
  const { rows } = await testApp.database.executeSql('select wrong_tries from one_time_codes where token = $1', [
    token,
  ]);
  return rows[0]?.wrong_tries;
}

const refused = (reason: string, extra: Record<string, unknown> = {}) => ({
  code: 'WRONG_CODE',
  details: { reason, ...extra },
});

describe('verifyCode', () => {
  it('returns the subject for the right code once; a second use is refused as used', async () => {
    const { token, code, destination } = await issued();
    expect(await verifyCode(deps, { token, code, purpose: 'registration' })).toEqual({
      subject: { registrationId: 'reg_42' },
      destination,
      channel: 'sms',
    });
    expect(await outcomeOf(verifyCode(deps, { token, code, purpose: 'registration' }))).toEqual(refused('used'));
  });

  it('reads an e-mail code in any case and either code with surrounding spaces', async () => {
    const email = await issued({ channel: 'email', destination: freshDestination('email') });
    expect(
      await verifyCode(deps, { token: email.token, code: ` ${email.code.toLowerCase()}\n`, purpose: 'registration' }),
    ).toMatchObject({ channel: 'email', destination: email.destination });
    const sms = await issued();
    expect(await verifyCode(deps, { token: sms.token, code: ` ${sms.code} `, purpose: 'registration' })).toMatchObject({
      channel: 'sms',
    });
  });

  it('counts down the tries left on each wrong code', async () => {
    const { token, code } = await issued();
    for (let triesLeft = limits.otpMaxWrongTries - 1; triesLeft >= 0; triesLeft -= 1) {
      expect(await outcomeOf(verifyCode(deps, { token, code: wrongOf(code), purpose: 'registration' }))).toEqual(
        refused('wrong', { triesLeft }),
      );
    }
    expect(await wrongTriesOf(token)).toBe(limits.otpMaxWrongTries);
  });

  it('refuses even the right code after five wrong ones', async () => {
    const { token, code } = await issued();
    for (let i = 0; i < limits.otpMaxWrongTries; i += 1) {
      await outcomeOf(verifyCode(deps, { token, code: wrongOf(code), purpose: 'registration' }));
    }
    expect(await outcomeOf(verifyCode(deps, { token, code, purpose: 'registration' }))).toEqual(
      refused('too-many-tries'),
    );
    expect(await outcomeOf(verifyCode(deps, { token, code: wrongOf(code), purpose: 'registration' }))).toEqual(
      refused('too-many-tries'),
    );
    expect(await wrongTriesOf(token)).toBe(limits.otpMaxWrongTries);
  });

  it('counts at most five of 20 parallel wrong guesses, and then refuses the right code', async () => {
    const { token, code } = await issued();
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        outcomeOf(verifyCode(deps, { token, code: wrongOf(code), purpose: 'registration' })),
      ),
    );
    expect(await wrongTriesOf(token)).toBe(limits.otpMaxWrongTries);
    const reasons = outcomes.map((outcome) => (outcome as { details: { reason: string } }).details.reason);
    expect(reasons.filter((reason) => reason === 'wrong')).toHaveLength(limits.otpMaxWrongTries);
    expect(reasons.filter((reason) => reason === 'too-many-tries')).toHaveLength(20 - limits.otpMaxWrongTries);
    expect(await outcomeOf(verifyCode(deps, { token, code, purpose: 'registration' }))).toEqual(
      refused('too-many-tries'),
    );
  });

  it('uses a code once when two right guesses race', async () => {
    const { token, code } = await issued({ channel: 'email', destination: freshDestination('email') });
    const outcomes = await Promise.all([
      outcomeOf(verifyCode(deps, { token, code, purpose: 'registration' })),
      outcomeOf(verifyCode(deps, { token, code, purpose: 'registration' })),
    ]);
    expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome !== 'ok')).toEqual([refused('used')]);
  });

  it('refuses an expired code, right or wrong, without counting the guess', async () => {
    const { token, code } = await issued();
    await testApp.database.executeSql(
      `update one_time_codes set expires_at = now() - interval '1 second' where token = $1`,
      [token],
    );
    expect(await outcomeOf(verifyCode(deps, { token, code, purpose: 'registration' }))).toEqual(refused('expired'));
    expect(await outcomeOf(verifyCode(deps, { token, code: wrongOf(code), purpose: 'registration' }))).toEqual(
      refused('expired'),
    );
    expect(await wrongTriesOf(token)).toBe(0);
  });

  it('does not know a token it never issued, nor a code issued for another purpose', async () => {
    const { token, code } = await issued({ purpose: 'login' });
    expect(await outcomeOf(verifyCode(deps, { token: `${token}x`, code, purpose: 'login' }))).toEqual(
      refused('unknown'),
    );
    expect(await outcomeOf(verifyCode(deps, { token, code, purpose: 'registration' }))).toEqual(refused('unknown'));
    expect(await wrongTriesOf(token)).toBe(0);
    expect(await verifyCode(deps, { token, code, purpose: 'login' })).toMatchObject({ channel: 'sms' });
  });

  it('checks with the secret the code was issued under', async () => {
    const { token, code } = await issued();
    const otherSecret = { ...deps, secret: `${deps.secret}-rotated` };
    expect(await outcomeOf(verifyCode(otherSecret, { token, code, purpose: 'registration' }))).toEqual(
      refused('wrong', { triesLeft: limits.otpMaxWrongTries - 1 }),
    );
  });
});
