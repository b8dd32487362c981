import { roles } from '@signlink/contracts/auth/roles';
import type { LinkAccessResponse } from '@signlink/contracts/links/link-access';
import type { LinkPreviewResponse } from '@signlink/contracts/public-links/link-preview';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { setBalance } from '../../../test/seed-draft.ts';
import { signInSeededUser } from '../../../test/sign-in.ts';
import { balanceEntries } from '../../db/schema/accounts.ts';
import { documentEvents } from '../../db/schema/document-events.ts';
import { documentParties, documents, links } from '../../db/schema/documents.ts';
import { publicLinks } from '../../db/schema/templates.ts';
import { findLiveDocument } from '../document-core/document-rows.repository.ts';
import { copyDocument } from '../documents/copy-document.ts';
import { call, createDraft } from '../documents/upload-test-helpers.ts';

/** SPEC section 7 `GET links/{id}/preview`, `POST links/{id}/access/preview`: read-only, nothing written. */
let testApp: TestApp;
let owner: Awaited<ReturnType<typeof signInSeededUser>>;
let templateId: string;
let publicLinkCode: string;
let draftId: string;

const party = (index: number, name: string) => ({
  SignatureIndex: index,
  Name: name,
  Email: name ? `party${index}@example.com` : undefined,
  InvitationMethod: 'email' as const,
  SignatureType: 'e-signature' as const,
  GetPaid: false,
});
const field = (index: number) => ({
  id: `sig-${index}`,
  type: 'signature',
  signatureIndex: index,
  page: 1,
  x: 50,
  y: 500 - index * 80,
  width: 150,
  height: 50,
  required: true,
});

