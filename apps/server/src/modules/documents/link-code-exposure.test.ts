import { roles } from '@signlink/contracts/auth/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { links } from '../../db/schema/documents.ts';
import { type Caller, sendKit } from './send-test-helpers.ts';

/**
 * Issue 20, fault 1: a party's link code is that party's credential (with verification off, the only one). Only the
 * document's owner, who chose the recipients, is ever given one; colleagues who may see or manage a shared document
 * see the parties and each link's state, never a code, whatever their role.
 */
let testApp: TestApp;
let kit: ReturnType<typeof sendKit>;
let owner: Caller;
let colleagues: Record<'administrator' | 'regular' | 'readOnly', Caller>;

beforeAll(async () => {
  testApp = await buildTestApp();
  kit = sendKit(testApp);
  owner = await kit.signInSender({ role: roles.regular, balanceMinor: 1_000_00 });
  const inAccount = (role: number) => kit.signInSender({ role, accountId: owner.accountId });
  colleagues = {
    administrator: await inAccount(roles.administrator),
    regular: await inAccount(roles.regular),
    readOnly: await inAccount(roles.readOnly),
  };
});
afterAll(() => testApp?.close());

const codesOf = async (documentId: string) =>
  (await kit.db.select({ code: links.id }).from(links).where(eq(links.documentId, documentId))).map((row) => row.code);

async function sharedSentDocument() {
  const sent = await kit.sentDocument(owner, { accessLevel: 'shared', parties: [{}, {}] });
  const codes = await codesOf(sent.documentId);
  expect(codes).toHaveLength(2);
  return { ...sent, codes };
}

describe('link codes reach the owner only', () => {
  it("gives the owner every party's code: in the send answer, the overview and the links list", async () => {
    const sent = await sharedSentDocument();
    expect(sent.links.map((link) => link.Code).sort()).toEqual([...sent.codes].sort());
    const detail = await kit.call(owner.token, 'GET', `errands/${sent.documentId}`);
    expect(detail.json()).toMatchObject({ CanShare: true });
    expect(
      detail
        .json()
        .Links.map((link: { Code?: string }) => link.Code)
        .sort(),
    ).toEqual([...sent.codes].sort());
    const listed = await kit.call(owner.token, 'GET', `projects/${sent.documentId}/links`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().Links).toHaveLength(2);
  });

  it.each(['administrator', 'regular', 'readOnly'] as const)(
    'shows a %s colleague the parties and link states of a shared document, never a code',
    async (role) => {
      const sent = await sharedSentDocument();
      const caller = colleagues[role];
      const detail = await kit.call(caller.token, 'GET', `errands/${sent.documentId}`);
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.json()).toMatchObject({ CanShare: false, PartyCount: 2 });
      expect(detail.json().Links).toEqual([
        { PartyId: expect.any(String), Status: 'active' },
        { PartyId: expect.any(String), Status: 'active' },
      ]);
      const list = await kit.call(caller.token, 'GET', 'errands?pageSize=100');
      const linksList = await kit.call(caller.token, 'GET', `projects/${sent.documentId}/links`);
      expect(linksList.statusCode, linksList.body).toBe(403);
      for (const body of [detail.body, list.body, linksList.body]) {
        for (const code of sent.codes) expect(body).not.toContain(code);
      }
    },
  );

  it('sends a shared draft for a colleague without handing them the codes', async () => {
    const draft = await kit.draft(owner, { accessLevel: 'shared', parties: [{}] });
    const sent = await kit.call(colleagues.administrator.token, 'POST', 'links', { ProjectId: draft.documentId });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().Links).toEqual([]);
    const [code] = await codesOf(draft.documentId);
    expect(code).toBeTruthy();
    expect(sent.body).not.toContain(code);
  });
});
