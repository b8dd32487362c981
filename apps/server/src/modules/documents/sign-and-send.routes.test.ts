import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { drawing, requestTokenFor, signInk } from '../links/link-signing.test-helpers.ts';
import { sendKit } from './send-test-helpers.ts';

/** Issue 24, part 5: sign and send. The sender is the first party, signs first, and only then are the others invited. */
let testApp: TestApp;
let kit: ReturnType<typeof sendKit>;

beforeAll(async () => {
  testApp = await buildTestApp();
  kit = sendKit(testApp);
});
afterAll(() => testApp?.close());

async function senderWithDraft(firstEmail?: (email: string) => string) {
  const sender = await kit.signInSender();
  const draft = await kit.draft(sender, {
    parties: [
      { name: 'Me', email: firstEmail ? firstEmail(sender.email) : sender.email.toUpperCase() },
      { name: 'Bo' },
      { name: 'Cai', email: 'cai@example.com' },
    ],
  });
  return { sender, draft };
}

describe('POST linktinker/links with SignFirst (issue 24, part 5)', () => {
  it("makes only the sender's link, invites nobody, and invites the others once the sender has signed", async () => {
    const { sender, draft } = await senderWithDraft();
    const sent = await kit.call(sender.token, 'POST', 'links', { ProjectId: draft.documentId, SignFirst: true });
    expect(sent.statusCode, sent.body).toBe(200);
    const body = sent.json();
    const [first, second, third] = draft.parties;
    expect(body.Links).toEqual([{ Code: expect.any(String), PartyId: first?.id, Url: expect.any(String) }]);
    // The whole document is paid when sent, as any other: three e-signatures.
    expect(body.ReservedMinor).toBe(15_00);
    expect(await kit.balanceOf(sender.accountId)).toBe(485_00);
    expect((await kit.documentOf(draft.documentId))?.state).toBe('active');
    expect((await kit.linksOf(draft.documentId)).map((link) => link.partyId)).toEqual([first?.id]);
    expect(await kit.messagesOf(draft.documentId)).toEqual([]);
    const sentEvents = (await kit.eventsOf(draft.documentId)).filter((event) => event.type === 'sent');
    expect(sentEvents.map((event) => event.data)).toEqual([
      expect.objectContaining({ partyId: first?.id, channels: [], signsFirst: true }),
    ]);

    const code = body.Links[0].Code as string;
    const signed = await signInk(testApp, code, {
      SignatureIndex: 0,
      RequestToken: await requestTokenFor(testApp, code),
      InkSignatureJsonData: drawing(),
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const links = await kit.linksOf(draft.documentId);
    expect(links.map((link) => link.partyId).sort()).toEqual([first?.id, second?.id, third?.id].sort());
    const invitations = await kit.messagesOf(draft.documentId);
    expect(invitations.map((message) => [message.kind, message.partyId]).sort()).toEqual(
      [
        ['document-invitation', second?.id],
        ['document-invitation', third?.id],
      ].sort(),
    );
    const types = await kit.eventTypesOf(draft.documentId);
    expect(types.filter((type) => type === 'sent')).toHaveLength(3);
    expect(types.indexOf('signed')).toBeLessThan(types.lastIndexOf('sent'));
    // Charged once, at sending: the invitations cost nothing more.
    expect(await kit.balanceOf(sender.accountId)).toBe(485_00);
  });

  it('refuses a first party that is not the sender, with VALIDATION_FAILED, and sends nothing', async () => {
    const { sender, draft } = await senderWithDraft(() => 'someone.else@example.com');
    const sent = await kit.call(sender.token, 'POST', 'links', { ProjectId: draft.documentId, SignFirst: true });
    expect(sent.statusCode).toBe(400);
    expect(sent.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { reason: 'first-party-not-sender' } });
    expect((await kit.documentOf(draft.documentId))?.state).toBe('draft');
    expect(await kit.linksOf(draft.documentId)).toEqual([]);
    expect(await kit.messagesOf(draft.documentId)).toEqual([]);
    expect(await kit.balanceOf(sender.accountId)).toBe(500_00);
  });

  it('invites every party at once without SignFirst, as before', async () => {
    const { sender, draft } = await senderWithDraft();
    const sent = await kit.call(sender.token, 'POST', 'links', { ProjectId: draft.documentId });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().Links).toHaveLength(3);
    expect(await kit.messagesOf(draft.documentId)).toHaveLength(3);
  });
});
