import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFolderMailbox } from '@signlink/simulators/mailbox/sim-mailbox';
import { type SmtpSimulator, startSmtpSimulator } from '@signlink/simulators/smtp/smtp-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy } from '../test/tcp-proxy.ts';
import { sleep, waitFor } from './jobs/job-test-helpers.ts';

const mainFile = fileURLToPath(new URL('./main.ts', import.meta.url));

interface Server {
  child: ChildProcess;
  url: string;
}

/** The whole service as `npm start` runs it, on the given data folder, sending e-mail to our SMTP server. */
async function startService(dataDir: string, smtpUrl: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', PORT: '0', DATA_DIR: dataDir, SMTP_URL: smtpUrl },
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`did not start:\n${output}`)), 60_000);
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/localhost:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('exit', (code) => reject(new Error(`exited (${code}):\n${output}`)));
  });
  return { child, url };
}

async function stopService(server: Server, signal: NodeJS.Signals) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill(signal);
  await exited;
}

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
    // The service reaches the SMTP server through a relay, which shows when its delivery has begun.
    const relay = await startTcpProxy({ host: smtp.host, port: smtp.port });
    const first = await startService(path.join(dataDir, 'service'), relay.url);
    // The server holds its reply to DATA, so the worker is inside the SMTP transaction when it dies.
    smtp.delayNext({ ms: 6000 });
    const sent = await fetch(`${first.url}/v2/dev/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'document-invitation', to: 'crash@example.com', locale: 'sv' }),
    });
    expect(sent.status).toBe(202);
    await waitFor(() => relay.connectionCount > 0, { timeoutMs: 30_000 });
    await sleep(500); // into the transaction: the server holds its reply to DATA for 6 s
    await stopService(first, 'SIGKILL');
    await sleep(3000); // past the held reply: the dead client's message must not have been stored
    expect(await smtp.mailbox.list({ recipient: 'crash@example.com' })).toEqual([]);

    const second = await startService(path.join(dataDir, 'service'), relay.url);
    try {
      await waitFor(async () => (await smtp.mailbox.list({ recipient: 'crash@example.com' })).length > 0, {
        timeoutMs: 40_000,
      });
      await sleep(2500);
      const received = await smtp.mailbox.list({ recipient: 'crash@example.com' });
      expect(received).toHaveLength(1);
      expect(received[0]?.subject).toContain('har skickat');
    } finally {
      await stopService(second, 'SIGTERM');
      await relay.close();
    }
  }, 120_000);
});
