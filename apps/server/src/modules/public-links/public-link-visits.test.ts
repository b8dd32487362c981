import { roles } from '@signlink/contracts/auth/roles';
import { fieldNameOf } from '@signlink/contracts/documents/document-model';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { sealingDepsOf } from '../../../test/sealing-deps.ts';
import { giveAddOns, setBalance } from '../../../test/seed-draft.ts';
import { documents } from '../../db/schema/documents.ts';
import { documentSeals } from '../../db/schema/signatures.ts';
import { type Caller, sendKit } from '../documents/send-test-helpers.ts';
import { sealSignedDocument } from '../sealing/seal-document.ts';
import { expireUnfinishedVisits } from './expire-visits.ts';
import { inviteVisitParties } from './invite-visit-parties.ts';
import { queuedJobsOf, seedTemplate, signSlot, visitCountOf, visitOf } from './public-links.test-helpers.ts';

/**
 * Issue 24, parts 2 and 8: a visitor starts a public link, names the other role, signs; the named party is invited,
 * signs, the document seals and lands in the owner's inbox under the link's sub-inbox. And the refusals: a balance
 * too low, too many visits, an unfinished visit that expires.
 */
let testApp: TestApp;
let kit: ReturnType<typeof sendKit>;
beforeAll(async () => {
  testApp = await buildTestApp({ env: { RATE_LIMIT_PUBLIC_LINK_VISITS: '3' } });
  kit = sendKit(testApp);
}, 60_000);
afterAll(() => testApp?.close());

async function publishedLink(options: { balanceMinor?: number } = {}) {
  const owner = await kit.signInSender(options);
  await giveAddOns(kit.db, owner.accountId, ['templates']);
  const templateId = await seedTemplate(testApp, owner);
  const created = await kit.call(owner.token, 'POST', 'publiclinks', { Name: 'Rent a locker', TemplateId: templateId });
  expect(created.statusCode, created.body).toBe(201);
  return { owner, link: created.json() as { Id: string; DocumentId: string } };
}

const visit = (code: string, parties: object[], ip = '198.51.100.7') =>
  testApp.app.inject({
    method: 'POST',
    url: `/v2/linktinker/publiclinks/${code}/visits`,
    payload: { Parties: parties },
    remoteAddress: ip,
  });

const landlord = { SignatureIndex: 1, Name: 'Lena Landlord', Email: 'Lena@Example.com' };

