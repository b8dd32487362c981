import { createEmailSender } from '@signlink/providers/email/create-email-sender';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { startTcpProxy } from '../../../test/tcp-proxy.ts';
import { transactionFees } from '../../db/schema/messages.ts';
import { defineJob, silentJobLogger } from '../../jobs/job-definition.ts';
import { createQueueFactory, isIdle, waitFor } from '../../jobs/job-test-helpers.ts';
import { listDocumentEvents } from '../document-core/document-events.repository.ts';
import { findBrokenEvent } from '../document-core/document-history.ts';
import { deliverMessageJob } from './deliver-message.job.ts';
import { deliverMessage } from './deliver-message.ts';
import { findMessage } from './messages.repository.ts';
import type { MessagingContext } from './messaging-context.ts';
import { createTestAccount } from './messaging-test-helpers.ts';
import { getPartyDeliveryState } from './party-delivery-state.ts';
import { renderTextMessageOf } from './render-message.ts';
import { type OutgoingMessage, sendMessage } from './send-message.ts';
import { sampleMessageData } from './templates/sample-message-data.ts';

let testApp: TestApp;
let messaging: MessagingContext;
let baseUrl: string;
beforeAll(async () => {
  // PORT 0: the app listens for real, so the Twilio simulator's status callbacks reach it.
  testApp = await buildTestApp({ env: { PORT: '0' } });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = testApp.app.server.address() as { port: number };
  messaging = testApp.messaging.messaging;
  messaging.publicUrls.useListeningPort(port);
  baseUrl = `http://localhost:${port}`;
});
afterAll(() => testApp?.close());
const queues = createQueueFactory(() => testApp.database);
afterEach(async () => {
  await queues.stopAll();
  testApp.messaging.smtpSimulator?.reset();
  await testApp.messaging.twilioSimulator?.controls.reset();
});

// The real job with test-sized retries: no delay, two retries after the first run.
const fastDeliver = defineJob({ ...deliverMessageJob, retry: { limit: 2, delaySeconds: 0, backoff: false } });

async function startWorkers(overrides: Partial<MessagingContext> = {}) {
  const queue = await queues.start([fastDeliver], {
    services: (self) => ({
      ...testApp.context,
      messaging: { ...messaging, ...overrides },
      queue: self,
    }),
  });
  await queue.work();
  return queue;
}

async function send(message: Partial<OutgoingMessage>, queue = testApp.context.queue) {
  const full = {
    kind: 'document-invitation',
    data: sampleMessageData['document-invitation'],
    channel: 'email',
    locale: 'en-us',
    brand: 'signlink',
    to: 'someone@example.com',
    ...message,
  } as OutgoingMessage;
  return (await sendMessage({ database: testApp.database, queue, messaging }, full)).messageId;
}

async function messageWhen(id: string, isDone: (row: NonNullable<Awaited<ReturnType<typeof findMessage>>>) => boolean) {
  let row: Awaited<ReturnType<typeof findMessage>>;
  await waitFor(
    async () => {
      row = await findMessage(testApp.database.db, id);
      return Boolean(row && isDone(row));
    },
    { timeoutMs: 15_000 },
  );
  return row as NonNullable<typeof row>;
}

/** What a worker does after another died mid-attempt: the row says one attempt began at `startedAt`. */
async function retryAfterCrash(id: string, startedAt: Date) {
  await testApp.database.db.execute(
    sql`update messages set state = 'sending', attempts = 1, attempt_started_at = ${startedAt} where id = ${id}`,
  );
  await deliverMessage({
    messageId: id,
    attempt: 2,
    isLastAttempt: false,
    database: testApp.database,
    queue: testApp.context.queue,
    logger: silentJobLogger,
    messaging,
    storage: testApp.context.storage,
  });
}

const mailboxFor = (recipient: string) => testApp.messaging.messaging.devMailbox?.list({ recipient }) ?? [];

