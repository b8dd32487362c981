import { documentStatuses, isOpenStatus } from '@signlink/contracts/documents/document-status';
import type { DocumentDetail, DocumentSummary } from '@signlink/contracts/documents/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { seedDocument } from '../../../test/seed-document.ts';
import { documents } from '../../db/schema/documents.ts';
import { messages } from '../../db/schema/messages.ts';
import { newId } from '../../lib/ids.ts';
import { callApi, signInTeam, type Team } from './documents-test-helpers.ts';

/**
 * Issue 6, parts 6 and 9: the sender's lists (SPEC section 2, Sent list: filters, sort, search, paging), the
 * counts, the overview, and one status everywhere (SPEC section 4).
 */
let testApp: TestApp;
let team: Team;
const day = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * day);

beforeAll(async () => {
  testApp = await buildTestApp();
  team = await signInTeam(testApp);
});
afterAll(() => testApp?.close());

async function list(query: string, caller = team.regular) {
  const response = await callApi(testApp, caller, 'GET', `errands?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { Errands: DocumentSummary[]; Total: number; Page: number; PageSize: number };
}
const idsOf = (page: { Errands: DocumentSummary[] }) => page.Errands.map((document) => document.Id);

describe('GET errands: one status per document, whatever the filter (SPEC section 4)', () => {
  let seeded: Record<string, string>;

  beforeAll(async () => {
    const { db } = testApp.database;
    const owner = team.regular;
    const signed = { signedAt: daysAgo(1) };
    const make = async (name: string, options: Parameters<typeof seedDocument>[1]) =>
      [name, (await seedDocument(db, { owner, title: `Status ${name}`, ...options })).documentId] as const;
    // One after another: each seed is a transaction on the one test connection.
    const entries: (readonly [string, string])[] = [];
    for (const [name, options] of [
      ['awaiting-signatures', { parties: [signed, {}], sentAt: daysAgo(10) }],
      ['awaiting-signatures-and-payment', { parties: [{ getPaid: true }, signed] }],
      // Sealed when signed (issue 25): the payment follows the seal.
      ['awaiting-payment', { state: 'completed', parties: [{ getPaid: true, paidAt: null }, {}], sentAt: daysAgo(8) }],
      ['processing', { parties: [{ ...signed, getPaid: true, paidAt: daysAgo(1) }] }],
      ['signed', { state: 'completed' }],
      ['signed-and-paid', { state: 'completed', parties: [{ getPaid: true }, {}] }],
      ['withdrawn', { state: 'withdrawn', sentAt: daysAgo(20) }],
      ['expired', { state: 'expired', sentAt: daysAgo(100) }],
      ['archived-awaiting', { archived: true, sentAt: daysAgo(30) }],
      ['handled-signed', { state: 'completed', handled: true }],
    ] as const) {
      entries.push(await make(name, options));
    }
    seeded = Object.fromEntries(entries);
    // Never listed: a draft (a project) and a document deleted from the lists.
    await db.insert(documents).values({
      id: newId('doc'),
      accountId: owner.accountId,
      ownerUserId: owner.userId,
      title: 'Status draft',
      language: 'en-us',
      originalSha256: 'a'.repeat(64),
    });
    const deleted = await seedDocument(db, { owner, title: 'Status deleted', state: 'withdrawn' });
    const deleting = await callApi(testApp, owner, 'DELETE', `errands/${deleted.documentId}`);
    expect(deleting.statusCode, deleting.body).toBe(204);
  });

  it('lists sent documents, not drafts, deleted or archived ones, each with the status its parties give', async () => {
    const page = await list('search=Status&pageSize=100');
    const statusById = Object.fromEntries(page.Errands.map((document) => [document.Name, document.Status]));
    expect(statusById).toEqual({
      'Status awaiting-signatures': 'awaiting-signatures',
      'Status awaiting-signatures-and-payment': 'awaiting-signatures-and-payment',
      'Status awaiting-payment': 'awaiting-payment',
      'Status processing': 'processing',
      'Status signed': 'signed',
      'Status signed-and-paid': 'signed-and-paid',
      'Status withdrawn': 'withdrawn',
      'Status expired': 'expired',
      'Status handled-signed': 'signed',
    });
    const archived = await list('box=archived&search=Status');
    expect(idsOf(archived)).toEqual([seeded['archived-awaiting']]);
    expect(archived.Errands[0]).toMatchObject({ Archived: true, Status: 'awaiting-signatures', IsLate: true });
  });

  it('filters by every status exactly as the rows show it, and counts the same way', async () => {
    for (const box of ['sent', 'archived'] as const) {
      const all = await list(`box=${box}&pageSize=100`);
      for (const status of documentStatuses) {
        const filtered = await list(`box=${box}&status=${status}&pageSize=100`);
        const expected = all.Errands.filter((document) => document.Status === status).map((document) => document.Id);
        expect(idsOf(filtered).sort(), `${box} ${status}`).toEqual(expected.sort());
        expect(filtered.Total).toBe(expected.length);
      }
    }
    const sent = (await list('pageSize=100')).Errands;
    const count = await callApi(testApp, team.regular, 'GET', 'errands/count');
    expect(count.statusCode, count.body).toBe(200);
    expect(count.json()).toEqual({
      Sent: sent.length,
      AwaitingSignatures: sent.filter((document) => isOpenStatus(document.Status)).length,
      AwaitingPayment: sent.filter((document) => document.Status === 'awaiting-payment').length,
      Late: sent.filter((document) => document.IsLate).length,
      Archived: (await list('box=archived')).Total,
      Inbox: 0,
      Unhandled: sent.filter((document) => !document.Handled).length,
    });
    // Late: awaited and sent at least 7 days ago (SPEC section 9), not a withdrawn or signed one however old.
    expect(
      sent
        .filter((document) => document.IsLate)
        .map((document) => document.Name)
        .sort(),
    ).toEqual(['Status awaiting-payment', 'Status awaiting-signatures']);
  });

  it('shows the same status, parties and late warning in the overview as in the list', async () => {
    const row = (await list(`search=${encodeURIComponent('Status awaiting-payment')}`)).Errands[0];
    const detail = await callApi(testApp, team.regular, 'GET', `errands/${seeded['awaiting-payment']}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const { Settings, Message, Language, Files, History, Links, ReservedMinor, Currency, Parties, ...summary } =
      detail.json() as DocumentDetail;
    // The overview's parties add the name BankID or an ID scan proved (none for e-signatures); the rest is the list's.
    const listedParties = Parties.map(({ VerifiedName, IdDocument, ...party }) => {
      expect(VerifiedName).toBeNull();
      expect(IdDocument).toBeNull();
      return party;
    });
    expect({ ...summary, Parties: listedParties }).toEqual(row);
    // Sealed when signed; the payment is what it still awaits (issue 25).
    expect(History.map((event) => event.Type)).toEqual(['created', 'sent', 'signed', 'signed', 'completed-and-sealed']);
    expect(History[2]).toMatchObject({ PartyId: row?.Parties[0]?.Id, PartyName: 'Party 1', Details: {} });
    expect(Links.map((link) => link.PartyId).sort()).toEqual(row?.Parties.map((party) => party.Id).sort());
    expect(Files).toEqual([{ Id: expect.any(String), Title: 'Status awaiting-payment.pdf', PageCount: 1 }]);
    expect({ Settings, Message, Language, ReservedMinor, Currency }).toEqual({
      Settings: { allowPrinting: true, allowDownloading: true },
      Message: '',
      Language: 'en-us',
      ReservedMinor: 0,
      Currency: 'SEK',
    });
  });
});