async function inbox(owner: Caller, query = '') {
  const response = await kit.call(owner.token, 'GET', `errands?box=inbox${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { Errands: { Id: string }[]; Total: number };
}

describe('a two-role public link, end to end', () => {
  it('is started, signed by the visitor, then by the party they named, sealed, and lands in the inbox', async () => {
    const { owner, link } = await publishedLink();
    const before = await kit.balanceOf(owner.accountId);
    // The page opened on the link's address counts it as any link's page does, not as a visit started.
    const opened = await testApp.app.inject({
      method: 'POST',
      url: `/v2/linktinker/links/${link.Id}/count`,
      payload: { LinkId: link.Id, IsIe: false },
    });
    expect(opened.statusCode, opened.body).toBe(204);

    const started = await visit(link.Id, [{ SignatureIndex: 0, Name: 'Vera Visitor' }, landlord]);
    expect(started.statusCode, started.body).toBe(201);
    const { Code } = started.json();
    const made = await visitOf(testApp, Code);
    expect(made.document).toMatchObject({
      kind: 'document',
      state: 'active',
      publicLinkId: link.Id,
      ownerUserId: owner.userId,
      accountId: owner.accountId,
    });
    expect(made.document.visitExpiresAt?.getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect(made.parties.map((party) => [party.name, party.email])).toEqual([
      ['Vera Visitor', null],
      ['Lena Landlord', 'lena@example.com'],
    ]);
    // Charged as sending charges it; only the visitor has a link, and nobody is invited yet.
    expect(await kit.balanceOf(owner.accountId)).toBeLessThan(before ?? 0);
    expect(made.parties.every((party) => party.reservedMinor > 0)).toBe(true);
    expect(made.links.map((row) => row.id)).toEqual([Code]);
    expect(await kit.eventTypesOf(made.document.id)).toEqual(['created', 'sent']);
    expect(await kit.messagesOf(made.document.id)).toEqual([]);
    expect((await kit.call(owner.token, 'GET', 'publiclinks')).json().PublicLinks[0]).toMatchObject({
      Visits: 1,
      Submissions: 0,
    });
    // Unsigned visits are nobody's inbox yet, and never the sender's Sent list.
    expect((await inbox(owner)).Total).toBe(0);
    const sent = await kit.call(owner.token, 'GET', 'errands?box=sent');
    expect(sent.json().Total).toBe(0);

    // The visitor's page: details of their own link, then their signature with a form value.
    const details = await testApp.app.inject({ url: `/v2/linktinker/links/${Code}` });
    expect(details.json()).toMatchObject({ Code, RequireBankID: false });
    expect(details.json().PublicLink).toBeUndefined();
    await signSlot(testApp, Code, 0, { [fieldNameOf('text', 0)]: 'Locker 4711' });
    expect(await queuedJobsOf(testApp, 'public-links.invite-visit-parties', made.document.id)).toBe(1);

    const deps = { database: testApp.database, queue: testApp.context.queue, messaging: testApp.context.messaging };
    const invited = await inviteVisitParties(deps, made.document.id);
    expect(invited).toEqual([made.parties[1]?.id]);
    expect(await inviteVisitParties(deps, made.document.id)).toEqual([]);
    const messages = await kit.messagesOf(made.document.id);
    expect(messages.map((message) => [message.kind, message.channel, message.recipient, message.brand])).toEqual([
      ['document-invitation', 'email', 'lena@example.com', 'signlink'],
    ]);
    const afterInvite = await visitOf(testApp, Code);
    const landlordLink = afterInvite.links.find((row) => row.partyId === made.parties[1]?.id);
    if (!landlordLink) throw new Error('the landlord was invited');

    // In the inbox once the visitor signed, under the link's sub-inbox, found by what the visitor filled in.
    expect((await inbox(owner)).Errands.map((row) => row.Id)).toEqual([made.document.id]);
    expect((await inbox(owner, `&subInboxId=${link.Id}`)).Total).toBe(1);
    expect((await inbox(owner, '&subInboxId=OTHER')).Total).toBe(0);
    expect((await inbox(owner, '&search=locker%204711')).Total).toBe(1);
    expect((await inbox(owner, '&search=nothing-like-it')).Total).toBe(0);
    const counts = await kit.call(owner.token, 'GET', 'errands/count');
    expect(counts.json()).toMatchObject({ Inbox: 1, Sent: 0 });
    const subInboxes = await kit.call(owner.token, 'GET', 'subinboxes');
    expect(subInboxes.json()).toEqual({ SubInboxes: [{ Id: link.Id, Name: 'Rent a locker', Count: 1 }] });
    const contributor = await kit.signInSender({ role: roles.contributor, accountId: owner.accountId });
    expect((await kit.call(contributor.token, 'GET', 'errands?box=inbox')).statusCode).toBe(403);

    await signSlot(testApp, landlordLink.id, 1);
    const outcome = await sealSignedDocument(sealingDepsOf(testApp.context), { documentId: made.document.id });
    expect(outcome).toBe('sealed');
    const [seal] = await kit.db.select().from(documentSeals).where(eq(documentSeals.documentId, made.document.id));
    expect(seal?.status).toBe('sealed');
    expect((await kit.documentOf(made.document.id))?.state).toBe('completed');
    expect((await inbox(owner)).Errands.map((row) => row.Id)).toEqual([made.document.id]);
    expect(await kit.eventTypesOf(made.document.id)).toEqual([
      'created',
      'sent',
      'signed',
      'sent',
      'signed',
      'completed-and-sealed',
    ]);

    // Archived, it leaves the inbox for the Archived list, as a sent document leaves Sent.
    const archived = await kit.call(owner.token, 'PUT', `errands/${made.document.id}/archive`, {});
    expect(archived.statusCode, archived.body).toBe(200);
    expect((await inbox(owner)).Total).toBe(0);
    const archivedList = await kit.call(owner.token, 'GET', 'errands?box=archived');
    expect(archivedList.json().Errands.map((row: { Id: string }) => row.Id)).toEqual([made.document.id]);
  });

  it('needs every role the owner did not fix, with a valid contact', async () => {
    const { link } = await publishedLink();
    const empty = await visit(link.Id, []);
    expect(empty.json()).toMatchObject({ code: 'TEMPLATE_ROLE_EMPTY', details: { signatureIndexes: [1] } });
    const badMail = await visit(link.Id, [{ SignatureIndex: 1, Name: 'Bo', Email: 'bo-at-example' }]);
    expect(badMail.json()).toMatchObject({ code: 'DOCUMENT_INVALID', details: { field: 'Email' } });
    const unknown = await visit(link.Id, [landlord, { SignatureIndex: 7, Name: 'X', Email: 'x@example.com' }]);
    expect(unknown.json().code).toBe('DOCUMENT_INVALID');
    expect((await visit('NOSUCHLINK', [landlord])).json().code).toBe('INVALID_LINK');
    expect(await visitCountOf(testApp, link.Id)).toBe(0);
  });
});

describe("a visit's refusals and its expiry", () => {
  it("refuses a visit the owner's balance cannot cover, before anything is made", async () => {
    const { owner, link } = await publishedLink();
    await setBalance(kit.db, owner.accountId, 0);
    const refused = await visit(link.Id, [landlord]);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().code).toBe('RECIPIENT_INSUFFICIENT_BALANCE');
    expect(await visitCountOf(testApp, link.Id)).toBe(0);
    expect(await kit.ledgerOf(owner.accountId)).toEqual([]);
    expect((await kit.call(owner.token, 'GET', 'publiclinks')).json().PublicLinks[0].Visits).toBe(0);
  });

  it('limits the visits one client address starts on a link', async () => {
    const { link } = await publishedLink();
    for (let index = 0; index < 3; index += 1) {
      expect((await visit(link.Id, [landlord], '203.0.113.9')).statusCode).toBe(201);
    }
    const limited = await visit(link.Id, [landlord], '203.0.113.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect((await visit(link.Id, [landlord], '203.0.113.10')).statusCode).toBe(201);
    expect(await visitCountOf(testApp, link.Id)).toBe(4);
  });

  it('expires an unfinished visit and returns its reservation; a signed one stays', async () => {
    const { owner, link } = await publishedLink();
    const before = await kit.balanceOf(owner.accountId);
    const unfinished = (await visit(link.Id, [landlord])).json().Code;
    const signed = (await visit(link.Id, [landlord])).json().Code;
    await signSlot(testApp, signed, 0);
    const [unfinishedVisit, signedVisit] = [await visitOf(testApp, unfinished), await visitOf(testApp, signed)];

    // Other tests' visits share the database: only this test's two are looked at.
    const ours = (ids: string[]) =>
      ids.filter((id) => [unfinishedVisit, signedVisit].some((v) => v.document.id === id));
    expect(ours(await expireUnfinishedVisits(kit.db))).toEqual([]);
    const later = new Date(Date.now() + 25 * 3600_000);
    expect(ours(await expireUnfinishedVisits(kit.db, later))).toEqual([unfinishedVisit.document.id]);
    expect(ours(await expireUnfinishedVisits(kit.db, later))).toEqual([]);
    const [expired] = await kit.db.select().from(documents).where(eq(documents.id, unfinishedVisit.document.id));
    expect(expired?.state).toBe('expired');
    expect((await kit.eventTypesOf(unfinishedVisit.document.id)).at(-1)).toBe('automatic-expiration');
    expect((await kit.documentOf(signedVisit.document.id))?.state).toBe('active');
    // Only the signed visit's cost is still held: its reservation stands, the expired one's came back.
    const signedCost = signedVisit.parties.reduce((sum, party) => sum + party.reservedMinor, 0);
    expect(await kit.balanceOf(owner.accountId)).toBe((before ?? 0) - signedCost);
    expect((await testApp.app.inject({ url: `/v2/linktinker/links/${unfinished}` })).statusCode).toBe(410);
  });
});
