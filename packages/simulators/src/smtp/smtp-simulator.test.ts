import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTransport, type SendMailOptions } from 'nodemailer';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findMailboxEmail } from '../mailbox/find-mailbox-email.ts';
import { createFolderMailbox, type SimMailbox } from '../mailbox/sim-mailbox.ts';
import { type SmtpSimulator, startSmtpSimulator } from './smtp-simulator.ts';

/** A minimal SMTP client on a raw socket, for what nodemailer will not do: walk away in the middle of DATA. */
async function openRawSession(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  socket.setEncoding('utf8');
  const replies: string[] = [];
  let wake: (() => void) | undefined;
  let pending = '';
  socket.on('data', (chunk: string) => {
    pending += chunk;
    for (let end = pending.indexOf('\r\n'); end !== -1; end = pending.indexOf('\r\n')) {
      const line = pending.slice(0, end);
      pending = pending.slice(end + 2);
      // The last line of a multi-line reply has a space after the code.
      if (/^\d{3}( |$)/.test(line)) replies.push(line);
      wake?.();
    }
  });
  async function reply(): Promise<string> {
    while (replies.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    return replies.shift() as string;
  }
  async function command(line: string): Promise<string> {
    socket.write(`${line}\r\n`);
    return reply();
  }
  await reply();
  return { socket, command };
}

const message = (overrides: Partial<SendMailOptions> = {}): SendMailOptions => ({
  from: 'Signlink <no-reply@signlink.test>',
  to: 'anna@example.com',
  subject: 'Please sign',
  text: 'Sign here: https://app.signlink.test/sign/abc',
  html: '<p><a href="https://app.signlink.test/sign/abc">Sign</a></p>',
  ...overrides,
});

describe('SMTP simulator', () => {
  let folder: string;
  let mailbox: SimMailbox;
  let simulator: SmtpSimulator;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'signlink-smtp-simulator-'));
    mailbox = createFolderMailbox(folder);
    simulator = await startSmtpSimulator({ mailbox });
  });

  afterEach(async () => {
    simulator.reset();
    await mailbox.clear();
  });

  afterAll(async () => {
    await simulator.close();
    await rm(folder, { recursive: true, force: true });
  });

  /** One connection per message, so that nodemailer's pool does not retry on our refusals behind our back. */
  async function send(options: SendMailOptions) {
    const transport = createTransport(simulator.url);
    try {
      return await transport.sendMail(options);
    } finally {
      transport.close();
    }
  }

  it('stores a message with both bodies, the envelope recipients, kept headers and links', async () => {
    const info = await send(
      message({
        to: 'Anna <anna@example.com>',
        replyTo: 'Sales <sales@customer.test>',
        subject: 'Signera avtalet åäö',
        messageId: '<m1@signlink.test>',
        // The envelope, not the To header, says who the message is for: a Bcc recipient is in it.
        envelope: { from: 'bounces@signlink.test', to: ['Anna@Example.com', 'hidden@example.com'] },
        headers: {
          'Content-Language': 'sv',
          'X-Signlink-Message': 'msg_1',
          'List-Unsubscribe': '<https://app.signlink.test/unsubscribe/u1>',
          'X-Not-Kept': 'x',
        },
      }),
    );

    const [entry] = await mailbox.list();
    expect(info.response).toBe(`250 OK queued as ${entry?.providerId}`);
    expect(entry).toMatchObject({
      channel: 'email',
      from: '"Signlink" <no-reply@signlink.test>',
      to: ['anna@example.com', 'hidden@example.com'],
      subject: 'Signera avtalet åäö',
      text: 'Sign here: https://app.signlink.test/sign/abc',
      html: '<p><a href="https://app.signlink.test/sign/abc">Sign</a></p>',
      links: ['https://app.signlink.test/sign/abc'],
    });
    expect(entry?.providerId).toMatch(/^[0-9A-F]{12}$/);
    expect(entry?.headers).toEqual({
      'message-id': '<m1@signlink.test>',
      'content-language': 'sv',
      'x-signlink-message': 'msg_1',
      'list-unsubscribe': '<https://app.signlink.test/unsubscribe/u1>',
      'reply-to': '"Sales" <sales@customer.test>',
      date: expect.any(String),
    });
  });

  it('accepts any credentials', async () => {
    const transport = createTransport(simulator.url.replace('smtp://', 'smtp://someone:anything@'));
    try {
      await transport.verify();
      await transport.sendMail(message());
    } finally {
      transport.close();
    }
    expect(await mailbox.list()).toHaveLength(1);
  });

  it('rejects bounce… recipients permanently and defer… recipients transiently', async () => {
    await expect(send(message({ to: 'bounce.me@example.com' }))).rejects.toMatchObject({
      responseCode: 550,
      response: '550 5.1.1 <bounce.me@example.com>: Recipient address rejected: User unknown',
    });
    await expect(send(message({ to: 'Defer@example.com' }))).rejects.toMatchObject({
      responseCode: 451,
      response: '451 4.3.0 Temporary failure, try again later',
    });
    // One good recipient is enough for the message to go through, to that recipient only.
    const info = await send(message({ to: ['bounce@example.com', 'anna@example.com'] }));
    expect(info.rejected).toEqual(['bounce@example.com']);
    expect((await mailbox.list()).map((entry) => entry.to)).toEqual([['anna@example.com']]);
  });

  it('refuses the next transactions as told, then accepts again', async () => {
    simulator.refuseNext({ times: 2, code: 554, message: '5.7.1 Sending paused' });
    await expect(send(message())).rejects.toMatchObject({ responseCode: 554, response: '554 5.7.1 Sending paused' });
    await expect(send(message())).rejects.toMatchObject({ responseCode: 554 });
    await send(message());
    expect(await mailbox.list()).toHaveLength(1);

    simulator.refuseNext({ times: 1, code: 421 });
    simulator.reset();
    await send(message());
    expect(await mailbox.list()).toHaveLength(2);
  });

  it('replies only after delayNext, and stores nothing when the client leaves during the delay', async () => {
    // Far longer than the test may take: the hold ends when the client leaves.
    const abandoned = simulator.delayNext({ ms: 60_000 });
    const session = await openRawSession(simulator.port);
    expect(await session.command('EHLO client.test')).toMatch(/^250 /);
    expect(await session.command('MAIL FROM:<no-reply@signlink.test>')).toMatch(/^250 /);
    expect(await session.command('RCPT TO:<anna@example.com>')).toMatch(/^250 /);
    expect(await session.command('DATA')).toMatch(/^354 /);
    session.socket.write('Subject: Abandoned\r\n\r\nNever stored\r\n.\r\n');
    await abandoned.holding;
    session.socket.destroy();
    expect(await abandoned.replied).toBe('refused');
    expect(await mailbox.list()).toEqual([]);

    const waited = simulator.delayNext({ ms: 200 });
    const started = Date.now();
    await send(message());
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(await waited.replied).toBe('stored');
    expect(await mailbox.list()).toHaveLength(1);
  });

  it('with isStoredFirst keeps a held message whose client left, and finds it by Message-ID', async () => {
    const taken = simulator.delayNext({ ms: 60_000, isStoredFirst: true });
    const session = await openRawSession(simulator.port);
    expect(await session.command('EHLO client.test')).toMatch(/^250 /);
    expect(await session.command('MAIL FROM:<no-reply@signlink.test>')).toMatch(/^250 /);
    expect(await session.command('RCPT TO:<anna@example.com>')).toMatch(/^250 /);
    expect(await session.command('DATA')).toMatch(/^354 /);
    session.socket.write('Message-ID: <m1@signlink.test>\r\nSubject: Taken\r\n\r\nStored, reply lost\r\n.\r\n');
    await taken.holding;
    expect(simulator.countStoredAndHeld()).toBe(1);
    session.socket.destroy();
    expect(await taken.replied).toBe('refused');
    expect(await findMailboxEmail(mailbox, { messageId: 'm1@signlink.test', to: 'anna@example.com' })).toEqual({
      providerMessageId: 'm1@signlink.test',
    });
    expect(await findMailboxEmail(mailbox, { messageId: 'm2@signlink.test', to: 'anna@example.com' })).toBeUndefined();
  });

  it('refuses a message over the size limit with 552 and does not store it', async () => {
    const small = await startSmtpSimulator({ mailbox, maxMessageBytes: 2048 });
    try {
      const transport = createTransport(small.url);
      // nodemailer announces no SIZE= with MAIL FROM here, so the limit is found during DATA.
      await expect(transport.sendMail(message({ text: 'x'.repeat(5000) }))).rejects.toMatchObject({
        command: 'DATA',
        response: '552 5.3.4 Message exceeds the size limit of 2048 bytes',
      });
      transport.close();
      expect(await mailbox.list()).toEqual([]);
    } finally {
      await small.close();
    }
  });

  it('frees its port on close, even with an idle pooled connection open', async () => {
    const own = await startSmtpSimulator({ mailbox });
    const pool = createTransport({ url: own.url, pool: true });
    await pool.sendMail(message());
    await own.close();
    pool.close();

    const server = net.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(own.port, '127.0.0.1', resolve);
    });
    await new Promise((resolve) => server.close(resolve));
  });
});
