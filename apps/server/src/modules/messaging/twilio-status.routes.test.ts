import { computeTwilioSignature } from '@signlink/providers/text-messages/twilio-signature';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { listDocumentEvents } from '../document-core/document-events.repository.ts';
import { findMessage } from './messages.repository.ts';
import { type OutgoingMessage, sendMessage } from './send-message.ts';
import { simulatorTwilioAccount } from './start-messaging.ts';
import { sampleMessageData } from './templates/sample-message-data.ts';
import { twilioStatusCallbackUrl } from './twilio-status-callback-url.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp?.close());

async function queuedText(documentId?: string) {
  const { database, queue, messaging } = testApp.context;
  const message = {
    kind: 'document-invitation',
    data: sampleMessageData['document-invitation'],
    channel: 'sms',
    to: '0701234567',
    locale: 'en-us',
    brand: 'signlink',
    ...(documentId ? { documentId, partyId: 'party_cb' } : {}),
  } as OutgoingMessage;
  return (await sendMessage({ database, queue, messaging }, message)).messageId;
}

function report(
  messageId: string,
  fields: Record<string, string>,
  authToken: string = simulatorTwilioAccount.authToken,
) {
  const url = twilioStatusCallbackUrl(testApp.context.messaging.publicUrls, messageId);
  const params = { AccountSid: simulatorTwilioAccount.accountSid, ApiVersion: '2010-04-01', ...fields };
  return testApp.app.inject({
    method: 'POST',
    url: url.slice(new URL(url).origin.length),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': computeTwilioSignature({ authToken, url, params }),
    },
    payload: new URLSearchParams(params).toString(),
  });
}

describe('POST /v2/webhooks/twilio/status', () => {
  it('moves a text to delivered on a signed report, and not back on a late "sent"', async () => {
    const id = await queuedText();
    const sid = `SM${'ab'.repeat(16)}`;
    expect((await report(id, { MessageSid: sid, MessageStatus: 'delivered' })).statusCode).toBe(204);
    expect(await findMessage(testApp.database.db, id)).toMatchObject({ state: 'delivered', providerMessageId: sid });
    expect((await report(id, { MessageSid: sid, MessageStatus: 'sent' })).statusCode).toBe(204);
    expect((await findMessage(testApp.database.db, id))?.state).toBe('delivered');
  });

  it('records an undelivered text once, with its reason and one history event', async () => {
    const id = await queuedText('doc_cb');
    const fields = { MessageSid: `SM${'cd'.repeat(16)}`, MessageStatus: 'undelivered', ErrorCode: '30005' };
    expect((await report(id, fields)).statusCode).toBe(204);
    expect((await report(id, fields)).statusCode).toBe(204);
    expect(await findMessage(testApp.database.db, id)).toMatchObject({
      state: 'failed',
      failureCode: '30005',
      failureReason: 'Unknown destination handset (Twilio 30005)',
    });
    expect((await listDocumentEvents(testApp.database.db, 'doc_cb')).map((event) => event.type)).toEqual([
      'delivery-failed',
    ]);
  });

  it('refuses a report signed with another account token, or unsigned, and changes nothing', async () => {
    const id = await queuedText();
    const fields = { MessageSid: `SM${'ef'.repeat(16)}`, MessageStatus: 'delivered' };
    const forged = await report(id, fields, 'another-accounts-auth-token');
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 'FORBIDDEN' });
    const unsigned = await testApp.app.inject({
      method: 'POST',
      url: `/v2/webhooks/twilio/status?messageId=${id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    expect(unsigned.statusCode).toBe(403);
    expect((await findMessage(testApp.database.db, id))?.state).toBe('queued');
  });

  it("refuses a genuine report replayed against another message's id", async () => {
    const first = await queuedText();
    const second = await queuedText();
    const url = twilioStatusCallbackUrl(testApp.context.messaging.publicUrls, first);
    const params = { MessageSid: `SM${'12'.repeat(16)}`, MessageStatus: 'delivered' };
    const signature = computeTwilioSignature({ authToken: simulatorTwilioAccount.authToken, url, params });
    const replayed = await testApp.app.inject({
      method: 'POST',
      url: `/v2/webhooks/twilio/status?messageId=${second}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
      payload: new URLSearchParams(params).toString(),
    });
    expect(replayed.statusCode).toBe(403);
    expect((await findMessage(testApp.database.db, second))?.state).toBe('queued');
  });

  it('answers 404 for a message it does not know and 400 for a report without its fields', async () => {
    expect((await report('msg_unknown', { MessageSid: 'SM1', MessageStatus: 'delivered' })).json()).toMatchObject({
      code: 'NOT_FOUND',
    });
    const incomplete = await report('msg_unknown', { MessageStatus: 'delivered' });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