describe('delivering e-mail over SMTP', () => {
  it('arrives with both bodies, headers, language and brand, and links to the brand host', async () => {
    const queue = await startWorkers();
    const id = await send(
      { to: 'erik@example.com', locale: 'sv', brand: 'pdfblankett', documentId: 'doc_1', partyId: 'party_1' },
      queue,
    );
    const row = await messageWhen(id, (message) => message.state === 'sent');
    expect(row).toMatchObject({ attempts: 1, providerMessageId: `${id}@pdfblankett.se`, failureReason: null });

    const [received, ...others] = await mailboxFor('erik@example.com');
    expect(others).toEqual([]);
    expect(received).toMatchObject({
      channel: 'email',
      // The display name is quoted on the wire because of its hyphen.
      from: '"PDF-blankett" <no-reply@pdfblankett.se>',
      subject: expect.stringContaining('har skickat "Hyresavtal'),
      headers: expect.objectContaining({
        'content-language': 'sv',
        'message-id': `<${id}@pdfblankett.se>`,
        'x-signlink-message': id,
      }),
    });
    expect(received?.text).toContain('Öppna dokumentet');
    expect(received?.html).toContain('#0b6e4f');
    const seHost = baseUrl.replace('localhost', 'pdfblankett.localhost');
    expect(received?.links).toContain(`${seHost}/DEMO7K2Q9XWE4R8T`);
    expect(await getPartyDeliveryState(testApp.database.db, { documentId: 'doc_1', partyId: 'party_1' })).toMatchObject(
      {
        status: 'sent',
        channels: [{ channel: 'email', recipient: 'erik@example.com', status: 'sent' }],
      },
    );
  });

  it('is delivered once when the same message is sent twice with one key', async () => {
    const queue = await startWorkers();
    const first = await send({ to: 'twice@example.com', idempotencyKey: 'key-twice' }, queue);
    const second = await send({ to: 'twice@example.com', idempotencyKey: 'key-twice' }, queue);
    expect(second).toBe(first);
    await messageWhen(first, (message) => message.state === 'sent');
    // A second job for the key would still be queued or running.
    await waitFor(async () => isIdle(await queue.stats()));
    expect(await mailboxFor('twice@example.com')).toHaveLength(1);
  });

  it('retries a server that refuses twice, then delivers once', async () => {
    testApp.messaging.smtpSimulator?.refuseNext({ times: 2, code: 451, message: '4.3.0 Try again later' });
    const queue = await startWorkers();
    const id = await send({ to: 'retry@example.com' }, queue);
    const row = await messageWhen(id, (message) => message.state === 'sent');
    expect(row.attempts).toBe(3);
    expect(await mailboxFor('retry@example.com')).toHaveLength(1);
  });

  it('marks a permanent refusal failed at once with the reason, in the document history', async () => {
    const queue = await startWorkers();
    const id = await send(
      {
        to: 'bounce@example.com',
        documentId: 'doc_2',
        partyId: 'party_2',
        failureNotice: { to: 'sender@example.com', locale: 'es', documentName: 'Contrato 2027' },
      },
      queue,
    );
    const row = await messageWhen(id, (message) => message.state === 'failed');
    expect(row).toMatchObject({ attempts: 1, failureCode: '550' });
    expect(row.failureReason).toContain('User unknown');
    const events = await listDocumentEvents(testApp.database.db, 'doc_2');
    expect(events).toMatchObject([
      {
        type: 'delivery-failed',
        sequence: 1,
        data: { messageId: id, partyId: 'party_2', recipient: 'bounce@example.com' },
      },
    ]);
    expect(findBrokenEvent(events)).toBeNull();
    // The sender hears of it, in their language, with a way back to the document.
    await waitFor(async () => (await mailboxFor('sender@example.com')).length > 0);
    const [notice] = await mailboxFor('sender@example.com');
    expect(notice?.subject).toBe('No pudimos entregar "Contrato 2027" a bounce@example.com');
    expect(notice?.text).toContain('User unknown');
    expect(notice?.links).toContain(`${baseUrl}/#/document/doc_2`);
    expect(await getPartyDeliveryState(testApp.database.db, { documentId: 'doc_2', partyId: 'party_2' })).toMatchObject(
      {
        status: 'bounced',
        channels: [{ status: 'bounced', reason: expect.stringContaining('User unknown') }],
      },
    );
  });

  it('never drops a message when the server keeps refusing: retried, then failed with the reason', async () => {
    testApp.messaging.smtpSimulator?.refuseNext({ times: 100, code: 451, message: '4.3.0 Mailbox busy' });
    const queue = await startWorkers();
    const id = await send({ to: 'busy@example.com' }, queue);
    const row = await messageWhen(id, (message) => message.state === 'failed');
    expect(row.attempts).toBe(3);
    expect(row.failureReason).toContain('Mailbox busy');
    expect(await mailboxFor('busy@example.com')).toHaveLength(0);
  });

  it('is delivered once after the worker is killed mid-delivery', async () => {
    const smtp = testApp.messaging.smtpSimulator;
    if (!smtp) throw new Error('SMTP simulator expected');
    // The doomed worker reaches the SMTP server through a relay that dies with it.
    const relay = await startTcpProxy({ host: smtp.host, port: smtp.port });
    const doomedEmail = createEmailSender({ driver: 'smtp', url: relay.url });
    const heldReply = smtp.delayNext({ ms: 10_000 });
    const doomed = await startWorkers({ email: doomedEmail });
    const id = await send({ to: 'killed@example.com' }, doomed);
    await messageWhen(id, (message) => message.attempts === 1);
    await heldReply.holding; // inside the SMTP transaction, the server holding its reply to DATA
    await doomed.stop({ graceful: false });
    relay.cut();
    // The server lets go of the held message once its client is gone: the dead connection's message is never stored.
    expect(await heldReply.replied).toBe('refused');

    await startWorkers();
    const row = await messageWhen(id, (message) => message.state === 'sent');
    expect(row.attempts).toBe(2);
    expect(await mailboxFor('killed@example.com')).toHaveLength(1);
    await doomedEmail.close();
    await relay.close();
  });
});