/** A template copied from an uploaded draft of two roles, and a public link made from it, as their modules make them. */
async function seedTemplateAndLink() {
  const draft = await createDraft(testApp, owner.token, 1);
  const saved = await call(testApp, owner.token, 'PUT', `/v2/linktinker/projects/${draft.Id}`, {
    Title: 'Membership',
    AccessLevel: 'private',
    Settings: {},
    Message: 'Welcome',
    Parties: [party(0, 'Visitor'), party(1, 'Witness Wendy')],
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const fileId = draft.Files[0]?.Id ?? '';
  const rules = await call(testApp, owner.token, 'POST', `/v2/linktinker/files/${fileId}/rules`, {
    Fields: [field(0), field(1)],
  });
  expect(rules.statusCode, rules.body).toBe(200);
  const deps = { db: testApp.database.db, storage: testApp.context.storage };
  const source = await findLiveDocument(deps.db, { documentId: draft.Id });
  if (!source) throw new Error('draft gone');
  const roleNames = ['Customer', 'Witness'];
  const template = await copyDocument(deps, {
    source,
    document: { kind: 'template', title: 'Membership', ownerUserId: owner.userId, state: 'draft' },
    party: (row) => ({ ...row, role: roleNames[row.signatureIndex] ?? null, name: '', email: null }),
  });
  const templateRow = await findLiveDocument(deps.db, { documentId: template.documentId });
  if (!templateRow) throw new Error('template gone');
  const master = await copyDocument(deps, {
    source: templateRow,
    document: { kind: 'public-link', title: 'Membership', ownerUserId: owner.userId, state: 'draft' },
    party: (row) => ({ ...row, name: row.signatureIndex === 1 ? 'Witness Wendy' : '' }),
  });
  const code = `PL${Date.now().toString(36).toUpperCase()}XYZ`;
  await deps.db.insert(publicLinks).values({
    id: code,
    accountId: owner.accountId,
    ownerUserId: owner.userId,
    documentId: master.documentId,
    name: 'Join the club',
    requireSms: true,
  });
  return { draftId: draft.Id, templateId: template.documentId, code };
}

beforeAll(async () => {
  testApp = await buildTestApp();
  owner = await signInSeededUser(testApp, { role: roles.regular });
  ({ draftId, templateId, code: publicLinkCode } = await seedTemplateAndLink());
});
afterAll(() => testApp?.close());

async function tableCounts() {
  const { db } = testApp.database;
  const [events] = await db.select({ n: count() }).from(documentEvents);
  const [linkRows] = await db.select({ n: count() }).from(links);
  const [documentRows] = await db.select({ n: count() }).from(documents);
  const [partyRows] = await db.select({ n: count() }).from(documentParties);
  const [entries] = await db
    .select({ n: count() })
    .from(balanceEntries)
    .where(eq(balanceEntries.accountId, owner.accountId));
  const [link] = await db.select().from(publicLinks).where(eq(publicLinks.id, publicLinkCode));
  return {
    events: events?.n,
    links: linkRows?.n,
    documents: documentRows?.n,
    parties: partyRows?.n,
    balanceEntries: entries?.n,
    visits: link?.visitCount,
    linkUpdated: link?.updatedAt.toISOString(),
  };
}

describe('link previews', () => {
  it("shows a template as its first role's recipient would, with a token that reads its files only", async () => {
    const details = await call(testApp, owner.token, 'GET', `/v2/linktinker/links/${templateId}/preview`);
    expect(details.statusCode, details.body).toBe(200);
    const preview = details.json() as LinkPreviewResponse;
    expect(preview).toMatchObject({ Kind: 'template', LinkName: 'Membership', RequireSMS: false });
    expect(preview.PublicLink).toBeUndefined();
    expect(preview.Roles.map((role) => [role.SignatureIndex, role.Role, role.Fixed])).toEqual([
      [0, 'Customer', false],
      [1, 'Witness', false],
    ]);

    const opened = await call(testApp, owner.token, 'POST', `/v2/linktinker/links/${templateId}/access/preview`, {});
    expect(opened.statusCode, opened.body).toBe(200);
    const access = opened.json() as LinkAccessResponse;
    expect(access.State).toBe('open');
    expect(access.Signatures.map((slot) => [slot.index, slot.access, slot.signed])).toEqual([
      [0, true, false],
      [1, false, false],
    ]);
    expect(access.Messages.Document).toBe('Welcome');
    const [file] = access.Documents;
    expect(file?.Rules?.fields).toHaveLength(2);

    const bytes = await call(testApp, owner.token, 'POST', `/v2/linktinker/links/${templateId}/access/preview/file`, {
      RequestToken: access.RequestToken,
      Code: file?.Code,
    });
    expect(bytes.statusCode, bytes.body).toBe(200);
    expect(bytes.headers['content-type']).toContain('application/pdf');
    expect(bytes.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const second = await call(testApp, owner.token, 'POST', `/v2/linktinker/links/${templateId}/access/preview`, {
      SignatureIndex: 1,
    });
    expect((second.json() as LinkAccessResponse).Signatures.map((slot) => slot.access)).toEqual([false, true]);
  });

  it('previews a public link by its code with its gate and the roles the visitor names', async () => {
    const details = await call(testApp, owner.token, 'GET', `/v2/linktinker/links/${publicLinkCode}/preview`);
    expect(details.statusCode, details.body).toBe(200);
    const preview = details.json() as LinkPreviewResponse;
    expect(preview).toMatchObject({ Kind: 'public-link', LinkName: 'Join the club', RequireSMS: true });
    expect(preview.PublicLink?.Roles.map((role) => [role.Role, role.Fixed])).toEqual([
      ['Customer', false],
      ['Witness', true],
    ]);
    const lower = await call(
      testApp,
      owner.token,
      'GET',
      `/v2/linktinker/links/${publicLinkCode.toLowerCase()}/preview`,
    );
    expect(lower.statusCode).toBe(200);
  });

  it('writes nothing: no history event, visit, charge, document, party or link row', async () => {
    await setBalance(testApp.database.db, owner.accountId, 10_000);
    const before = await tableCounts();
    for (const id of [templateId, publicLinkCode]) {
      const details = await call(testApp, owner.token, 'GET', `/v2/linktinker/links/${id}/preview`);
      expect(details.statusCode).toBe(200);
      const opened = await call(testApp, owner.token, 'POST', `/v2/linktinker/links/${id}/access/preview`, {});
      const access = opened.json() as LinkAccessResponse;
      const file = await call(testApp, owner.token, 'POST', `/v2/linktinker/links/${id}/access/preview/file`, {
        RequestToken: access.RequestToken,
        Code: access.Documents[0]?.Code,
      });
      expect(file.statusCode).toBe(200);
    }
    expect(await tableCounts()).toEqual(before);
  });

  it("the recipient's signing and file routes refuse a preview token", async () => {
    const opened = await call(
      testApp,
      owner.token,
      'POST',
      `/v2/linktinker/links/${publicLinkCode}/access/preview`,
      {},
    );
    const access = opened.json() as LinkAccessResponse;
    const before = await tableCounts();
    const sign = await call(testApp, null, 'POST', `/v2/linktinker/links/${publicLinkCode}/sign/ink`, {
      RequestToken: access.RequestToken,
      SignatureIndex: 0,
      AllowServerSubmit: true,
      TimeZoneOffsetMinutes: 0,
      InkSignatureJsonData: '[]',
    });
    expect(sign.statusCode).toBeGreaterThanOrEqual(400);
    expect(sign.statusCode).toBeLessThan(500);
    const file = await call(testApp, null, 'POST', `/v2/linktinker/links/${publicLinkCode}/access/file`, {
      RequestToken: access.RequestToken,
      Code: access.Documents[0]?.Code,
    });
    expect(file.statusCode).toBeGreaterThanOrEqual(400);
    expect(file.statusCode).toBeLessThan(500);
    expect(await tableCounts()).toEqual(before);
  });

  it("refuses another preview's or session's token, a sent document, another account and a colleague's private one", async () => {
    const opened = await call(testApp, owner.token, 'POST', `/v2/linktinker/links/${templateId}/access/preview`, {});
    const access = opened.json() as LinkAccessResponse;
    const code = access.Documents[0]?.Code;
    const onLink = await call(
      testApp,
      owner.token,
      'POST',
      `/v2/linktinker/links/${publicLinkCode}/access/preview/file`,
      {
        RequestToken: access.RequestToken,
        Code: code,
      },
    );
    expect(onLink.json().code).toBe('ACCESS_FAILED');
    const again = await testApp.app.inject({
      method: 'POST',
      url: '/v2/oauth/generatetoken',
      payload: { email: owner.email, password: owner.password },
    });
    const otherSession = again.json().accessToken as string;
    const fromOther = await call(
      testApp,
      otherSession,
      'POST',
      `/v2/linktinker/links/${templateId}/access/preview/file`,
      {
        RequestToken: access.RequestToken,
        Code: code,
      },
    );
    expect(fromOther.json().code).toBe('ACCESS_FAILED');

    const draft = await call(testApp, owner.token, 'GET', `/v2/linktinker/links/${draftId}/preview`);
    expect(draft.statusCode).toBe(404);
    const stranger = await signInSeededUser(testApp);
    const elsewhere = await call(testApp, stranger.token, 'GET', `/v2/linktinker/links/${templateId}/preview`);
    expect(elsewhere.statusCode).toBe(404);
    const colleague = await signInSeededUser(testApp, { accountId: owner.accountId, role: roles.administrator });
    const privateOne = await call(
      testApp,
      colleague.token,
      'POST',
      `/v2/linktinker/links/${templateId}/access/preview`,
      {},
    );
    expect(privateOne.statusCode).toBe(403);
    const signedOut = await call(testApp, null, 'GET', `/v2/linktinker/links/${templateId}/preview`);
    expect(signedOut.statusCode).toBe(401);
  });
});
