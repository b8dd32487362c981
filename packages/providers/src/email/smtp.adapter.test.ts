import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFolderMailbox, type SimMailbox } from '@signlink/simulators/mailbox/sim-mailbox';
import { type SmtpSimulator, startSmtpSimulator } from '@signlink/simulators/smtp/smtp-simulator';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryError } from '../messaging/delivery-error.ts';
import type { EmailSender, OutgoingEmail } from './email.port.ts';
import { createSmtpEmailSender, toDeliveryError } from './smtp.adapter.ts';

const email = (overrides: Partial<OutgoingEmail> = {}): OutgoingEmail => ({
  from: 'Signlink Sverige <no-reply@signlink.test>',
  to: 'anna@example.com',
  subject: 'Signera avtalet åäö',
  text: 'Hej! Signera här: https://app.signlink.test/sign/abc',
  html: '<p>Hej! <a href="https://app.signlink.test/sign/abc">Signera här</a></p>',
  messageId: 'msg_01.attempt@signlink.test',
  language: 'sv',
  ...overrides,
});

/** The promise's rejection, which must be a DeliveryError. */
async function deliveryError(promise: Promise<unknown>): Promise<DeliveryError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DeliveryError);
  return error as DeliveryError;
}

/** A simulator that was started and closed: nothing listens on its port any more. */
async function closedServerUrl(mailbox: SimMailbox): Promise<string> {
  const gone = await startSmtpSimulator({ mailbox });
  await gone.close();
  return gone.url;
}

