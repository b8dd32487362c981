import { createEmailSender } from '@signlink/providers/email/create-email-sender';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { startTcpProxy } from '../../../test/tcp-proxy.ts';
import { messages } from '../../db/schema/messages.ts';
import { defineJob } from '../../jobs/job-definition.ts';
import { createMemoryLogger, createQueueFactory, waitFor } from '../../jobs/job-test-helpers.ts';
import { deliverMessageJob } from './deliver-message.job.ts';
import { createOneSlotGate } from './hand-off-gate.ts';
import { findMessage } from './messages.repository.ts';
import type { MessagingContext } from './messaging-context.ts';
import { getPartyDeliveryState } from './party-delivery-state.ts';
import { recordProviderStatus } from './record-provider-status.ts';
import { type OutgoingMessage, sendMessage } from './send-message.ts';
import { sampleMessageData } from './templates/sample-message-data.ts';

let testApp: TestApp;
let messaging: MessagingContext;
beforeAll(async () => {
  testApp = await buildTestApp();
  messaging = testApp.messaging.messaging;
});
afterAll(() => testApp?.close());
const queues = createQueueFactory(() => testApp.database);
afterEach(async () => {
  await queues.stopAll();
  smtp().reset();
});

const smtp = () => {
  const simulator = testApp.messaging.smtpSimulator;
  if (!simulator) throw new Error('SMTP simulator expected');
  return simulator;
};
const fastDeliver = defineJob({ ...deliverMessageJob, retry: { limit: 2, delaySeconds: 0, backoff: false } });

async function startWorkers(overrides: Partial<MessagingContext> = {}) {
  const logger = createMemoryLogger();
  const queue = await queues.start([fastDeliver], {
    logger,
    services: (self) => ({ ...testApp.context, messaging: { ...messaging, ...overrides }, queue: self }),
  });
  await queue.work();
  return { queue, logger };
}

async function sendEmails(recipients: string[], queue: Awaited<ReturnType<typeof startWorkers>>['queue']) {
  const ids: string[] = [];
  for (const to of recipients) {
    const message = {
      kind: 'document-invitation',
      data: sampleMessageData['document-invitation'],
      channel: 'email',
      locale: 'en-us',
      brand: 'signlink',
      to,
      documentId: 'doc_recovery',
      partyId: to,
    } as OutgoingMessage;
    ids.push((await sendMessage({ database: testApp.database, queue, messaging }, message)).messageId);
  }
  return ids;
}

const statesOf = async (ids: string[]) =>
  (await testApp.database.db.select().from(messages).where(inArray(messages.id, ids))).map((row) => row.state);
const countReceived = async (recipient: string) => (await messaging.devMailbox?.list({ recipient }))?.length ?? 0;
const allSent = (ids: string[]) => async () => (await statesOf(ids)).every((state) => state === 'sent');

/**
 * A sender whose calls never settle once its process is declared dead: the abandoned handlers of a stopped test
 * queue keep running in this process, and must write nothing a dead worker could not have written.
 */
function dieWith(sender: NonNullable<MessagingContext['email']>) {
  let isDead = false;
  const never = new Promise<never>(() => {});
  const guard = <T>(work: Promise<T>) =>
    work.then(
      (value) => (isDead ? never : value),
      (error: unknown) => (isDead ? never : Promise.reject(error)),
    );
  const { findSent } = sender;
  const email: NonNullable<MessagingContext['email']> = {
    ...sender,
    send: (outgoing) => guard(sender.send(outgoing)),
    ...(findSent ? { findSent: (sought: Parameters<typeof findSent>[0]) => guard(findSent(sought)) } : {}),
  };
  return {
    email,
    die() {
      isDead = true;
    },
  };
}

/**
 * A worker that dies with e-mails handed over: the SMTP server has stored them but its replies are held, so the
 * worker never hears that they were taken. The doomed worker reaches the server through a relay that dies with it,
 * and has its own hand-off gate, as a process of its own would.
 */
async function crashWithEmailsInFlight(input: {
  recipients: string[];
  heldInFlight: number;
  doomedSender: (relayUrl: string) => NonNullable<MessagingContext['email']>;
}) {
  const relay = await startTcpProxy({ host: smtp().host, port: smtp().port });
  const doomedEmail = dieWith(input.doomedSender(relay.url));
  smtp().delayNext({ ms: 60_000, times: input.recipients.length, isStoredFirst: true });
  const doomed = await startWorkers({ email: doomedEmail.email, handOffGate: createOneSlotGate() });
  const ids = await sendEmails(input.recipients, doomed.queue);
  await waitFor(() => smtp().countStoredAndHeld() === input.heldInFlight);
  const sending = await testApp.database.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(inArray(messages.id, ids), eq(messages.state, 'sending')));
  doomedEmail.die();
  await doomed.queue.stop({ graceful: false });
  relay.cut();
  await relay.close();
  // The e-mails the gate kept back were never handed over; their holds are not for the next worker.
  smtp().reset();
  return { ids, sendingAtCrash: sending.length };
}

