import net, { type AddressInfo } from 'node:net';
import { type RunningTwilioSimulator, startTwilioSimulator } from '@signlink/simulators/twilio/twilio-simulator';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DeliveryError } from '../messaging/delivery-error.ts';
import { createTextMessageSender } from './create-text-message-sender.ts';
import type { TextMessageSender } from './text-message.port.ts';
import { createTwilioTextMessageSender, type TwilioTextMessageConfig } from './twilio.adapter.ts';

const ACCOUNT_SID = `AC${'5'.repeat(32)}`;
const AUTH_TOKEN = 'adapter-test-token';
const SERVICE_SID = `MG${'7'.repeat(32)}`;

async function deliveryErrorOf(promise: Promise<unknown>): Promise<DeliveryError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DeliveryError);
  return error as DeliveryError;
}

describe('Twilio text messages against the Twilio simulator', () => {
  let sim: RunningTwilioSimulator;
  let config: TwilioTextMessageConfig;
  let sender: TextMessageSender;

  beforeAll(async () => {
    sim = await startTwilioSimulator({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, callbackDelayMs: 10 });
    config = {
      apiUrl: sim.url,
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      smsFrom: 'Signlink',
      whatsappFrom: '+46700000000',
    };
    sender = createTextMessageSender({ driver: 'twilio', ...config });
  });
  afterEach(async () => {
    await sim.controls.reset();
    await sim.mailbox.clear();
  });
  afterAll(() => sim.close());

  it('sends an SMS from the configured sender id', async () => {
    const result = await sender.send({
      channel: 'sms',
      to: '+46701234567',
      body: 'Please sign: https://signlink.test/s/1',
    });
    expect(result.providerMessageId).toMatch(/^SM[0-9a-f]{32}$/);
    expect(result.status).toBe('queued');
    const [entry] = await sim.mailbox.list();
    expect(entry).toMatchObject({
      channel: 'sms',
      from: 'Signlink',
      to: ['+46701234567'],
      text: 'Please sign: https://signlink.test/s/1',
      providerId: result.providerMessageId,
    });
  });

  it('sends a WhatsApp message from the WhatsApp number, and reports where the status goes', async () => {
    const statusCallbackUrl = 'http://127.0.0.1:1/hooks/twilio/status';
    const result = await sender.send({ channel: 'whatsapp', to: '+46701234567', body: 'Hej!', statusCallbackUrl });
    const [entry] = await sim.mailbox.list();
    expect(entry).toMatchObject({ channel: 'whatsapp', from: '+46700000000', to: ['+46701234567'], text: 'Hej!' });
    expect(entry?.providerId).toBe(result.providerMessageId);
    await vi.waitFor(() => expect(sim.controls.callbacks[0]?.url).toBe(statusCallbackUrl));
  });

  it('refuses WhatsApp permanently when no WhatsApp sender is configured', async () => {
    const { whatsappFrom: _unused, ...smsOnly } = config;
    const error = await deliveryErrorOf(
      createTwilioTextMessageSender(smsOnly).send({ channel: 'whatsapp', to: '+46701234567', body: 'x' }),
    );
    expect(error).toMatchObject({ permanent: true, reason: 'WhatsApp sender not configured' });
    expect(await sim.mailbox.list()).toEqual([]);
  });

  it('sends through a Messaging Service when smsFrom is its SID', async () => {
    const viaService = createTwilioTextMessageSender({ ...config, smsFrom: SERVICE_SID });
    const result = await viaService.send({ channel: 'sms', to: '+46701234567', body: 'x' });
    expect(result.status).toBe('accepted');
    expect((await sim.mailbox.list())[0]).toMatchObject({ from: SERVICE_SID, providerId: result.providerMessageId });
  });

  it('reports 500s as transient until Twilio recovers', async () => {
    sim.controls.failNext({ times: 2, status: 500, code: 20500, message: 'Internal Server Error' });
    const message = { channel: 'sms' as const, to: '+46701234567', body: 'x' };
    for (let attempt = 0; attempt < 2; attempt++) {
      const error = await deliveryErrorOf(sender.send(message));
      expect(error).toMatchObject({ permanent: false, providerCode: '20500' });
      expect(error.reason).toBe('Twilio 20500: Internal Server Error');
    }
    expect((await sender.send(message)).status).toBe('queued');
    expect(await sim.mailbox.list()).toHaveLength(1);
  });

  it('reports rate limiting as transient', async () => {
    sim.controls.failNext({ status: 429, code: 20429, message: 'Too Many Requests' });
    const error = await deliveryErrorOf(sender.send({ channel: 'sms', to: '+46701234567', body: 'x' }));
    expect(error).toMatchObject({ permanent: false, providerCode: '20429' });
  });

  it("reports Twilio's verdict on the number as permanent, with its code", async () => {
    const error = await deliveryErrorOf(sender.send({ channel: 'sms', to: '+46700000001', body: 'x' }));
    expect(error).toMatchObject({
      permanent: true,
      providerCode: '21211',
      reason: "Twilio 21211: The 'To' number +46700000001 is not a valid phone number.",
    });
  });

  it('reports refused credentials as transient: the operator fixes them and the messages wait', async () => {
    const wrongToken = createTwilioTextMessageSender({ ...config, authToken: 'not-the-token' });
    const error = await deliveryErrorOf(wrongToken.send({ channel: 'sms', to: '+46701234567', body: 'x' }));
    expect(error).toMatchObject({ permanent: false, providerCode: '20003' });
    expect(error.reason).toContain('HTTP 401');
    expect(error.reason).not.toContain('not-the-token');
  });

  it('reports an unreachable API as transient', async () => {
    const closed = await startTwilioSimulator({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
    await closed.close();
    const offline = createTwilioTextMessageSender({ ...config, apiUrl: closed.url, timeoutMs: 2000 });
    const error = await deliveryErrorOf(offline.send({ channel: 'sms', to: '+46701234567', body: 'x' }));
    expect(error.permanent).toBe(false);
    expect(error.reason).toMatch(/^Twilio unreachable: /);
    expect(error.providerCode).toBe('ECONNREFUSED');
  });

  it('finds a message already sent since a moment, and not one with another body or from before', async () => {
    const since = new Date();
    const sent = await sender.send({ channel: 'whatsapp', to: '+46701234567', body: 'Your document is signed' });
    // Twilio's DateSent filter sees a message only once it has left the queue.
    await vi.waitFor(async () => {
      const found = await sender.findSent({
        channel: 'whatsapp',
        to: '+46701234567',
        body: 'Your document is signed',
        since,
      });
      expect(found?.providerMessageId).toBe(sent.providerMessageId);
    });
    expect(
      await sender.findSent({ channel: 'whatsapp', to: '+46701234567', body: 'Another text', since }),
    ).toBeUndefined();
    expect(
      await sender.findSent({ channel: 'sms', to: '+46701234567', body: 'Your document is signed', since }),
    ).toBeUndefined();
    const later = new Date(Date.now() + 2000);
    expect(
      await sender.findSent({ channel: 'whatsapp', to: '+46701234567', body: 'Your document is signed', since: later }),
    ).toBeUndefined();
  });

  it('does not take the same text from another sender on the account for ours', async () => {
    const since = new Date();
    const otherApp = createTwilioTextMessageSender({ ...config, smsFrom: 'OtherApp' });
    await otherApp.send({ channel: 'sms', to: '+46701234569', body: 'Sign here' });
    expect(await sender.findSent({ channel: 'sms', to: '+46701234569', body: 'Sign here', since })).toBeUndefined();
    const ours = await sender.send({ channel: 'sms', to: '+46701234569', body: 'Sign here' });
    const found = await sender.findSent({ channel: 'sms', to: '+46701234569', body: 'Sign here', since });
    expect(found?.providerMessageId).toBe(ours.providerMessageId);
  });

  it('reports a failed lookup as transient', async () => {
    const closed = await startTwilioSimulator({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
    await closed.close();
    const offline = createTwilioTextMessageSender({ ...config, apiUrl: closed.url });
    const since = new Date();
    const error = await deliveryErrorOf(offline.findSent({ channel: 'sms', to: '+46701234567', body: 'x', since }));
    expect(error.permanent).toBe(false);
  });

  it('gives up on a silent API after timeoutMs, as transient', async () => {
    // Accepts the connection and never answers.
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const slow = createTwilioTextMessageSender({ ...config, apiUrl: `http://127.0.0.1:${port}`, timeoutMs: 100 });
      const error = await deliveryErrorOf(slow.send({ channel: 'sms', to: '+46701234567', body: 'x' }));
      expect(error).toMatchObject({ permanent: false, reason: 'Twilio unreachable: no answer within 100 ms' });
    } finally {
      silent.close();
      for (const socket of sockets) socket.destroy();
    }
  });
});