describe('SMTP e-mail sender against the SMTP simulator', () => {
  let folder: string;
  let mailbox: SimMailbox;
  let simulator: SmtpSimulator;
  let sender: EmailSender;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'signlink-smtp-adapter-'));
    mailbox = createFolderMailbox(folder);
    simulator = await startSmtpSimulator({ mailbox });
    sender = createSmtpEmailSender({ url: simulator.url.replace('smtp://', 'smtp://signlink:p%40ss@') });
  });

  afterEach(async () => {
    simulator.reset();
    await mailbox.clear();
  });

  afterAll(async () => {
    await sender.close();
    await simulator.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('delivers both bodies, the subject, addresses and our headers', async () => {
    const result = await sender.send(
      email({
        to: 'Anna Åberg <Anna@Example.com>',
        replyTo: 'Säljaren <seller@customer.test>',
        headers: { 'X-Signlink-Message': 'msg_01' },
      }),
    );

    const [received] = await mailbox.list();
    expect(result).toEqual({
      providerMessageId: 'msg_01.attempt@signlink.test',
      response: `250 OK queued as ${received?.providerId}`,
    });
    expect(received).toMatchObject({
      from: '"Signlink Sverige" <no-reply@signlink.test>',
      to: ['anna@example.com'],
      subject: 'Signera avtalet åäö',
      text: 'Hej! Signera här: https://app.signlink.test/sign/abc',
      html: '<p>Hej! <a href="https://app.signlink.test/sign/abc">Signera här</a></p>',
      links: ['https://app.signlink.test/sign/abc'],
    });
    expect(received?.headers).toMatchObject({
      'message-id': '<msg_01.attempt@signlink.test>',
      'content-language': 'sv',
      'x-signlink-message': 'msg_01',
      'reply-to': '"Säljaren" <seller@customer.test>',
    });
  });

  it('sends attachments as MIME parts with their bytes, name and type', async () => {
    // Every byte value, so a lossy transfer encoding would show.
    const content = new Uint8Array(3 * 256).map((_, index) => index % 256);
    await sender.send(
      email({ attachments: [{ filename: 'Hyresavtal åäö.pdf', contentType: 'application/pdf', content }] }),
    );
    const [received] = await mailbox.list();
    expect(received?.attachments).toEqual([
      {
        filename: 'Hyresavtal åäö.pdf',
        contentType: 'application/pdf',
        size: content.length,
        sha256: createHash('sha256').update(content).digest('hex'),
      },
    ]);
    expect(received?.text).toBe('Hej! Signera här: https://app.signlink.test/sign/abc');
  });

  it('keeps a Spanish subject and body intact', async () => {
    await sender.send(
      email({
        subject: 'Firma el contrato ñ á',
        text: 'Señor Núñez, firme aquí',
        html: '<p>Señor Núñez, firme aquí</p>',
        language: 'es',
      }),
    );
    const [received] = await mailbox.list();
    expect(received).toMatchObject({
      subject: 'Firma el contrato ñ á',
      text: 'Señor Núñez, firme aquí',
      html: '<p>Señor Núñez, firme aquí</p>',
      headers: { 'content-language': 'es' },
    });
  });

  it('reads an unknown recipient (550) as permanent, in the server’s words', async () => {
    const error = await deliveryError(sender.send(email({ to: 'bounce@example.com' })));
    expect(error).toMatchObject({
      permanent: true,
      providerCode: '550',
      reason: '550 5.1.1 <bounce@example.com>: Recipient address rejected: User unknown',
    });
    expect(await mailbox.list()).toEqual([]);
  });

  it('reads a deferred recipient (451) as transient', async () => {
    const error = await deliveryError(sender.send(email({ to: 'defer@example.com' })));
    expect(error).toMatchObject({
      permanent: false,
      providerCode: '451',
      reason: '451 4.3.0 Temporary failure, try again later',
    });
  });

  it('reads a 554 refusal as permanent', async () => {
    simulator.refuseNext({ times: 1, code: 554, message: '5.7.1 Message refused' });
    const error = await deliveryError(sender.send(email()));
    expect(error).toMatchObject({ permanent: true, providerCode: '554', reason: '554 5.7.1 Message refused' });
  });

  it('lets the pool retry a single 421 on a new connection, and reads a lasting 421 as transient', async () => {
    // 421 closes the connection, and nodemailer's pool requeues a message whose connection closed (5 times).
    simulator.refuseNext({ times: 1, code: 421, message: '4.3.2 Try again' });
    await sender.send(email());
    expect(await mailbox.list()).toHaveLength(1);

    simulator.refuseNext({ times: 100, code: 421, message: '4.3.2 Try again' });
    const error = await deliveryError(sender.send(email()));
    expect(error).toMatchObject({ permanent: false, providerCode: '421', reason: '421 4.3.2 Try again' });
  });

  it('reads a server slower than the socket timeout as transient', async () => {
    const impatient = createSmtpEmailSender({ url: simulator.url, socketTimeoutMs: 200 });
    try {
      // One delay only: were the pool to retry after a timeout, the second attempt would go through.
      simulator.delayNext({ ms: 600, times: 1 });
      const error = await deliveryError(impatient.send(email()));
      expect(error.permanent).toBe(false);
      expect(error.reason).toMatch(/^SMTP server timed out: /);
      expect(error.providerCode).toBe('ETIMEDOUT');
    } finally {
      await impatient.close();
    }
  });

  it('reads a server that is not there as transient, for send and check', async () => {
    const url = await closedServerUrl(mailbox);
    const unreachable = createSmtpEmailSender({ url, connectionTimeoutMs: 2_000 });
    try {
      const sendError = await deliveryError(unreachable.send(email()));
      expect(sendError.permanent).toBe(false);
      expect(sendError.providerCode).toBe('ECONNREFUSED');
      expect(sendError.reason).toBe(`SMTP server unreachable: connect ECONNREFUSED ${url.slice('smtp://'.length)}`);

      const checkError = await deliveryError(unreachable.check());
      expect(checkError).toMatchObject({ permanent: false, providerCode: 'ECONNREFUSED' });
    } finally {
      await unreachable.close();
    }
  });

  it('checks a reachable server', async () => {
    await expect(sender.check()).resolves.toBeUndefined();
  });
});

describe('toDeliveryError', () => {
  const nodemailerError = (fields: Record<string, unknown>) => Object.assign(new Error('failed'), fields);

  it('reads refused credentials as transient although the reply is a 5xx: an operator fixes them', () => {
    const error = toDeliveryError(
      nodemailerError({ code: 'EAUTH', responseCode: 535, response: '535 5.7.8 Authentication credentials invalid' }),
    );
    expect(error).toMatchObject({
      permanent: false,
      providerCode: '535',
      reason: 'SMTP authentication failed: 535 5.7.8 Authentication credentials invalid',
    });
  });

  it('reads 503 (bad sequence of commands) as transient, other 5xx as permanent', () => {
    expect(
      toDeliveryError(nodemailerError({ code: 'EENVELOPE', responseCode: 503, response: '503 5.5.1' })),
    ).toMatchObject({
      permanent: false,
    });
    expect(
      toDeliveryError(nodemailerError({ code: 'EMESSAGE', responseCode: 552, response: '552 too big' })),
    ).toMatchObject({
      permanent: true,
      providerCode: '552',
    });
  });

  it('reads an address nodemailer refused before sending as permanent, anything unknown as transient', () => {
    expect(toDeliveryError(nodemailerError({ code: 'EENVELOPE' }))).toMatchObject({ permanent: true });
    expect(toDeliveryError(new Error('something odd'))).toMatchObject({
      permanent: false,
      reason: 'SMTP delivery failed: something odd',
    });
  });
});
