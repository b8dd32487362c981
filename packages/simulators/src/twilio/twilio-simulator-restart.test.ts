import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFolderMailbox } from '../mailbox/sim-mailbox.ts';
import { createFolderTwilioMessageStore } from './twilio-message-store.ts';
import { startTwilioSimulator } from './twilio-simulator.ts';
import { TwilioSimulatorControls } from './twilio-simulator-controls.ts';

const ACCOUNT_SID = `AC${'3'.repeat(32)}`;
const AUTH_TOKEN = 'simulator-token';
const messagesPath = `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`;
const authorization = `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`;

let dataDir: string;
beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'twilio-sim-restart-'));
});
afterEach(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** A simulator on the data folder, as each process of a local setup starts one. */
const startOnDataDir = () =>
  startTwilioSimulator({
    accountSid: ACCOUNT_SID,
    authToken: AUTH_TOKEN,
    callbackDelayMs: 5,
    mailbox: createFolderMailbox(path.join(dataDir, 'mailbox')),
    controls: new TwilioSimulatorControls({ messages: createFolderTwilioMessageStore(path.join(dataDir, 'twilio')) }),
  });

describe('Twilio simulator on a data folder', () => {
  it('answers, after a restart and from another instance, about messages it took before', async () => {
    const first = await startOnDataDir();
    const created = await fetch(`${first.url}${messagesPath}`, {
      method: 'POST',
      headers: { authorization },
      body: new URLSearchParams({ To: '+46701234567', From: '+46700000000', Body: 'Sign here' }),
    });
    const { sid } = (await created.json()) as { sid: string };
    // The status moves on and is kept, not only the message.
    await waitUntilStatus(first.url, sid, 'delivered');
    await first.close();

    const second = await startOnDataDir();
    const other = await startOnDataDir();
    try {
      for (const url of [second.url, other.url]) {
        const fetched = await fetch(`${url}/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/${sid}.json`, {
          headers: { authorization },
        });
        expect(fetched.status).toBe(200);
        expect(await fetched.json()).toMatchObject({ sid, status: 'delivered', body: 'Sign here' });
        const listed = await fetch(`${url}${messagesPath}?To=%2B46701234567`, { headers: { authorization } });
        const { messages } = (await listed.json()) as { messages: { sid: string }[] };
        expect(messages.map((message) => message.sid)).toEqual([sid]);
      }
    } finally {
      await second.close();
      await other.close();
    }
  });
});

describe('Twilio simulator holding replies', () => {
  it('takes a message whose reply it holds, so a client that dies never learns its sid', async () => {
    const sim = await startOnDataDir();
    try {
      sim.controls.holdNext({ times: 1 });
      const created = fetch(`${sim.url}${messagesPath}`, {
        method: 'POST',
        headers: { authorization },
        body: new URLSearchParams({ To: '+46701234568', From: '+46700000000', Body: 'Held' }),
      });
      await waitFor(() => sim.controls.countHeld() === 1);
      const listed = await fetch(`${sim.url}${messagesPath}?To=%2B46701234568`, { headers: { authorization } });
      const { messages } = (await listed.json()) as { messages: { sid: string; body: string }[] };
      expect(messages.map((message) => message.body)).toEqual(['Held']);
      sim.controls.releaseHeld();
      expect(((await (await created).json()) as { sid: string }).sid).toBe(messages[0]?.sid);
    } finally {
      await sim.close();
    }
  });
});

async function waitFor(isDone: () => boolean) {
  const deadline = Date.now() + 5000;
  while (!isDone()) {
    if (Date.now() > deadline) throw new Error('condition not met');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function waitUntilStatus(url: string, sid: string, status: string) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const response = await fetch(`${url}/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/${sid}.json`, {
      headers: { authorization },
    });
    if (((await response.json()) as { status: string }).status === status) return;
    if (Date.now() > deadline) throw new Error(`message ${sid} never reached ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
