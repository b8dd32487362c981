import { roles } from '@signlink/contracts/auth/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { type Caller, sendKit } from './send-test-helpers.ts';

/**
 * SPEC section 6 for cost, send, withdraw, contact details, reminders and sharing: administrators and regular users act on
 * their own documents and on colleagues' shared ones; a colleague's private document stays private even from an
 * administrator; contributors and read-only users may not; another account's document is unknown.
 */
let testApp: TestApp;
let kit: ReturnType<typeof sendKit>;
let owner: Caller;
let adminColleague: Caller;
let regularColleague: Caller;
let contributor: Caller;
let readOnly: Caller;
let stranger: Caller;

beforeAll(async () => {
  testApp = await buildTestApp();
  kit = sendKit(testApp);
  owner = await kit.signInSender({ role: roles.regular, balanceMinor: 1_000_00 });
  const inAccount = (role: number) => kit.signInSender({ role, accountId: owner.accountId });
  adminColleague = await inAccount(roles.administrator);
  regularColleague = await inAccount(roles.regular);
  contributor = await inAccount(roles.contributor);
  readOnly = await inAccount(roles.readOnly);
  stranger = await kit.signInSender();
});
afterAll(() => testApp?.close());

type Action = {
  name: string;
  run: (caller: Caller, documentId: string, partyId: string) => Promise<{ statusCode: number; body: string }>;
};

const draftActions: Action[] = [
  { name: 'POST links/cost', run: (c, id) => kit.call(c.token, 'POST', 'links/cost', { ProjectId: id }) },
  { name: 'POST links', run: (c, id) => kit.call(c.token, 'POST', 'links', { ProjectId: id }) },
];
const sentActions: Action[] = [
  { name: 'PUT errands/{id}/disable', run: (c, id) => kit.call(c.token, 'PUT', `errands/${id}/disable`, {}) },
  {
    name: 'PUT errands/{id}/contactdetails',
    run: (c, id, partyId) =>
      kit.call(c.token, 'PUT', `errands/${id}/contactdetails`, { PartyId: partyId, Email: 'new@example.com' }),
  },
  {
    name: 'POST errands/{id}/sendreminders',
    run: (c, id) => kit.call(c.token, 'POST', `errands/${id}/sendreminders`, {}),
  },
  {
    name: 'POST errands/{id}/share',
    run: (c, id) =>
      kit.call(c.token, 'POST', `errands/${id}/share`, { signatureIndex: 0, channel: 'email', to: 'a@example.com' }),
  },
];

// A party's link is that party's credential: only the owner may have one sent to an address they type (issue 20).
const ownerOnly = sentActions.filter((action) => action.name === 'POST errands/{id}/share');

describe.each(ownerOnly)('$name, by a colleague who may manage the shared document', (action) => {
  it('is refused (403) and sends nothing', async () => {
    for (const caller of [adminColleague, regularColleague]) {
      const { documentId, partyId } = await subjectFor(action, 'shared');
      const response = await action.run(caller, documentId, partyId);
      expect(response.statusCode, response.body).toBe(403);
      expect(JSON.parse(response.body)).toMatchObject({ code: 'FORBIDDEN' });
    }
  });
});

async function subjectFor(action: Action, accessLevel: 'private' | 'shared') {
  const isDraftAction = draftActions.includes(action);
  const made = isDraftAction ? await kit.draft(owner, { accessLevel }) : await kit.sentDocument(owner, { accessLevel });
  return { documentId: made.documentId, partyId: made.parties[0]?.id ?? '' };
}

describe.each([...draftActions, ...sentActions])('$name', (action) => {
  it('answers 401 without a session', async () => {
    const { documentId, partyId } = await subjectFor(action, 'shared');
    const response = await action.run({ ...owner, token: '' }, documentId, partyId);
    expect(response.statusCode).toBe(401);
  });

  it('refuses contributors and read-only users (403), even on a shared document', async () => {
    for (const caller of [contributor, readOnly]) {
      const { documentId, partyId } = await subjectFor(action, 'shared');
      const response = await action.run(caller, documentId, partyId);
      expect(response.statusCode, response.body).toBe(403);
      expect(JSON.parse(response.body)).toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it("answers another account's document as unknown (404)", async () => {
    const { documentId, partyId } = await subjectFor(action, 'shared');
    const response = await action.run(stranger, documentId, partyId);
    expect(response.statusCode).toBe(404);
  });

  it("keeps a colleague's private document private, even from an administrator (403)", async () => {
    for (const caller of [adminColleague, regularColleague]) {
      const { documentId, partyId } = await subjectFor(action, 'private');
      const response = await action.run(caller, documentId, partyId);
      expect(response.statusCode, response.body).toBe(403);
    }
  });

  it('lets the owner and a regular colleague act on a shared document (sharing a link: the owner only)', async () => {
    for (const caller of [owner, regularColleague]) {
      if (caller !== owner && ownerOnly.includes(action)) continue;
      const { documentId, partyId } = await subjectFor(action, 'shared');
      const response = await action.run(caller, documentId, partyId);
      expect(response.statusCode, response.body).toBe(200);
    }
  });
});
