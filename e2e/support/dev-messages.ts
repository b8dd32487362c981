import { expect } from 'vitest';

/**
 * What a journey reads from the simulators, as a person reads their phone or inbox: the developer
 * mailbox's API on the journey's own server.
 */
export interface DevMessage {
  channel: string;
  subject?: string;
  text: string;
}

/** A Swedish mobile number of its own for each run: codes are limited per number. */
export function newMobileNumber(): { national: string; e164: string } {
  const rest = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
  return { national: `070${rest}`, e164: `+4670${rest}` };
}

/** The newest of at least `count` messages the simulators received for `recipient`. */
export async function latestMessageTo(serverUrl: string, recipient: string, count = 1): Promise<DevMessage> {
  const url = `${serverUrl}/v2/dev/messages?recipient=${encodeURIComponent(recipient)}`;
  let messages: DevMessage[] = [];
  await expect
    .poll(
      async () => {
        messages = ((await (await fetch(url)).json()) as { messages: DevMessage[] }).messages;
        return messages.length;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(count);
  const [newest] = messages;
  if (!newest) throw new Error(`no message to ${recipient}`);
  return newest;
}

export async function smsCodeFor(serverUrl: string, e164: string, count = 1): Promise<string> {
  const code = /\b(\d{4})\b/.exec((await latestMessageTo(serverUrl, e164, count)).text)?.[1];
  if (!code) throw new Error('no code in the text');
  return code;
}

/** DECISIONS: six characters without look-alikes; the subject carries it. */
export async function emailCodeFor(serverUrl: string, address: string, count = 1): Promise<string> {
  const message = await latestMessageTo(serverUrl, address, count);
  const code = /\b([2-9A-HJ-NP-Z]{6})\b/.exec(`${message.subject ?? ''} ${message.text}`)?.[1];
  if (!code) throw new Error('no code in the e-mail');
  return code;
}
