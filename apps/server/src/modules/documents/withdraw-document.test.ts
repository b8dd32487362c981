import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { documents } from '../../db/schema/documents.ts';
import { usableLink } from '../links/usable-link.ts';
import { sendKit } from './send-test-helpers.ts';

/** SPEC section 4: withdrawal is irreversible, makes the links unusable and returns unsigned parties' reservations. */
let testApp: TestApp;
let kit: ReturnType<typeof sendKit>;

beforeAll(async () => {
  testApp = await buildTestApp();
  kit = sendKit(testApp);
});
afterAll(() => testApp?.close());

const withdraw = (token: string, documentId: string) => kit.call(token, 'PUT', `errands/${documentId}/disable`, {});

describe('PUT linktinker/errands/{id}/disable', () => {
  it('withdraws: links recalled, unsigned reservations returned, the event written, unsigned parties told', async () => {
    const sender = await kit.signInSender({ balanceMinor: 100_00 });
    const sent = await kit.sentDocument(sender, {
      parties: [{ name: 'Anna', signatureType: 'bankid' }, { name: 'Bo' }],
    });
    expect(await kit.balanceOf(sender.accountId)).toBe(100_00 - 20_00);
    await kit.signParty(sent.parties[0]?.id ?? '');

    const response = await withdraw(sender.token, sent.documentId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ DocumentId: sent.documentId, ReleasedMinor: 5_00, Currency: 'SEK' });

    expect(await kit.balanceOf(sender.accountId)).toBe(100_00 - 15_00);
    expect((await kit.ledgerOf(sender.accountId)).map((entry) => [entry.kind, entry.amountMinor])).toEqual([
      ['document-reservation', -20_00],
      ['document-reservation-release', 5_00],
    ]);
    expect((await kit.partiesOf(sent.documentId)).map((party) => party.reservedMinor)).toEqual([15_00, 0]);
    expect(await kit.documentOf(sent.documentId)).toMatchObject({ state: 'withdrawn', withdrawnAt: expect.any(Date) });
    expect((await kit.linksOf(sent.documentId)).map((link) => link.status)).toEqual(['withdrawn', 'withdrawn']);
    for (const link of sent.links)
      await expect(usableLink(kit.db, link.Code)).rejects.toMatchObject({ code: 'LINK_RECALLED' });
    const events = await kit.eventsOf(sent.documentId);
    expect(events.at(-1)).toMatchObject({ type: 'withdrawn', data: { byUserId: sender.userId, releasedMinor: 5_00 } });

    const notices = (await kit.messagesOf(sent.documentId)).filter((message) => message.kind === 'document-withdrawn');
    expect(notices.map((notice) => notice.partyId)).toEqual([sent.parties[1]?.id]);
  });

  it('is the link recipients then meet: the link details answer 410 "recalled"', async () => {
    const sender = await kit.signInSender();
    const sent = await kit.sentDocument(sender, { parties: [{ signatureType: 'bankid' }] });
    await withdraw(sender.token, sent.documentId);
    const code = sent.links[0]?.Code ?? '';
    const details = await testApp.app.inject({
      method: 'POST',
      url: `/v2/linktinker/links/${code}/bankid`,
      payload: {},
    });
    expect(details.statusCode).toBe(410);
    expect(details.json()).toMatchObject({ code: 'LINK_RECALLED' });
  });

  it('withdrawing again changes nothing and gives nothing back twice', async () => {
    const sender = await kit.signInSender();
    const sent = await kit.sentDocument(sender);
    expect((await withdraw(sender.token, sent.documentId)).json().ReleasedMinor).toBe(5_00);
    const again = await withdraw(sender.token, sent.documentId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ DocumentId: sent.documentId, ReleasedMinor: 0, Currency: 'SEK' });
    expect(await kit.balanceOf(sender.accountId)).toBe(500_00);
    expect((await kit.eventTypesOf(sent.documentId)).filter((type) => type === 'withdrawn')).toHaveLength(1);
  });

  it('refuses a completed document (DOCUMENT_COMPLETED), a draft and an expired one (DOCUMENT_NOT_OPEN)', async () => {
    const sender = await kit.signInSender();
    const completed = await kit.sentDocument(sender);
    await kit.db.update(documents).set({ state: 'completed' }).where(eq(documents.id, completed.documentId));
    const refused = await withdraw(sender.token, completed.documentId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'DOCUMENT_COMPLETED' });
    expect((await kit.linksOf(completed.documentId))[0]?.status).toBe('active');

    const draft = await kit.draft(sender);
    expect((await withdraw(sender.token, draft.documentId)).json()).toMatchObject({ code: 'DOCUMENT_NOT_OPEN' });
    const expired = await kit.sentDocument(sender);
    await kit.db.update(documents).set({ state: 'expired' }).where(eq(documents.id, expired.documentId));
    expect((await withdraw(sender.token, expired.documentId)).json()).toMatchObject({ code: 'DOCUMENT_NOT_OPEN' });
  });
});
