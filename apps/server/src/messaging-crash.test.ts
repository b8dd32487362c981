import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createFolderMailbox, type SimMailbox } from '@signlink/simulators/mailbox/sim-mailbox';
import { type SmtpSimulator, startSmtpSimulator } from '@signlink/simulators/smtp/smtp-simulator';
import { createFolderTwilioMessageStore } from '@signlink/simulators/twilio/twilio-message-store';
import { type RunningTwilioSimulator, startTwilioSimulator } from '@signlink/simulators/twilio/twilio-simulator';
import { TwilioSimulatorControls } from '@signlink/simulators/twilio/twilio-simulator-controls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findFreePort,
  readQueueHealth,
  type ServerProcess,
  sendDevMessage,
  startServerProcess,
} from '../test/start-server-process.ts';
import { startTcpProxy } from '../test/tcp-proxy.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { isIdle, waitFor } from './jobs/job-test-helpers.ts';

/*
 * The whole service as `npm start` runs it, killed (SIGKILL) with several deliveries in flight, each already taken
 * by the provider whose reply never came back; then restarted on the same data folder. Counted from what the
 * providers received: how many messages arrived twice.
 */

let dataDir: string;
let smtp: SmtpSimulator;
let twilio: RunningTwilioSimulator;
const twilioAccount = { accountSid: `AC${'7'.repeat(32)}`, authToken: 'crash-test-twilio-token' };
/** A Twilio simulator on the test's data folder: a new one on the same port knows what the last one took. */
const startTwilio = (port?: number) =>
  startTwilioSimulator({
    ...twilioAccount,
    mailbox: createFolderMailbox(path.join(dataDir, 'received')),
    callbackDelayMs: 50,
    controls: new TwilioSimulatorControls({ messages: createFolderTwilioMessageStore(path.join(dataDir, 'twilio')) }),
    ...(port === undefined ? {} : { port }),
  });
// On the PostgreSQL project the service runs on a PostgreSQL database, where the restarted worker must see the
// dead one's lock gone to take its jobs back; on PGlite the data folder's own database.
let database: TestDatabase | undefined;
beforeAll(async () => {
  if (process.env.TEST_DB === 'postgres') database = await createTestDatabase();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'signlink-messaging-crash-'));
  smtp = await startSmtpSimulator({ mailbox: createFolderMailbox(path.join(dataDir, 'received')) });
  twilio = await startTwilio();
});
afterAll(async () => {
  await database?.close();
  await smtp?.close();
  await twilio?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function sendDevMessages(server: ServerProcess, channel: 'email' | 'sms', recipients: string[]) {
  for (const to of recipients) {
    const sent = await sendDevMessage(server.url, { channel, to });
    expect(sent.status).toBe(202);
  }
}

const countReceived = async (mailbox: SimMailbox, recipients: string[]) =>
  Promise.all(recipients.map(async (recipient) => (await mailbox.list({ recipient })).length));

/**
 * Five messages: two delivered and recorded before the crash, three in flight at it. Returns what each recipient
 * received once the restarted service has nothing left to do.
 */
async function crashMidDelivery(input: {
  name: string;
  channel: 'email' | 'sms';
  env: Record<string, string>;
  recipients: string[];
  holdInFlight: () => void;
  isInFlight: () => boolean;
  /** Ends holds not yet used: they were meant for the dead worker. */
  endHolds: () => void | Promise<void>;
  mailbox: SimMailbox;
}) {
  const serviceData = path.join(dataDir, input.name);
  const env = { ...input.env, ...(database?.url ? { DATABASE_URL: database.url } : {}) };
  const start = () => startServerProcess({ dataDir: serviceData, env });
  const first = await start();
  const [earlier, inFlight] = [input.recipients.slice(0, 2), input.recipients.slice(2)];
  await sendDevMessages(first, input.channel, earlier);
  await waitFor(async () => isIdle(await readQueueHealth(first.url)), { timeoutMs: 20_000 });
  input.holdInFlight();
  await sendDevMessages(first, input.channel, inFlight);
  await waitFor(input.isInFlight, { timeoutMs: 20_000 });
  await first.stop({ signal: 'SIGKILL' });
  await input.endHolds();

  const second = await start();
  try {
    await waitFor(async () => (await countReceived(input.mailbox, inFlight)).every((count) => count > 0), {
      timeoutMs: 40_000,
    });
    // Until every delivery job has completed one is queued or active; a second copy would come before that.
    await waitFor(async () => isIdle(await readQueueHealth(second.url)), { timeoutMs: 20_000 });
    return {
      earlier: await countReceived(input.mailbox, earlier),
      inFlight: await countReceived(input.mailbox, inFlight),
    };
  } finally {
    await second.stop();
  }
}

describe('a worker killed with deliveries in flight', () => {
  it('repeats at most the one e-mail a plain SMTP server had taken, and none recorded as sent', async () => {
    const relay = await startTcpProxy({ host: smtp.host, port: smtp.port });
    try {
      const received = await crashMidDelivery({
        name: 'smtp',
        channel: 'email',
        env: { SMTP_URL: relay.url },
        recipients: [1, 2, 3, 4, 5].map((n) => `party-${n}@example.com`),
        // The server stores each message, then holds its reply: the worker dies not knowing it was taken.
        holdInFlight: () => smtp.delayNext({ ms: 60_000, times: 3, isStoredFirst: true }),
        // Plain SMTP cannot be asked afterwards, so the worker hands over one message at a time.
        isInFlight: () => smtp.countStoredAndHeld() === 1,
        endHolds: () => smtp.reset(),
        mailbox: smtp.mailbox,
      });
      expect(received.earlier).toEqual([1, 1]);
      expect([...received.inFlight].sort()).toEqual([1, 1, 2]);
    } finally {
      await relay.close();
    }
  }, 180_000);

  it('repeats no text: Twilio is asked what it took', async () => {
    const received = await crashMidDelivery({
      name: 'twilio',
      channel: 'sms',
      env: {
        TWILIO_ACCOUNT_SID: twilioAccount.accountSid,
        TWILIO_AUTH_TOKEN: twilioAccount.authToken,
        TWILIO_SMS_FROM: 'Signlink',
        TWILIO_API_URL: twilio.url,
        // Twilio is asked by number and body, so the links in the body must not change with the restarted server's
        // port: both runs listen on one, as a deployed service does.
        PORT: String(await findFreePort()),
      },
      recipients: [1, 2, 3, 4, 5].map((n) => `+4670123450${n}`),
      holdInFlight: () => twilio.controls.holdNext({ times: 3 }),
      // Twilio can be asked, so all three are handed over at once.
      isInFlight: () => twilio.controls.countHeld() === 3,
      // The simulator restarts too, as the in-process one does with its worker: only the data folder remembers.
      endHolds: async () => {
        twilio.controls.releaseHeld();
        await twilio.close();
        twilio = await startTwilio(Number(new URL(twilio.url).port));
      },
      mailbox: createFolderMailbox(path.join(dataDir, 'received')),
    });
    expect(received.earlier).toEqual([1, 1]);
    expect(received.inFlight).toEqual([1, 1, 1]);
  }, 180_000);
});
