import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { contacts } from '../../db/schema/templates.ts';
import { sendKit } from '../documents/send-test-helpers.ts';

let testApp: TestApp;
let kit: ReturnType<typeof sendKit>;
beforeAll(async () => {
  testApp = await buildTestApp();
  kit = sendKit(testApp);
});
afterAll(() => testApp?.close());

const contactsOf = (accountId: string) =>
  kit.db
    .select()
    .from(contacts)
    .where(eq(contacts.accountId, accountId))
    .orderBy(asc(contacts.email), asc(contacts.phone));

describe('sending a document keeps its parties as contacts', () => {
  it('adds each party once, by address or else by number, and refreshes them on the next send', async () => {
    const sender = await kit.signInSender({ addOns: ['sms-invitation'] });
    const first = await kit.sentDocument(sender, {
      parties: [
        { name: 'Anna Andersson', email: 'Anna@Example.com' },
        { name: 'Bo', email: null, phone: '070-123 45 67', invitationMethod: 'sms' },
        // The same person twice in one document is one contact.
        { name: 'Anna A.', email: 'anna@example.com' },
      ],
    });
    const sentAt = (await kit.documentOf(first.documentId))?.sentAt;
    expect(await contactsOf(sender.accountId)).toMatchObject([
      { name: 'Anna A.', email: 'anna@example.com', phone: null, source: 'document', lastUsedAt: sentAt },
      { name: 'Bo', email: null, phone: '+46701234567', source: 'document', lastUsedAt: sentAt },
    ]);

    const second = await kit.sentDocument(sender, {
      parties: [
        { name: 'Anna Berg', email: 'anna@example.com', phone: '+46707654321', invitationMethod: 'email-and-sms' },
        { name: 'Bo Ek', email: null, phone: '+46701234567', invitationMethod: 'sms' },
      ],
    });
    const secondSentAt = (await kit.documentOf(second.documentId))?.sentAt;
    const after = await contactsOf(sender.accountId);
    expect(after).toHaveLength(2);
    expect(after).toMatchObject([
      { name: 'Anna Berg', email: 'anna@example.com', phone: '+46707654321', lastUsedAt: secondSentAt },
      { name: 'Bo Ek', phone: '+46701234567', lastUsedAt: secondSentAt },
    ]);
  });

  it("never wipes a contact's name with an empty one, and keeps a manual contact manual", async () => {
    const sender = await kit.signInSender();
    const added = await kit.call(sender.token, 'POST', 'contacts', { Name: 'Cai Curated', Email: 'cai@example.com' });
    expect(added.statusCode, added.body).toBe(201);
    await kit.sentDocument(sender, { parties: [{ name: '', email: 'CAI@example.com' }] });
    expect(await contactsOf(sender.accountId)).toMatchObject([
      { id: added.json().Id, name: 'Cai Curated', source: 'manual', lastUsedAt: expect.any(Date) },
    ]);
  });

  it('collects no one when sending is refused', async () => {
    const sender = await kit.signInSender({ balanceMinor: 0 });
    const draft = await kit.draft(sender, { parties: [{ name: 'Dan', email: 'dan@example.com' }] });
    const refused = await kit.call(sender.token, 'POST', 'links', { ProjectId: draft.documentId });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(await contactsOf(sender.accountId)).toEqual([]);
  });

  it("keeps each account's contacts its own", async () => {
    const one = await kit.signInSender();
    const other = await kit.signInSender();
    await kit.sentDocument(one, { parties: [{ name: 'Eva One', email: 'eva@example.com' }] });
    await kit.sentDocument(other, { parties: [{ name: 'Eva Other', email: 'eva@example.com' }] });
    expect((await contactsOf(one.accountId)).map((row) => row.name)).toEqual(['Eva One']);
    expect((await contactsOf(other.accountId)).map((row) => row.name)).toEqual(['Eva Other']);
  });
});