describe('GET errands: filters, search, sort and paging (SPEC section 2, Sent list)', () => {
  let owner: Team['admin'];

  beforeAll(async () => {
    // An account of its own, so these documents are the only ones.
    owner = (await signInTeam(testApp)).admin;
    const { db } = testApp.database;
    const make = (title: string, options: Parameters<typeof seedDocument>[1]) =>
      seedDocument(db, { owner, title, ...options });
    await make('Lease 3 days', { sentAt: daysAgo(3), parties: [{ name: 'Anna Berg', email: 'anna@berg.se' }] });
    await make('lease 10 days', { sentAt: daysAgo(10), handled: true, parties: [{ phone: '+46701234567' }] });
    await make('Offer 20 days', { sentAt: daysAgo(20), state: 'completed' });
    await make('Offer 40 days', { sentAt: daysAgo(40), state: 'withdrawn' });
    await make('100% sure_', { sentAt: daysAgo(1) });
  });

  const namesOf = async (query: string) => (await list(query, owner)).Errands.map((document) => document.Name);

  it('filters by how long ago a document was sent: all days, or at least 7, 14 or 30', async () => {
    expect((await namesOf('')).length).toBe(5);
    expect((await namesOf('olderThanDays=7&sort=name')).sort()).toEqual([
      'Offer 20 days',
      'Offer 40 days',
      'lease 10 days',
    ]);
    expect(await namesOf('olderThanDays=14&sort=name')).toEqual(['Offer 20 days', 'Offer 40 days']);
    expect(await namesOf('olderThanDays=30')).toEqual(['Offer 40 days']);
    const odd = await callApi(testApp, owner, 'GET', 'errands?olderThanDays=8');
    expect(odd.statusCode).toBe(400);
  });

  it('filters handled and unhandled', async () => {
    expect(await namesOf('handled=true')).toEqual(['lease 10 days']);
    expect((await namesOf('handled=false')).length).toBe(4);
  });

  it('searches the name and the parties’ names, e-mails and phones, ignoring case; % and _ are literal', async () => {
    expect((await namesOf('search=LEASE&sort=name')).sort()).toEqual(['Lease 3 days', 'lease 10 days']);
    expect(await namesOf(`search=${encodeURIComponent('anna b')}`)).toEqual(['Lease 3 days']);
    expect(await namesOf('search=BERG.SE')).toEqual(['Lease 3 days']);
    expect(await namesOf(`search=${encodeURIComponent('070 123 45')}`)).toEqual([]);
    expect(await namesOf(`search=${encodeURIComponent('701 234 567')}`)).toEqual(['lease 10 days']);
    expect(await namesOf(`search=${encodeURIComponent('100%')}`)).toEqual(['100% sure_']);
    expect(await namesOf('search=e_')).toEqual(['100% sure_']);
    expect(await namesOf('search=nobody')).toEqual([]);
  });

  it('sorts by activity, name, creation and status', async () => {
    const latest = await namesOf('sort=latest-activity');
    expect(latest[0]).toBe('100% sure_');
    expect(await namesOf('sort=oldest-activity')).toEqual([...latest].reverse());
    expect(await namesOf('sort=name')).toEqual([
      '100% sure_',
      'lease 10 days',
      'Lease 3 days',
      'Offer 20 days',
      'Offer 40 days',
    ]);
    expect((await namesOf('sort=created'))[0]).toBe('100% sure_');
    const byStatus = (await list('sort=status', owner)).Errands.map((document) => document.Status);
    const ranks = byStatus.map((status) => documentStatuses.indexOf(status));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(byStatus.at(-1)).toBe('withdrawn');
  });

  it('pages with a total', async () => {
    const first = await list('sort=name&pageSize=2&page=1', owner);
    const third = await list('sort=name&pageSize=2&page=3', owner);
    expect(first).toMatchObject({ Total: 5, Page: 1, PageSize: 2 });
    expect(first.Errands.map((document) => document.Name)).toEqual(['100% sure_', 'lease 10 days']);
    expect(third.Errands.map((document) => document.Name)).toEqual(['Offer 40 days']);
    expect((await list('pageSize=2&page=9', owner)).Errands).toEqual([]);
  });

  it('shows each party’s delivery from the messages sent to it, and the latest event', async () => {
    const { db } = testApp.database;
    const document = await seedDocument(db, { owner, title: 'Delivery', parties: [{}, {}] });
    const [first, second] = document.parties;
    const message = (partyId: string, state: 'delivered' | 'failed', channel: 'email' | 'sms') => ({
      id: newId('msg'),
      kind: 'document-invitation',
      channel,
      recipient: channel === 'email' ? 'x@example.com' : '+46701234567',
      locale: 'en-us' as const,
      brand: 'signlink',
      data: {},
      documentId: document.documentId,
      partyId,
      state,
    });
    await db
      .insert(messages)
      .values([
        message(first?.id ?? '', 'delivered', 'email'),
        message(second?.id ?? '', 'delivered', 'email'),
        message(second?.id ?? '', 'failed', 'sms'),
      ]);
    const row = (await list('search=Delivery', owner)).Errands[0];
    expect(row?.Parties.map((party) => party.Delivery)).toEqual(['delivered', 'bounced']);
    expect(row?.LatestEvent).toEqual({ Type: 'sent', At: expect.any(String) });
    expect(row).toMatchObject({ IsOwn: true, CanManage: true, SignedCount: 0, PartyCount: 2 });
  });
});

