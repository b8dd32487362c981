import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { AppError } from '../../errors.ts';
import { findMessage } from './messages.repository.ts';
import { countOutbox, createTestAccount } from './messaging-test-helpers.ts';
import { type OutgoingMessage, sendMessage } from './send-message.ts';
import { sampleMessageData } from './templates/sample-message-data.ts';

let testApp: TestApp;
let deps: Parameters<typeof sendMessage>[0];
beforeAll(async () => {
  testApp = await buildTestApp();
  const { database, queue, messaging } = testApp.context;
  deps = { database, queue, messaging };
});
afterAll(() => testApp?.close());

const invitation = (overrides: Partial<OutgoingMessage> = {}): OutgoingMessage =>
  ({
    kind: 'document-invitation',
    data: sampleMessageData['document-invitation'],
    channel: 'email',
    to: 'Erik.Johansson@Example.COM ',
    locale: 'sv',
    brand: 'signlink',
    ...overrides,
  }) as OutgoingMessage;

async function expectRefused(message: OutgoingMessage, code: string) {
  const before = await countOutbox(testApp.database);
  const error = await sendMessage(deps, message).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  expect(await countOutbox(testApp.database)).toEqual(before);
}

describe('sendMessage', () => {
  it('queues the message and its delivery job together, with the address normalised', async () => {
    const before = await countOutbox(testApp.database);
    const { messageId, isDuplicate } = await sendMessage(deps, invitation());
    expect(isDuplicate).toBe(false);
    const row = await findMessage(testApp.database.db, messageId);
    expect(row).toMatchObject({ state: 'queued', recipient: 'Erik.Johansson@example.com', locale: 'sv', attempts: 0 });
    expect(await countOutbox(testApp.database)).toEqual({ messages: before.messages + 1, jobs: before.jobs + 1 });
  });

  it('normalises phone numbers to E.164 with Sweden as the default country', async () => {
    const { messageId } = await sendMessage(deps, invitation({ channel: 'sms', to: '070-123 45 67' }));
    expect((await findMessage(testApp.database.db, messageId))?.recipient).toBe('+46701234567');
  });

  it('sends a message once for one idempotency key', async () => {
    const before = await countOutbox(testApp.database);
    const first = await sendMessage(deps, invitation({ idempotencyKey: 'invite-party-1' }));
    const second = await sendMessage(deps, invitation({ idempotencyKey: 'invite-party-1' }));
    expect(second).toEqual({ messageId: first.messageId, isDuplicate: true });
    expect(await countOutbox(testApp.database)).toEqual({ messages: before.messages + 1, jobs: before.jobs + 1 });
  });

  it("writes nothing when the caller's transaction rolls back (outbox)", async () => {
    const before = await countOutbox(testApp.database);
    const failure = testApp.database.db.transaction(async (tx) => {
      await sendMessage(deps, invitation(), tx);
      throw new Error('the caller failed after queuing');
    });
    await expect(failure).rejects.toThrow('the caller failed');
    expect(await countOutbox(testApp.database)).toEqual(before);
  });

  it('refuses a bad e-mail address or phone number before anything is queued', async () => {
    await expectRefused(invitation({ to: 'erik@' }), 'INVALID_EMAIL');
    await expectRefused(invitation({ to: 'not an address' }), 'INVALID_EMAIL');
    await expectRefused(invitation({ channel: 'sms', to: '12345' }), 'INVALID_PHONE');
    // SPEC section 5: no 0 after the country code.
    await expectRefused(invitation({ channel: 'sms', to: '+46 070 123 45 67' }), 'INVALID_PHONE');
    // Texts cannot reach a landline.
    await expectRefused(invitation({ channel: 'whatsapp', to: '08-123 456 78' }), 'INVALID_PHONE');
    await expectRefused(
      invitation({ failureNotice: { to: 'sender@', locale: 'sv', documentName: 'Avtal' } }),
      'INVALID_EMAIL',
    );
  });

  it('refuses data that does not fit the kind, and kinds that are never sent as texts', async () => {
    await expectRefused(invitation({ data: { documentName: '' } as never }), 'VALIDATION_FAILED');
    await expectRefused(
      {
        kind: 'receipt',
        data: sampleMessageData.receipt,
        channel: 'sms',
        to: '0701234567',
        locale: 'en-us',
        brand: 'signlink',
      },
      'VALIDATION_FAILED',
    );
  });

  it('allows three texts per invitation (SPEC section 9), while e-mail is not counted', async () => {
    const accountId = await createTestAccount(testApp.database);
    const texts = (kind: 'document-invitation' | 'document-reminder', channel: 'sms' | 'whatsapp') =>
      invitation({ kind, channel, to: '0701234560', accountId, invitationId: 'inv-limit' } as Partial<OutgoingMessage>);
    await sendMessage(deps, texts('document-invitation', 'sms'));
    await sendMessage(deps, invitation({ invitationId: 'inv-limit' }));
    await sendMessage(deps, texts('document-reminder', 'whatsapp'));
    const third = await sendMessage(deps, { ...texts('document-reminder', 'sms'), idempotencyKey: 'reminder-2' });
    await expectRefused(texts('document-reminder', 'sms'), 'REMINDER_LIMIT_REACHED');
    await expectRefused(
      { ...texts('document-reminder', 'sms'), idempotencyKey: 'reminder-3' },
      'REMINDER_LIMIT_REACHED',
    );
    // A retried request of a text already counted is the same text, not a fourth.
    expect(await sendMessage(deps, { ...texts('document-reminder', 'sms'), idempotencyKey: 'reminder-2' })).toEqual({
      messageId: third.messageId,
      isDuplicate: true,
    });
    await sendMessage(
      deps,
      invitation({ kind: 'document-reminder', invitationId: 'inv-limit' } as Partial<OutgoingMessage>),
    );
  });

  it('keeps the limit when reminders race', async () => {
    const attempts = Array.from({ length: 6 }, () =>
      sendMessage(
        deps,
        invitation({
          kind: 'document-reminder',
          channel: 'sms',
          to: '0701234561',
          invitationId: 'inv-race',
        } as Partial<OutgoingMessage>),
      ).then(
        () => 'sent',
        (error: AppError) => error.code,
      ),
    );
    const outcomes = await Promise.all(attempts);
    expect(outcomes.filter((outcome) => outcome === 'sent')).toHaveLength(3);
    expect(outcomes.filter((outcome) => outcome === 'REMINDER_LIMIT_REACHED')).toHaveLength(3);
  });

  it('refuses a channel with no provider', async () => {
    const without = { ...deps, messaging: { email: undefined, textMessages: undefined } };
    const error = await sendMessage(without, invitation()).catch((caught: AppError) => caught);
    expect(error).toMatchObject({ code: 'SEND_FAILED', details: { reason: 'email-not-configured' } });
  });
});
