import { roles } from '@signlink/contracts/auth/roles';
import { limits } from '@signlink/contracts/constants';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { messages } from '../../db/schema/messages.ts';
import { silentJobLogger } from '../../jobs/job-definition.ts';
import { deliverMessage } from '../messaging/deliver-message.ts';
import { sendKit } from './send-test-helpers.ts';

/** SPEC section 2's sharing dialog, sent by the service: `POST linktinker/errands/{id}/share` (issue 6, part 8). */
let testApp: TestApp;
let kit: ReturnType<typeof sendKit>;

beforeAll(async () => {
  testApp = await buildTestApp();
  kit = sendKit(testApp);
});
afterAll(() => testApp?.close());

const share = (token: string, documentId: string, body: object) =>
  kit.call(token, 'POST', `errands/${documentId}/share`, body);
const sharedMessagesOf = async (documentId: string) =>
  (await kit.messagesOf(documentId)).filter((message) => message.kind === 'document-shared');

async function deliver(messageId: string) {
  await deliverMessage({
    messageId,
    attempt: 1,
    isLastAttempt: true,
    database: testApp.database,
    queue: testApp.context.queue,
    logger: silentJobLogger,
    messaging: testApp.messaging.messaging,
    storage: testApp.context.storage,
  });
}

describe('POST linktinker/errands/{id}/share', () => {
  it("e-mails a party's active link to the typed address, which the developer mailbox receives", async () => {
    const sender = await kit.signInSender();
    const sent = await kit.sentDocument(sender, { parties: [{}, {}] });
    const second = sent.parties[1];
    const response = await share(sender.token, sent.documentId, {
      signatureIndex: 1,
      channel: 'email',
      to: ' Friend@EXAMPLE.com ',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ signatureIndex: 1, channel: 'email', to: 'Friend@example.com' });

    const [message, ...others] = await sharedMessagesOf(sent.documentId);
    expect(others).toEqual([]);
    const linkCode = sent.links.find((link) => link.PartyId === second?.id)?.Code;
    // No party on the row: the typed address must not stand for the party's own delivery state.
    expect(message).toMatchObject({ channel: 'email', recipient: 'Friend@example.com', partyId: null });
    expect(message?.data).toMatchObject({ linkCode, documentName: expect.any(String), senderName: expect.any(String) });

    await deliver(message?.id ?? '');
    const mailbox = await testApp.app.inject('/v2/dev/messages?recipient=friend@example.com');
    const [received] = mailbox.json().messages as { links: string[] }[];
    expect(received?.links.some((link) => link.endsWith(`/${linkCode}`))).toBe(true);
    // The history has no sharing event, so sharing writes none.
    expect(await kit.eventTypesOf(sent.documentId)).toEqual(['sent', 'sent']);
  });

  it('texts the link with the SMS add-on and refuses without it', async () => {
    const sender = await kit.signInSender({ addOns: ['sms-invitation'] });
    const sent = await kit.sentDocument(sender);
    const texted = await share(sender.token, sent.documentId, {
      signatureIndex: 0,
      channel: 'sms',
      to: '070-123 45 67',
    });
    expect(texted.statusCode, texted.body).toBe(200);
    expect(texted.json()).toMatchObject({ channel: 'sms', to: '+46701234567' });
    expect((await sharedMessagesOf(sent.documentId)).map((m) => [m.channel, m.recipient])).toEqual([
      ['sms', '+46701234567'],
    ]);

    const plain = await kit.signInSender();
    const other = await kit.sentDocument(plain);
    const refused = await share(plain.token, other.documentId, { signatureIndex: 0, channel: 'sms', to: '0701234567' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ADDON_REQUIRED', details: { addOn: 'sms-invitation' } });
    expect(await sharedMessagesOf(other.documentId)).toEqual([]);
  });

  it('refuses a bad e-mail address or phone number, and a party the document does not have', async () => {
    const sender = await kit.signInSender({ addOns: ['sms-invitation'] });
    const sent = await kit.sentDocument(sender);
    const badEmail = await share(sender.token, sent.documentId, { signatureIndex: 0, channel: 'email', to: 'a@b' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toMatchObject({ code: 'INVALID_EMAIL' });
    const badPhone = await share(sender.token, sent.documentId, {
      signatureIndex: 0,
      channel: 'sms',
      to: '+46 070 123 45 67',
    });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json()).toMatchObject({ code: 'INVALID_PHONE' });
    const badChannel = await share(sender.token, sent.documentId, { signatureIndex: 0, channel: 'fax', to: '1' });
    expect(badChannel.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const noParty = await share(sender.token, sent.documentId, { signatureIndex: 5, channel: 'email', to: 'a@x.se' });
    expect(noParty.statusCode).toBe(404);
    expect(await sharedMessagesOf(sent.documentId)).toEqual([]);
  });

  it('refuses a withdrawn document', async () => {
    const sender = await kit.signInSender();
    const sent = await kit.sentDocument(sender);
    expect((await kit.call(sender.token, 'PUT', `errands/${sent.documentId}/disable`, {})).statusCode).toBe(200);
    const refused = await share(sender.token, sent.documentId, { signatureIndex: 0, channel: 'email', to: 'a@x.se' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'DOCUMENT_NOT_OPEN' });
  });

  it('shares at most ten times per document per hour', async () => {
    const sender = await kit.signInSender();
    const sent = await kit.sentDocument(sender);
    const body = { signatureIndex: 0, channel: 'email', to: 'a@x.se' };
    for (let i = 0; i < limits.sharesPerDocumentPerHour; i++) {
      expect((await share(sender.token, sent.documentId, body)).statusCode).toBe(200);
    }
    const refused = await share(sender.token, sent.documentId, body);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });

    await kit.db
      .update(messages)
      .set({ createdAt: sql`${messages.createdAt} - interval '61 minutes'` })
      .where(and(eq(messages.documentId, sent.documentId), eq(messages.kind, 'document-shared')));
    expect((await share(sender.token, sent.documentId, body)).statusCode).toBe(200);
  });

  it("answers another account's document as unknown and refuses roles that may not send", async () => {
    const owner = await kit.signInSender();
    const sent = await kit.sentDocument(owner, { accessLevel: 'shared' });
    const body = { signatureIndex: 0, channel: 'email', to: 'a@x.se' };
    const stranger = await kit.signInSender();
    expect((await share(stranger.token, sent.documentId, body)).statusCode).toBe(404);
    for (const role of [roles.contributor, roles.readOnly]) {
      const colleague = await kit.signInSender({ role, accountId: owner.accountId });
      const refused = await share(colleague.token, sent.documentId, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect(await sharedMessagesOf(sent.documentId)).toEqual([]);
  });
});
