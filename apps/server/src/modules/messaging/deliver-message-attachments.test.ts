import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { silentJobLogger } from '../../jobs/job-definition.ts';
import { newId } from '../../lib/ids.ts';
import { deliverMessage } from './deliver-message.ts';
import { findMessage } from './messages.repository.ts';
import { countOutbox } from './messaging-test-helpers.ts';
import { type OutgoingMessage, sendMessage } from './send-message.ts';
import { sampleMessageData } from './templates/sample-message-data.ts';

/** Issue 7, part 5: an e-mail carries stored files (the sealed PDF) as MIME attachments; the outbox row only names them. */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp?.close());

const completed = (overrides: Partial<OutgoingMessage>) =>
  ({
    kind: 'document-completed',
    data: sampleMessageData['document-completed'],
    channel: 'email',
    locale: 'sv',
    brand: 'signlink',
    to: 'someone@example.com',
    ...overrides,
  }) as OutgoingMessage;

async function send(message: OutgoingMessage) {
  const { database, queue, messaging } = testApp.context;
  return (await sendMessage({ database, queue, messaging }, message)).messageId;
}

async function deliver(messageId: string) {
  await deliverMessage({
    messageId,
    attempt: 1,
    isLastAttempt: false,
    database: testApp.database,
    queue: testApp.context.queue,
    logger: silentJobLogger,
    messaging: testApp.context.messaging,
    storage: testApp.context.storage,
  });
}

const mailboxFor = async (recipient: string) => (await testApp.context.messaging.devMailbox?.list({ recipient })) ?? [];

async function storeFile(bytes: Uint8Array) {
  const key = `documents/${newId('doc')}/sealed-test.pdf`;
  await testApp.context.storage.put({ key, body: bytes, contentType: 'application/pdf' });
  return key;
}

describe('e-mail attachments', () => {
  it('arrive at the SMTP server as a MIME attachment with the stored bytes; the row keeps only the key', async () => {
    // Every byte value, so a lossy transfer encoding would show.
    const bytes = new Uint8Array(randomBytes(64 * 1024));
    const storageKey = await storeFile(bytes);
    const id = await send(
      completed({
        to: 'attached@example.com',
        attachments: [{ storageKey, filename: 'Hyresavtal åäö.pdf', contentType: 'application/pdf' }],
      }),
    );
    const row = await findMessage(testApp.database.db, id);
    expect(row?.attachments).toEqual([{ storageKey, filename: 'Hyresavtal åäö.pdf', contentType: 'application/pdf' }]);

    await deliver(id);
    expect((await findMessage(testApp.database.db, id))?.state).toBe('sent');
    const [received, ...others] = await mailboxFor('attached@example.com');
    expect(others).toEqual([]);
    expect(received?.attachments).toEqual([
      {
        filename: 'Hyresavtal åäö.pdf',
        contentType: 'application/pdf',
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      },
    ]);
    // The body is still there, with its link to the party page.
    expect(received?.links.length).toBeGreaterThan(0);
  });

  it('are ignored by a text, which carries the link instead', async () => {
    const storageKey = await storeFile(new Uint8Array([1, 2, 3]));
    const id = await send(
      completed({
        channel: 'sms',
        to: '+46701239876',
        attachments: [{ storageKey, filename: 'Avtal.pdf', contentType: 'application/pdf' }],
      }),
    );
    expect((await findMessage(testApp.database.db, id))?.attachments).toBeNull();
  });

  it('fail the message for good when the file is no longer stored, with the reason', async () => {
    const id = await send(
      completed({
        to: 'gone@example.com',
        attachments: [
          { storageKey: 'documents/doc_gone/sealed.pdf', filename: 'Avtal.pdf', contentType: 'application/pdf' },
        ],
      }),
    );
    await expect(deliver(id)).rejects.toThrow('no longer stored');
    expect(await findMessage(testApp.database.db, id)).toMatchObject({
      state: 'failed',
      failureReason: 'Attachment Avtal.pdf is no longer stored',
    });
    expect(await mailboxFor('gone@example.com')).toEqual([]);
  });

  it('are refused before anything is queued when a key, name or type is malformed', async () => {
    const before = await countOutbox(testApp.database);
    const refused = send(
      completed({
        attachments: [{ storageKey: '../etc/passwd', filename: ' ', contentType: 'pdf' }],
      }),
    );
    await expect(refused).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: {
        issues: [
          { path: 'attachments.0.storageKey' },
          { path: 'attachments.0.filename' },
          { path: 'attachments.0.contentType' },
        ],
      },
    });
    expect(await countOutbox(testApp.database)).toEqual(before);
  });
});
