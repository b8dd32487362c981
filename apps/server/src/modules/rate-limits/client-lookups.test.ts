import { rateLimits } from '@signlink/contracts/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { seedGatedLink } from '../links/link-gate-test-helpers.ts';

/**
 * Guessing link codes and log-ins: a client address gets a few hundred requests a minute at each (constants
 * `rateLimits`), counted atomically however many run in parallel. Part of the permanent security suite.
 */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => testApp?.close());

const unknownLink = 'ABCDEFGHJKMNPQRSTUVW';
const lookUp = (linkId: string, remoteAddress: string) =>
  testApp.app.inject({ method: 'GET', url: `/v2/linktinker/links/${linkId}`, remoteAddress });

/** A phone login's second step with a code token nobody was given: a wrong guess, answered without hashing. */
const guessPhoneLogin = (remoteAddress: string) =>
  testApp.app.inject({
    method: 'POST',
    url: '/v2/oauth/generatetoken/sms/validate',
    payload: { PhoneNumberToken: 'x'.repeat(32), Code: '1234' },
    remoteAddress,
  });

describe('rate limits per client address on lookups and log-ins', () => {
  it('answers a few hundred link lookups a minute from one address, in parallel too, then refuses', async () => {
    const { limit, windowSeconds } = rateLimits.clientLookups;
    const guesses = await Promise.all(Array.from({ length: limit + 1 }, () => lookUp(unknownLink, '192.0.2.50')));
    const statuses = guesses.map((guess) => guess.statusCode);
    expect(statuses.filter((status) => status === 404)).toHaveLength(limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);

    const { linkId } = await seedGatedLink(testApp, 'none');
    const refused = await lookUp(linkId, '192.0.2.50');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', details: { reason: 'clientLookups' } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(windowSeconds);
    // Every route a link code opens counts, not only the details.
    const access = await testApp.app.inject({
      method: 'POST',
      url: `/v2/linktinker/links/${linkId}/access`,
      payload: {},
      remoteAddress: '192.0.2.50',
    });
    expect(access.statusCode).toBe(429);

    expect((await lookUp(linkId, '192.0.2.51')).statusCode).toBe(200);
  });

  it('counts the addresses of one IPv6 /64 as one client', async () => {
    const { limit } = rateLimits.clientLookups;
    for (let batch = 0; batch < limit / 100; batch += 1) {
      await Promise.all(
        Array.from({ length: 100 }, (_, index) =>
          lookUp(unknownLink, `2001:db8:1:2::${(batch * 100 + index).toString(16)}`),
        ),
      );
    }
    expect((await lookUp(unknownLink, '2001:db8:1:2:ffff::1')).statusCode).toBe(429);
    expect((await lookUp(unknownLink, '2001:db8:1:3::1')).statusCode).toBe(404);
  });

  it('answers a few hundred log-ins a minute from one address, then refuses every way in from it', async () => {
    const { limit } = rateLimits.clientLogins;
    const guesses = await Promise.all(Array.from({ length: limit }, () => guessPhoneLogin('192.0.2.60')));
    expect(new Set(guesses.map((guess) => guess.json().code))).toEqual(new Set(['WRONG_CODE']));

    const refused = await guessPhoneLogin('192.0.2.60');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', details: { reason: 'clientLogins' } });
    const password = await testApp.app.inject({
      method: 'POST',
      url: '/v2/oauth/generatetoken',
      payload: { email: 'nobody@example.com', password: 'not the password' },
      remoteAddress: '192.0.2.60',
    });
    expect(password.statusCode).toBe(429);

    expect((await guessPhoneLogin('192.0.2.61')).json()).toMatchObject({ code: 'WRONG_CODE' });
  });
});
