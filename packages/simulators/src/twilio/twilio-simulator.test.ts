import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { countSegments } from './twilio-message.ts';
import { type RunningTwilioSimulator, startTwilioSimulator } from './twilio-simulator.ts';

const ACCOUNT_SID = `AC${'1'.repeat(32)}`;
const AUTH_TOKEN = 'simulator-token';

interface ReceivedCallback {
  url: string;
  signature: string | undefined;
  params: Record<string, string>;
}

/** A stand-in for our own webhook endpoint: records what it is sent, answers 204. */
async function startCallbackReceiver() {
  const received: ReceivedCallback[] = [];
  const app: FastifyInstance = Fastify();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.post('/hooks/twilio', async (req, reply) => {
    const signature = req.headers['x-twilio-signature'];
    received.push({
      url: req.url,
      signature: typeof signature === 'string' ? signature : undefined,
      params: req.body as Record<string, string>,
    });
    return reply.code(204).send();
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, received, close: () => app.close() };
}

function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

/** Twilio's algorithm written out independently of the simulator's. */
function expectedSignature(url: string, params: Record<string, string>): string {
  const data =
    url +
    Object.entries(params)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .flat()
      .join('');
  return createHmac('sha1', AUTH_TOKEN).update(data).digest('base64');
}

describe('Twilio simulator', () => {
  let sim: RunningTwilioSimulator;
  let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;
  const messagesPath = `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`;

  const json = async (response: Response) => (await response.json()) as Record<string, unknown>;
  const call = (input: { path?: string; form?: Record<string, string>; sid?: string; token?: string }) =>
    fetch(`${sim.url}${input.path ?? messagesPath}`, {
      method: input.form ? 'POST' : 'GET',
      headers: {
        authorization: basicAuth(input.sid ?? ACCOUNT_SID, input.token ?? AUTH_TOKEN),
      },
      ...(input.form ? { body: new URLSearchParams(input.form) } : {}),
    });

  beforeAll(async () => {
    sim = await startTwilioSimulator({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, callbackDelayMs: 10 });
    receiver = await startCallbackReceiver();
  });
  afterEach(async () => {
    await sim.controls.reset();
    receiver.received.length = 0;
    await sim.mailbox.clear();
  });
  afterAll(async () => {
    await sim.close();
    await receiver.close();
  });

  it('refuses a wrong token, a missing login, and another account in the path with 20003', async () => {
    for (const response of [
      await call({ token: 'wrong', form: { To: '+46701234567', From: '+46700000000', Body: 'x' } }),
      await fetch(`${sim.url}${messagesPath}`),
      await call({ path: `/2010-04-01/Accounts/AC${'2'.repeat(32)}/Messages.json` }),
    ]) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        code: 20003,
        message: 'Authenticate',
        more_info: 'https://www.twilio.com/docs/errors/20003',
        status: 401,
      });
    }
    expect(await sim.mailbox.list()).toEqual([]);
  });

  it('validates like Twilio', async () => {
    const cases: [Record<string, string>, number][] = [
      [{ From: '+46700000000', Body: 'x' }, 21604],
      [{ To: '0701234567', From: '+46700000000', Body: 'x' }, 21211],
      [{ To: '+46700000001', From: '+46700000000', Body: 'x' }, 21211], // magic invalid number
      [{ To: '+46701234567', From: '+46700000000' }, 21602],
      [{ To: '+46701234567', From: '+46700000000', Body: 'x'.repeat(1601) }, 21617],
      [{ To: '+46701234567', Body: 'x' }, 21603],
      [{ To: 'whatsapp:+46701234567', From: '+46700000000', Body: 'x' }, 63007],
      [{ To: '+46701234567', From: 'whatsapp:+46700000000', Body: 'x' }, 21910],
    ];
    for (const [form, code] of cases) {
      const response = await call({ form });
      expect(response.status, JSON.stringify(form)).toBe(400);
      expect(await response.json()).toMatchObject({ code, status: 400 });
    }
    const invalid = await call({ form: { To: '0701234567', From: '+46700000000', Body: 'x' } });
    expect((await json(invalid)).message).toBe("The 'To' number 0701234567 is not a valid phone number.");
    expect(await sim.mailbox.list()).toEqual([]);
  });

  it('stores a text, answers 201 with Twilio fields, and reports sent then delivered with signed callbacks', async () => {
    const callbackUrl = `${receiver.origin}/hooks/twilio?message=42`;
    const response = await call({
      form: {
        To: '+46701234567',
        From: '+46700000000',
        Body: 'Sign here: https://signlink.test/s/1',
        StatusCallback: callbackUrl,
      },
    });
    expect(response.status).toBe(201);
    const created = await json(response);
    expect(created).toMatchObject({
      account_sid: ACCOUNT_SID,
      to: '+46701234567',
      from: '+46700000000',
      body: 'Sign here: https://signlink.test/s/1',
      status: 'queued',
      direction: 'outbound-api',
      num_segments: '1',
      price: null,
      error_code: null,
      date_sent: null,
      uri: `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/${created.sid}.json`,
    });
    expect(created.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(created.date_created).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000$/);

    const [entry] = await sim.mailbox.list();
    expect(entry).toMatchObject({ channel: 'sms', to: ['+46701234567'], providerId: created.sid, status: 'queued' });
    expect(entry?.links).toEqual(['https://signlink.test/s/1']);

    await vi.waitFor(() => expect(receiver.received.map((r) => r.params.MessageStatus)).toEqual(['sent', 'delivered']));
    for (const callback of receiver.received) {
      expect(callback.url).toBe('/hooks/twilio?message=42');
      expect(callback.params).toMatchObject({
        MessageSid: created.sid,
        SmsSid: created.sid,
        AccountSid: ACCOUNT_SID,
        To: '+46701234567',
        From: '+46700000000',
        ApiVersion: '2010-04-01',
      });
      expect(callback.signature).toBe(expectedSignature(callbackUrl, callback.params));
    }
    expect(sim.controls.callbacks.map((c) => c.responseStatus)).toEqual([204, 204]);
    expect((await sim.mailbox.get(entry?.id ?? ''))?.status).toBe('delivered');

    const fetched = await json(
      await call({ path: `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/${created.sid}.json` }),
    );
    expect(fetched).toMatchObject({ sid: created.sid, status: 'delivered' });
    expect(fetched.date_sent).not.toBeNull();
  });

  it('reports magic and listed numbers undelivered with error 30003', async () => {
    sim.controls.undeliverable.add('+46701112222');
    const callbackUrl = `${receiver.origin}/hooks/twilio`;
    for (const to of ['+46700009999', 'whatsapp:+46701112222']) {
      const from = to.startsWith('whatsapp:') ? 'whatsapp:+46700000000' : '+46700000000';
      expect((await call({ form: { To: to, From: from, Body: 'x', StatusCallback: callbackUrl } })).status).toBe(201);
    }
    await vi.waitFor(() => expect(sim.controls.callbacks).toHaveLength(4));
    const final = sim.controls.callbacks.filter((c) => c.params.MessageStatus === 'undelivered');
    expect(final.map((c) => [c.params.To, c.params.ErrorCode])).toEqual(
      expect.arrayContaining([
        ['+46700009999', '30003'],
        ['whatsapp:+46701112222', '30003'],
      ]),
    );
    const whatsapp = (await sim.mailbox.list()).find((e) => e.channel === 'whatsapp');
    expect(whatsapp).toMatchObject({ to: ['+46701112222'], from: '+46700000000', status: 'undelivered' });
  });

  it('fails the next creations as told, then recovers', async () => {
    sim.controls.failNext({ times: 2, status: 500, code: 20500, message: 'Internal Server Error' });
    const form = { To: '+46701234567', From: '+46700000000', Body: 'x' };
    expect(await (await call({ form })).json()).toMatchObject({ code: 20500, status: 500 });
    expect((await call({ form })).status).toBe(500);
    expect((await call({ form })).status).toBe(201);
  });

  it('accepts a Messaging Service SID in place of From', async () => {
    const response = await call({
      form: { To: '+46701234567', MessagingServiceSid: `MG${'a'.repeat(32)}`, Body: 'x' },
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      status: 'accepted',
      from: null,
      messaging_service_sid: `MG${'a'.repeat(32)}`,
    });
  });

  it('lists by To, and by DateSent only once a message has been sent', async () => {
    // Slow enough that the messages are still queued when first listed.
    const slow = await startTwilioSimulator({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, callbackDelayMs: 500 });
    try {
      const send = (to: string, body: string) =>
        fetch(`${slow.url}${messagesPath}`, {
          method: 'POST',
          headers: { authorization: basicAuth(ACCOUNT_SID, AUTH_TOKEN) },
          body: new URLSearchParams({ To: to, From: '+46700000000', Body: body }),
        });
      const list = async (query: Record<string, string>) => {
        const response = await fetch(`${slow.url}${messagesPath}?${new URLSearchParams(query)}`, {
          headers: { authorization: basicAuth(ACCOUNT_SID, AUTH_TOKEN) },
        });
        return ((await json(response)).messages as { body: string }[]).map((m) => m.body);
      };
      await send('+46701234567', 'first');
      await send('+46701234567', 'second');
      await send('+46707654321', 'other');
      const today = new Date().toISOString().slice(0, 10);
      expect(await list({ To: '+46701234567' })).toEqual(['second', 'first']);
      expect(await list({ To: '+46701234567', 'DateSent>': today })).toEqual([]);
      await vi.waitFor(
        async () => expect(await list({ To: '+46701234567', 'DateSent>': today })).toEqual(['second', 'first']),
        { timeout: 3000 },
      );
      expect(await list({ To: '+46701234567', 'DateSent>': '2999-01-01' })).toEqual([]);
      expect(await list({ To: '+46701234567', PageSize: '1' })).toEqual(['second']);
      const bad = await fetch(`${slow.url}${messagesPath}?DateSent%3E=yesterday`, {
        headers: { authorization: basicAuth(ACCOUNT_SID, AUTH_TOKEN) },
      });
      expect(bad.status).toBe(400);
    } finally {
      await slow.close();
    }
  });

  it('answers an unknown message sid with 20404', async () => {
    const response = await call({ path: `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/SM${'0'.repeat(32)}.json` });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 20404 });
  });

  it('counts GSM-7 and UCS-2 segments as carriers do', () => {
    expect(countSegments('Hej då, signera här')).toBe(1);
    expect(countSegments('a'.repeat(160))).toBe(1);
    expect(countSegments('a'.repeat(161))).toBe(2);
    expect(countSegments('€'.repeat(80))).toBe(1);
    expect(countSegments('😀'.repeat(35))).toBe(1);
    expect(countSegments('😀'.repeat(36))).toBe(2);
  });
});
