import { limits } from '@signlink/contracts/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { accountAddOns } from '../../db/schema/add-ons.ts';
import { documentParties } from '../../db/schema/documents.ts';
import { sendKit } from './send-test-helpers.ts';

/** SPEC section 4: reminders only to parties who have not signed; one per party per hour, ten in all (DECISIONS). */
let testApp: TestApp;
let kit: ReturnType<typeof sendKit>;

beforeAll(async () => {
  testApp = await buildTestApp();
  kit = sendKit(testApp);
});
afterAll(() => testApp?.close());

const remind = (token: string, documentId: string, body: object = {}) =>
  kit.call(token, 'POST', `errands/${documentId}/sendreminders`, body);
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

describe('POST linktinker/errands/{id}/sendreminders', () => {
  it('reminds every party who has not signed on its channels, with a reminder event each', async () => {
    const sender = await kit.signInSender({ addOns: ['whatsapp-invitation'] });
    const sent = await kit.sentDocument(sender, {
      parties: [{}, {}, { email: null, phone: '+46 70 123 45 67', invitationMethod: 'whatsapp' }],
    });
    const [signed, first, third] = sent.parties.map((party) => party.id);
    await kit.signParty(signed ?? '');
    const response = await remind(sender.token, sent.documentId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ Reminded: [first, third] });

    const reminders = (await kit.messagesOf(sent.documentId)).filter((m) => m.kind === 'document-reminder');
    // One transaction writes them all at one time, so their order is not theirs to keep.
    expect(reminders.map((m) => [m.partyId, m.channel]).sort()).toEqual(
      [
        [first, 'email'],
        [third, 'whatsapp'],
      ].sort(),
    );
    const linkOfThird = sent.links.find((link) => link.PartyId === third)?.Code;
    expect(reminders.find((m) => m.partyId === third)?.data).toMatchObject({ linkCode: linkOfThird });
    const events = (await kit.eventsOf(sent.documentId)).filter((event) => event.type === 'reminder');
    expect(events.map((event) => event.data.partyId)).toEqual([first, third]);
    expect((await kit.partiesOf(sent.documentId)).map((party) => party.remindersSent)).toEqual([0, 1, 1]);
  });

  it('allows one reminder per party per hour, listing who waits and until when', async () => {
    const sender = await kit.signInSender();
    const sent = await kit.sentDocument(sender, { parties: [{}, {}] });
    const [first, second] = sent.parties.map((party) => party.id);
    expect((await remind(sender.token, sent.documentId, { PartyIds: [first] })).statusCode).toBe(200);

    const listed = await remind(sender.token, sent.documentId, { PartyIds: [first, second] });
    expect(listed.statusCode).toBe(429);
    expect(listed.json()).toMatchObject({
      code: 'REMINDER_LIMIT_REACHED',
      details: { parties: [{ partyId: first, reason: 'hourly', nextAllowedAt: expect.any(String) }] },
    });
    // Without a list, whoever may be reminded now is.
    expect((await remind(sender.token, sent.documentId)).json()).toEqual({ Reminded: [second] });
    expect((await remind(sender.token, sent.documentId)).statusCode).toBe(429);

    await kit.db
      .update(documentParties)
      .set({ lastRemindedAt: hoursAgo(1.01) })
      .where(eq(documentParties.id, first ?? ''));
    expect((await remind(sender.token, sent.documentId)).json()).toEqual({ Reminded: [first] });
  });

  it('stops at ten reminders per party in all', async () => {
    const sender = await kit.signInSender();
    const sent = await kit.sentDocument(sender);
    const partyId = sent.parties[0]?.id ?? '';
    await kit.db
      .update(documentParties)
      .set({ remindersSent: limits.remindersPerPartyTotal - 1, lastRemindedAt: hoursAgo(2) })
      .where(eq(documentParties.id, partyId));
    expect((await remind(sender.token, sent.documentId)).statusCode).toBe(200);
    await kit.db
      .update(documentParties)
      .set({ lastRemindedAt: hoursAgo(2) })
      .where(eq(documentParties.id, partyId));
    const refused = await remind(sender.token, sent.documentId);
    expect(refused.json()).toMatchObject({
      code: 'REMINDER_LIMIT_REACHED',
      details: { parties: [{ partyId, reason: 'total' }] },
    });
  });

  it('refuses a listed party who signed, texts without the add-on, and a document no longer open', async () => {
    const sender = await kit.signInSender({ addOns: ['sms-invitation'] });
    const sent = await kit.sentDocument(sender, { parties: [{}, { invitationMethod: 'sms', phone: '0701234567' }] });
    const [signed, texted] = sent.parties.map((party) => party.id);
    await kit.signParty(signed ?? '');
    const signedAnswer = await remind(sender.token, sent.documentId, { PartyIds: [signed] });
    expect(signedAnswer.json()).toMatchObject({ code: 'DOCUMENT_NOT_OPEN', details: { reason: 'party-signed' } });

    await kit.db.delete(accountAddOns).where(eq(accountAddOns.accountId, sender.accountId));
    const noAddOn = await remind(sender.token, sent.documentId, { PartyIds: [texted] });
    expect(noAddOn.statusCode).toBe(403);
    expect(noAddOn.json()).toMatchObject({ code: 'ADDON_REQUIRED', details: { addOn: 'sms-invitation' } });
    expect(await kit.eventTypesOf(sent.documentId)).toEqual(['sent', 'sent']);

    await kit.call(sender.token, 'PUT', `errands/${sent.documentId}/disable`, {});
    expect((await remind(sender.token, sent.documentId)).json()).toMatchObject({ code: 'DOCUMENT_NOT_OPEN' });
  });
});
