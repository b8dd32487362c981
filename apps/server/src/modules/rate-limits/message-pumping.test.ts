import { rateLimits } from '@signlink/contracts/constants';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { openDatabase } from '../../db/open-database.ts';
import { seedGatedLink } from '../links/link-gate-test-helpers.ts';
import { freshDestination } from '../verification-codes/verification-codes-test-helpers.ts';

/**
 * SMS and e-mail pumping: whoever may make us send a message without a session can make us send only a few, per
 * address, per link, and all together (constants `rateLimits`). Part of the permanent security suite.
 */

/** The real limit per client address: the test app raises it for the tests of other modules. */
const realClientSends = { RATE_LIMIT_CLIENT_SENDS: String(rateLimits.clientSends.limit) };

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({ env: realClientSends });
});
afterAll(async () => testApp?.close());

const post = (app: TestApp, remoteAddress: string, url: string, payload: Record<string, unknown>) =>
  app.app.inject({ method: 'POST', url: `/v2/linktinker/${url}`, payload, remoteAddress });

const registerPhone = (app: TestApp, remoteAddress: string, phone: string) =>
  post(app, remoteAddress, 'app/register/sms', { phoneNumber: phone });

/** How many messages went to these destinations (any kind): what the attempt cost us. */
async function countMessagesTo(app: TestApp, destinations: string[]): Promise<number> {
  const { rows } = await app.database.executeSql(
    'select count(*)::int as sent from messages where recipient = any($1)',
    [destinations],
  );
  return Number(rows[0]?.sent);
}

/** A refusal of these limits: 429, RATE_LIMITED, and when to retry in the body and in Retry-After alike. */
function expectRateLimited(response: LightMyRequestResponse, reason: string, windowSeconds: number) {
  expect(response.statusCode, response.body).toBe(429);
  const body = response.json();
  expect(body).toMatchObject({ code: 'RATE_LIMITED', details: { reason, retryAfterSeconds: expect.any(Number) } });
  expect(body.details.retryAfterSeconds).toBeGreaterThan(0);
  expect(body.details.retryAfterSeconds).toBeLessThanOrEqual(windowSeconds);
  expect(response.headers['retry-after']).toBe(String(body.details.retryAfterSeconds));
}

describe('message pumping, per client address', () => {
  it('texts registration codes to the first ten of fifteen new numbers from one address, then refuses', async () => {
    const phones = Array.from({ length: 15 }, () => freshDestination('sms'));
    const answers: LightMyRequestResponse[] = [];
    for (const phone of phones) answers.push(await registerPhone(testApp, '203.0.113.7', phone));

    const { limit, windowSeconds } = rateLimits.clientSends;
    expect(answers.slice(0, limit).map((answer) => answer.statusCode)).toEqual(Array(limit).fill(200));
    for (const refused of answers.slice(limit)) expectRateLimited(refused, 'clientSends', windowSeconds);
    // The figure: messages sent in the pumping attempt before the limit.
    expect(await countMessagesTo(testApp, phones)).toBe(limit);

    const elsewhere = freshDestination('sms');
    expect((await registerPhone(testApp, '203.0.113.8', elsewhere)).statusCode).toBe(200);
  });

  it('counts every anonymous sender together: PIN resets and link gates after registration codes', async () => {
    const address = '203.0.113.9';
    const phone = freshDestination('sms');
    const { linkId } = await seedGatedLink(testApp, 'sms', { phone });
    for (let sent = 0; sent < rateLimits.clientSends.limit; sent += 1) {
      expect((await registerPhone(testApp, address, freshDestination('sms'))).statusCode).toBe(200);
    }
    const reset = await post(testApp, address, 'account/pin/reset', { phoneNumber: freshDestination('sms') });
    expectRateLimited(reset, 'clientSends', rateLimits.clientSends.windowSeconds);
    const gate = await post(testApp, address, `links/${linkId}/sms`, {});
    expectRateLimited(gate, 'clientSends', rateLimits.clientSends.windowSeconds);
    expect(await countMessagesTo(testApp, [phone])).toBe(0);
  });

  it("holds across two app instances on one database: the second sees the first one's count", async () => {
    // On PostgreSQL the second app has a pool of its own, as another process would; PGlite has one process only.
    const { url } = testApp.database;
    const database = url ? await openDatabase({ driver: 'postgres', url, poolSize: 2 }) : testApp.database;
    const second = await buildTestApp({ env: realClientSends, context: { database, queue: testApp.context.queue } });
    try {
      const address = '203.0.113.10';
      const half = rateLimits.clientSends.limit / 2;
      for (let sent = 0; sent < rateLimits.clientSends.limit; sent += 1) {
        const app = sent < half ? testApp : second;
        expect((await registerPhone(app, address, freshDestination('sms'))).statusCode).toBe(200);
      }
      const phone = freshDestination('sms');
      expectRateLimited(await registerPhone(testApp, address, phone), 'clientSends', 3600);
      expectRateLimited(await registerPhone(second, address, phone), 'clientSends', 3600);
      expect(await countMessagesTo(testApp, [phone])).toBe(0);
    } finally {
      await second.close();
      if (database !== testApp.database) await database.close();
    }
  });
});