describe('recovering deliveries a crashed worker left sending', () => {
  it('records e-mails the provider can tell it took as sent, without sending them again', async () => {
    const recipients = ['asked-1@example.com', 'asked-2@example.com'];
    // With a provider that can be asked, both e-mails are in flight at once (two jobs run at a time).
    const { ids, sendingAtCrash } = await crashWithEmailsInFlight({
      recipients,
      heldInFlight: 2,
      doomedSender: (url) => ({
        ...createEmailSender({ driver: 'smtp', url }),
        ...(messaging.email?.findSent ? { findSent: messaging.email.findSent } : {}),
      }),
    });
    expect(sendingAtCrash).toBe(2);

    await startWorkers();
    await waitFor(allSent(ids), { timeoutMs: 15_000 });
    for (const recipient of recipients) expect(await countReceived(recipient)).toBe(1);
    for (const id of ids) expect((await findMessage(testApp.database.db, id))?.attempts).toBe(1);
  });

  it('sends a sending e-mail the provider does not have, once', async () => {
    // The server lets go of a held message once its client is gone, so the crashed attempt left nothing behind.
    const relay = await startTcpProxy({ host: smtp().host, port: smtp().port });
    const doomedEmail = dieWith({
      ...createEmailSender({ driver: 'smtp', url: relay.url }),
      ...(messaging.email?.findSent ? { findSent: messaging.email.findSent } : {}),
    });
    const held = smtp().delayNext({ ms: 60_000 });
    const doomed = await startWorkers({ email: doomedEmail.email });
    const [id] = (await sendEmails(['not-taken@example.com'], doomed.queue)) as [string];
    await held.holding;
    expect((await findMessage(testApp.database.db, id))?.state).toBe('sending');
    // The sender sees a message being handed over as still on its way.
    const seen = await getPartyDeliveryState(testApp.database.db, {
      documentId: 'doc_recovery',
      partyId: 'not-taken@example.com',
    });
    expect(seen.status).toBe('queued');
    doomedEmail.die();
    await doomed.queue.stop({ graceful: false });
    relay.cut();
    expect(await held.replied).toBe('refused');
    await relay.close();

    await startWorkers();
    await waitFor(allSent([id]), { timeoutMs: 15_000 });
    expect(await countReceived('not-taken@example.com')).toBe(1);
    expect((await findMessage(testApp.database.db, id))?.attempts).toBe(2);
  });

  it("records a text Twilio reported on before the worker's own record as sent, without asking again", async () => {
    // Queued only: no worker runs until the crash is staged.
    const { messageId } = await sendMessage({ database: testApp.database, queue: testApp.context.queue, messaging }, {
      kind: 'document-invitation',
      data: sampleMessageData['document-invitation'],
      channel: 'sms',
      locale: 'en-us',
      brand: 'signlink',
      to: '+46701112299',
    } as OutgoingMessage);
    await testApp.database.db
      .update(messages)
      .set({ state: 'sending', attempts: 1, attemptStartedAt: new Date() })
      .where(eq(messages.id, messageId));
    // The status callback of the crashed attempt's copy arrives; the simulator itself never saw it (another region).
    await recordProviderStatus(
      { database: testApp.database, queue: testApp.context.queue, messaging },
      { messageId, providerMessageId: `SM${'e'.repeat(32)}`, status: 'queued' },
    );

    await startWorkers();
    await waitFor(allSent([messageId]), { timeoutMs: 15_000 });
    expect(await findMessage(testApp.database.db, messageId)).toMatchObject({
      providerMessageId: `SM${'e'.repeat(32)}`,
      attempts: 1,
    });
    expect(await countReceived('+46701112299')).toBe(0);
  });

  it('keeps one e-mail in flight per process for a provider that cannot be asked, so a crash repeats one', async () => {
    const recipients = ['plain-1@example.com', 'plain-2@example.com', 'plain-3@example.com'];
    const plainSmtp = (url: string) => createEmailSender({ driver: 'smtp', url });
    const { ids, sendingAtCrash } = await crashWithEmailsInFlight({
      recipients,
      heldInFlight: 1,
      doomedSender: plainSmtp,
    });
    // Two jobs ran; the second waited for the slot, still queued, when the first was caught in flight.
    expect(sendingAtCrash).toBe(1);
    expect(smtp().countStoredAndHeld()).toBe(1);

    const restarted = plainSmtp(smtp().url);
    const { logger } = await startWorkers({ email: restarted });
    await waitFor(allSent(ids), { timeoutMs: 20_000 });
    const received = await Promise.all(recipients.map(countReceived));
    // The one in flight at the crash arrives twice; the others once.
    expect(received.sort()).toEqual([1, 1, 2]);
    expect(logger.entries.filter((entry) => entry.message?.includes('outcome unknown'))).toHaveLength(1);
    await restarted.close();
  });

  it('lets hand-offs to an unaskable provider through one at a time', async () => {
    const plain = dieWith(createEmailSender({ driver: 'smtp', url: smtp().url }));
    const gate = createOneSlotGate();
    smtp().delayNext({ ms: 60_000, times: 1, isStoredFirst: true });
    const { queue } = await startWorkers({ email: plain.email, handOffGate: gate });
    const ids = await sendEmails(['gate-1@example.com', 'gate-2@example.com'], queue);
    await waitFor(() => smtp().countStoredAndHeld() === 1 && gate.countWaiting() === 1);
    expect((await statesOf(ids)).sort()).toEqual(['queued', 'sending']);
    plain.die();
  });
});