describe('GET errands/search/formfields, the inbox and sub-inboxes', () => {
  it('lists the distinct field names of the documents the caller sees, and no one else’s', async () => {
    const own = await signInTeam(testApp);
    const { db } = testApp.database;
    const field = (name: string) => ({
      id: name,
      type: 'text' as const,
      signatureIndex: 0,
      page: 1,
      x: 1,
      y: 1,
      width: 50,
      height: 20,
      required: false,
      name,
    });
    await seedDocument(db, { owner: own.regular, fields: [field('Text[0]'), field('Text[0].2')] });
    await seedDocument(db, { owner: own.regular, fields: [field('Text[0]')], accessLevel: 'shared' });
    await seedDocument(db, { owner: own.admin, fields: [field('Private[0]')] });
    await seedDocument(db, { owner: own.otherAdmin, fields: [field('Other[0]')] });
    const response = await callApi(testApp, own.regular, 'GET', 'errands/search/formfields');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ FieldNames: ['Text[0]', 'Text[0].2'] });
    const readOnly = await callApi(testApp, own.readOnly, 'GET', 'errands/search/formfields');
    expect(readOnly.json()).toEqual({ FieldNames: ['Text[0]'] });
  });

  it('answers an empty inbox and no sub-inboxes until public links exist; contributors have no inbox', async () => {
    for (const caller of [team.admin, team.regular, team.readOnly]) {
      expect(await list('box=inbox', caller)).toEqual({ Errands: [], Total: 0, Page: 1, PageSize: 25 });
      const sub = await callApi(testApp, caller, 'GET', 'subinboxes');
      expect(sub.statusCode, sub.body).toBe(200);
      expect(sub.json()).toEqual({ SubInboxes: [] });
    }
    expect((await callApi(testApp, team.contributor, 'GET', 'errands?box=inbox')).statusCode).toBe(403);
    expect((await callApi(testApp, team.contributor, 'GET', 'subinboxes')).statusCode).toBe(403);
    expect((await callApi(testApp, null, 'GET', 'subinboxes')).statusCode).toBe(401);
  });
});
