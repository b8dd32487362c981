import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createFolderMailbox } from '@signlink/simulators/mailbox/sim-mailbox';
import { type SmtpSimulator, startSmtpSimulator } from '@signlink/simulators/smtp/smtp-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readQueueHealth, sendDevMessage, startServerProcess } from '../test/start-server-process.ts';
import { startTcpProxy } from '../test/tcp-proxy.ts';
import { isIdle, waitFor } from './jobs/job-test-helpers.ts';

let dataDir: string;
let smtp: SmtpSimulator;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'signlink-crash-'));
  smtp = await startSmtpSimulator({ mailbox: createFolderMailbox(path.join(dataDir, 'received')) });
});
afterAll(async () => {
  await smtp?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('a crash mid-delivery', () => {
  it('is followed, after the restart, by exactly one delivery', async () => {
    // The whole service as `npm start` runs it, on one data folder across the crash, sending e-mail to our SMTP
    // server through a relay.
    const relay = await startTcpProxy({ host: smtp.host, port: smtp.port });
    const serviceData = path.join(dataDir, 'service');
    const start = () => startServerProcess({ dataDir: serviceData, env: { SMTP_URL: relay.url } });
    const first = await start();
    // The server holds its reply to DATA, so the worker is inside the SMTP transaction when it dies; the hold ends
    // as soon as the worker's connection does.
    const heldReply = smtp.delayNext({ ms: 20_000 });
    const sent = await sendDevMessage(first.url, { to: 'crash@example.com' });
    expect(sent.status).toBe(202);
    await heldReply.holding;
    await first.stop({ signal: 'SIGKILL' });
    // The dead client's message must not have been stored.
    expect(await heldReply.replied).toBe('refused');
    expect(await smtp.mailbox.list({ recipient: 'crash@example.com' })).toEqual([]);

    const second = await start();
    try {
      await waitFor(async () => (await smtp.mailbox.list({ recipient: 'crash@example.com' })).length > 0, {
        timeoutMs: 40_000,
      });
      // Until the delivery job has completed it is queued or active; a second delivery would come before that.
      await waitFor(async () => isIdle(await readQueueHealth(second.url)), { timeoutMs: 20_000 });
      const received = await smtp.mailbox.list({ recipient: 'crash@example.com' });
      expect(received).toHaveLength(1);
      expect(received[0]?.subject).toContain('har skickat');
    } finally {
      await second.stop();
      await relay.close();
    }
  }, 120_000);
});