describe('message pumping, all anonymous senders together', () => {
  const cap = 5;
  let capped: TestApp;
  beforeAll(async () => {
    // The real cap is a service-wide figure; a low one shows its working without thousands of requests.
    capped = await buildTestApp({ env: { ...realClientSends, RATE_LIMIT_ANONYMOUS_SENDS: String(cap) } });
  });
  afterAll(async () => capped?.close());

  it('stops every sender, from any address, once the hour has its cap', async () => {
    const phones = Array.from({ length: cap }, () => freshDestination('sms'));
    for (const [index, phone] of phones.entries()) {
      expect((await registerPhone(capped, `198.51.100.${index + 1}`, phone)).statusCode).toBe(200);
    }
    const late = freshDestination('sms');
    expectRateLimited(await registerPhone(capped, '198.51.100.99', late), 'anonymousSends', 3600);
    const { linkId, parties } = await seedGatedLink(capped, 'email', { email: freshDestination('email') });
    expect(parties).toHaveLength(1);
    const gate = await post(capped, '198.51.100.100', `links/${linkId}/email`, {});
    expectRateLimited(gate, 'anonymousSends', 3600);
    expect(await countMessagesTo(capped, [...phones, late])).toBe(cap);
  });
});

describe('message pumping through one link', () => {
  it("sends a link's codes to its party's own contact and to at most three others a day", async () => {
    const own = { phone: freshDestination('sms'), email: freshDestination('email') };
    const { linkId } = await seedGatedLink(testApp, 'none', own);
    const opened = await post(testApp, '192.0.2.1', `links/${linkId}/access`, {});
    expect(opened.statusCode, opened.body).toBe(200);
    const requestToken = opened.json().RequestToken as string;

    // One recipient token, twelve numbers and twelve addresses, each from an address of its own.
    const others = Array.from({ length: 12 }, () => [freshDestination('sms'), freshDestination('email')]).flat();
    const answers: LightMyRequestResponse[] = [];
    for (const [index, value] of others.entries()) {
      const channel = value.includes('@') ? 'email' : 'sms';
      answers.push(
        await post(testApp, `192.0.2.${index + 10}`, `links/${linkId}/validation/${channel}`, {
          value,
          requestToken,
        }),
      );
    }
    const { limit, windowSeconds } = rateLimits.linkNewDestinations;
    expect(answers.slice(0, limit).map((answer) => answer.statusCode)).toEqual(Array(limit).fill(200));
    for (const refused of answers.slice(limit)) expectRateLimited(refused, 'linkNewDestinations', windowSeconds);
    expect(await countMessagesTo(testApp, others)).toBe(limit);

    // The party's own number and address still get their codes, and so does a destination already counted today.
    for (const [channel, value] of [
      ['sms', own.phone],
      ['email', own.email],
      ['email', others[1]],
    ] as const) {
      const sent = await post(testApp, '192.0.2.200', `links/${linkId}/validation/${channel}`, { value, requestToken });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    expect(await countMessagesTo(testApp, [own.phone, own.email])).toBe(2);
  });
});