describe('delivering texts through Twilio', () => {
  it('sends SMS and WhatsApp, takes delivery reports from the callback, and records one fee each', async () => {
    const accountId = await createTestAccount(testApp.database, 'SEK');
    const queue = await startWorkers();
    const sms = await send(
      { channel: 'sms', to: '070-111 22 33', accountId, documentId: 'doc_3', partyId: 'p3' },
      queue,
    );
    const whatsapp = await send({ channel: 'whatsapp', to: '+46701112234', accountId, locale: 'es' }, queue);
    const delivered = await messageWhen(sms, (message) => message.state === 'delivered');
    expect(delivered).toMatchObject({ recipient: '+46701112233', providerStatus: 'delivered' });
    expect(delivered.providerMessageId).toMatch(/^SM[0-9a-f]{32}$/);
    await messageWhen(whatsapp, (message) => message.state === 'delivered');

    const [text] = await mailboxFor('+46701112233');
    expect(text).toMatchObject({ channel: 'sms', status: 'delivered' });
    expect(text?.text).toMatch(/^Anna Lindqvist has sent you ".*" to sign: http:\/\/localhost:\d+\/DEMO7K2Q9XWE4R8T$/);
    const [whatsappText] = await mailboxFor('+46701112234');
    expect(whatsappText).toMatchObject({ channel: 'whatsapp' });
    expect(whatsappText?.text).toContain('le ha enviado');

    const fees = await testApp.database.db
      .select()
      .from(transactionFees)
      .where(eq(transactionFees.accountId, accountId));
    expect(
      fees
        .map(({ kind, amountMinor, currency }) => ({ kind, amountMinor, currency }))
        .sort((a, b) => a.kind.localeCompare(b.kind)),
    ).toEqual([
      { kind: 'sms-message', amountMinor: 95, currency: 'SEK' },
      { kind: 'whatsapp-message', amountMinor: 65, currency: 'SEK' },
    ]);
    expect(await getPartyDeliveryState(testApp.database.db, { documentId: 'doc_3', partyId: 'p3' })).toMatchObject({
      status: 'delivered',
    });
  });

  it('marks a text the handset never got failed from the callback, with a history event', async () => {
    const queue = await startWorkers();
    const id = await send({ channel: 'sms', to: '+46700009999', documentId: 'doc_4', partyId: 'p4' }, queue);
    const row = await messageWhen(id, (message) => message.state === 'failed');
    expect(row).toMatchObject({ failureCode: '30003', providerStatus: 'undelivered' });
    expect(row.failureReason).toContain('30003');
    const events = await listDocumentEvents(testApp.database.db, 'doc_4');
    expect(events.map((event) => event.type)).toEqual(['delivery-failed']);
  });

  it('retries Twilio errors that may pass, and erases a code once it is sent', async () => {
    testApp.messaging.twilioSimulator?.controls.failNext({
      times: 2,
      status: 503,
      code: 20503,
      message: 'Unavailable',
    });
    const queue = await startWorkers();
    const id = await send(
      { kind: 'verification-code', data: sampleMessageData['verification-code'], channel: 'sms', to: '0701112235' },
      queue,
    );
    const row = await messageWhen(id, (message) => message.state !== 'queued' && message.state !== 'sending');
    expect(row).toMatchObject({ state: 'sent', attempts: 3, data: {} });
    expect(row.dataErasedAt).toBeInstanceOf(Date);
    const [text] = await mailboxFor('+46701112235');
    expect(text?.text).toContain('4821');
  });

  it('does not send a text twice when an earlier attempt reached Twilio before the worker died', async () => {
    const id = await send({ channel: 'sms', to: '0701112236' });
    const row = await findMessage(testApp.database.db, id);
    if (!row || !messaging.textMessages) throw new Error('setup');
    // The earlier attempt began, and Twilio took the text; then the worker died.
    const startedAt = new Date();
    const earlier = await messaging.textMessages.send({
      channel: 'sms',
      to: '+46701112236',
      body: renderTextMessageOf(row, messaging.publicUrls),
    });
    await waitFor(async () => (await mailboxFor('+46701112236'))[0]?.status === 'delivered');

    await retryAfterCrash(id, startedAt);
    const after = await findMessage(testApp.database.db, id);
    // Attempts count hand-offs: the retry found the copy and handed nothing over.
    expect(after).toMatchObject({ state: 'sent', providerMessageId: earlier.providerMessageId, attempts: 1 });
    expect(await mailboxFor('+46701112236')).toHaveLength(1);
  });

  it('sends a text whose twin of another message is the only copy Twilio has', async () => {
    const startedAt = new Date();
    const twin = await send({ channel: 'sms', to: '0701112237' }, await startWorkers());
    const twinRow = await messageWhen(twin, (message) => message.state === 'delivered');
    await queues.stopAll();

    const id = await send({ channel: 'sms', to: '0701112237' });
    await retryAfterCrash(id, startedAt);
    const row = await findMessage(testApp.database.db, id);
    expect(row?.state).toBe('sent');
    expect(row?.providerMessageId).not.toBe(twinRow.providerMessageId);
    await waitFor(async () => (await mailboxFor('+46701112237')).length === 2);
  });
});
