import { limits } from '@signlink/contracts/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { usableLink } from '../links/usable-link.ts';
import { sendKit } from './send-test-helpers.ts';

/** SPEC section 4: correcting a party's contact re-sends the document and revokes the previous link; at most three. */
let testApp: TestApp;
let kit: ReturnType<typeof sendKit>;

beforeAll(async () => {
  testApp = await buildTestApp();
  kit = sendKit(testApp);
});
afterAll(() => testApp?.close());

const correct = (token: string, documentId: string, body: object) =>
  kit.call(token, 'PUT', `errands/${documentId}/contactdetails`, body);

describe('PUT linktinker/errands/{id}/contactdetails', () => {
  it('updates the party, revokes the old link, sends a new one and writes the old and new contact', async () => {
    const sender = await kit.signInSender({ addOns: ['sms-invitation'] });
    const sent = await kit.sentDocument(sender, { parties: [{ email: 'anna@exampel.com' }] });
    const partyId = sent.parties[0]?.id ?? '';
    const oldCode = sent.links[0]?.Code ?? '';

    const response = await correct(sender.token, sent.documentId, {
      PartyId: partyId,
      Email: 'Anna@Example.COM',
      Phone: '0701234567',
      InvitationMethod: 'email-and-sms',
    });
    expect(response.statusCode, response.body).toBe(200);
    const { Code, ContactUpdatesLeft } = response.json();
    expect(ContactUpdatesLeft).toBe(limits.contactUpdatesPerParty - 1);
    expect(Code).not.toBe(oldCode);

    const [party] = await kit.partiesOf(sent.documentId);
    expect(party).toMatchObject({
      email: 'Anna@example.com',
      phone: '+46701234567',
      invitationMethod: 'email-and-sms',
      contactUpdates: 1,
    });
    await expect(usableLink(kit.db, oldCode)).rejects.toMatchObject({ code: 'LINK_RECALLED' });
    await expect(usableLink(kit.db, Code)).resolves.toMatchObject({ link: { partyId, status: 'active' } });
    const links = await kit.linksOf(sent.documentId);
    expect(links.find((link) => link.id === oldCode)).toMatchObject({ status: 'revoked', revokedAt: expect.any(Date) });

    const events = await kit.eventsOf(sent.documentId);
    expect(events.at(-1)).toMatchObject({
      type: 'contact-corrected',
      data: {
        partyId,
        previousEmail: 'anna@exampel.com',
        previousPhone: null,
        previousInvitationMethod: 'email',
        email: 'Anna@example.com',
        phone: '+46701234567',
        invitationMethod: 'email-and-sms',
      },
    });
    const resent = (await kit.messagesOf(sent.documentId)).filter((m) => m.invitationId === Code);
    expect(resent.map((m) => [m.channel, m.recipient, m.kind]).sort()).toEqual([
      ['email', 'Anna@example.com', 'document-invitation'],
      ['sms', '+46701234567', 'document-invitation'],
    ]);
  });

  it('allows three corrections per party, then CONTACT_UPDATE_LIMIT_REACHED', async () => {
    const sender = await kit.signInSender();
    const sent = await kit.sentDocument(sender);
    const partyId = sent.parties[0]?.id ?? '';
    for (let index = 1; index <= limits.contactUpdatesPerParty; index += 1) {
      const ok = await correct(sender.token, sent.documentId, { PartyId: partyId, Email: `new${index}@example.com` });
      expect(ok.statusCode, ok.body).toBe(200);
    }
    const refused = await correct(sender.token, sent.documentId, { PartyId: partyId, Email: 'late@example.com' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'CONTACT_UPDATE_LIMIT_REACHED', details: { limit: 3 } });
    expect((await kit.partiesOf(sent.documentId))[0]?.email).toBe('new3@example.com');
    expect((await kit.linksOf(sent.documentId)).filter((link) => link.status === 'active')).toHaveLength(1);
  });

  it('refuses a party who signed, a bad address, a text without the add-on and an unknown party; nothing changes', async () => {
    const sender = await kit.signInSender();
    const sent = await kit.sentDocument(sender, { parties: [{}, {}] });
    const [signed, open] = sent.parties.map((party) => party.id);
    await kit.signParty(signed ?? '');
    const answers = [
      await correct(sender.token, sent.documentId, { PartyId: signed, Email: 'x@example.com' }),
      await correct(sender.token, sent.documentId, { PartyId: open, Email: 'not an address' }),
      await correct(sender.token, sent.documentId, { PartyId: open, InvitationMethod: 'sms' }),
      await correct(sender.token, sent.documentId, { PartyId: open, InvitationMethod: 'sms', Phone: '0701234567' }),
      await correct(sender.token, sent.documentId, { PartyId: 'pty_unknown', Email: 'x@example.com' }),
    ];
    expect(answers.map((answer) => [answer.statusCode, answer.json().code])).toEqual([
      [409, 'DOCUMENT_NOT_OPEN'],
      [400, 'INVALID_EMAIL'],
      [400, 'INVALID_PHONE'],
      [403, 'ADDON_REQUIRED'],
      [404, 'NOT_FOUND'],
    ]);
    expect((await kit.partiesOf(sent.documentId)).map((party) => party.contactUpdates)).toEqual([0, 0]);
    expect((await kit.linksOf(sent.documentId)).map((link) => link.status)).toEqual(['active', 'active']);
    expect(await kit.eventTypesOf(sent.documentId)).toEqual(['sent', 'sent']);
  });

  it('refuses once the document is withdrawn', async () => {
    const sender = await kit.signInSender();
    const sent = await kit.sentDocument(sender);
    await kit.call(sender.token, 'PUT', `errands/${sent.documentId}/disable`, {});
    const refused = await correct(sender.token, sent.documentId, {
      PartyId: sent.parties[0]?.id,
      Email: 'a@example.com',
    });
    expect(refused.json()).toMatchObject({ code: 'DOCUMENT_NOT_OPEN', details: { state: 'withdrawn' } });
  });
});
