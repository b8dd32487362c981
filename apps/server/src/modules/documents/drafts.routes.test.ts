import { roles } from '@signlink/contracts/auth/roles';
import type { DocumentFile, Draft, SaveDraftRequest } from '@signlink/contracts/documents/drafts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildRotatedFormPdf } from '../../../test/fixtures/hostile-pdfs.ts';
import { seedPricePlan } from '../../../test/seed-price-plan.ts';
import { signInSeededUser } from '../../../test/sign-in.ts';
import { documentParties, documents, links } from '../../db/schema/documents.ts';
import { listDocumentEvents } from '../document-core/document-events.repository.ts';
import { call, createDraft, uploadPdf } from './upload-test-helpers.ts';

/** Issue 6: the drafts ("projects"), their parties and the editor's file calls, through the HTTP routes. */
let testApp: TestApp;
let admin: Awaited<ReturnType<typeof signInSeededUser>>;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await signInSeededUser(testApp);
  // The drafts here are saved shared, which needs MEDIUM or LARGE (SPEC section 5).
  await seedPricePlan(testApp.database.db, { accountId: admin.accountId });
});
afterAll(() => testApp?.close());

const party = (index: number, extra: Partial<SaveDraftRequest['Parties'][number]> = {}) => ({
  SignatureIndex: index,
  Name: `Party ${index}`,
  Email: `party${index}@example.com`,
  InvitationMethod: 'email' as const,
  SignatureType: 'e-signature' as const,
  GetPaid: false,
  ...extra,
});
const saveRequest = (parties: SaveDraftRequest['Parties']): SaveDraftRequest => ({
  Title: 'Lease',
  AccessLevel: 'shared',
  Settings: { allowPrinting: true, requireVerification: true },
  Message: 'Please sign',
  Parties: parties,
});

describe('PUT /v2/linktinker/projects/:id', () => {
  it('saves the draft and creates, updates and deletes its parties, each with an access key', async () => {
    const draft = await createDraft(testApp, admin.token);
    const first = await call(
      testApp,
      admin.token,
      'PUT',
      `/v2/linktinker/projects/${draft.Id}`,
      saveRequest([party(0), party(1)]),
    );
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json() as Draft;
    expect(saved).toMatchObject({ Title: 'Lease', AccessLevel: 'shared', Message: 'Please sign' });
    expect(saved.Settings).toEqual({ allowPrinting: true, requireVerification: true });
    const [zero, one] = saved.Parties;
    // Party 0 renamed and moved to slot 1, party 1 removed, a new party in slot 0.
    const second = await call(
      testApp,
      admin.token,
      'PUT',
      `/v2/linktinker/projects/${draft.Id}`,
      saveRequest([party(1, { Id: zero?.Id, Name: 'Anna' }), party(0, { Name: 'Bo' })]),
    );
    expect(second.statusCode, second.body).toBe(200);
    const parties = (second.json() as Draft).Parties;
    expect(parties.map((p) => [p.SignatureIndex, p.Name, p.Id === zero?.Id])).toEqual([
      [0, 'Bo', false],
      [1, 'Anna', true],
    ]);
    expect(parties.some((p) => p.Id === one?.Id)).toBe(false);
    const rows = await testApp.database.db
      .select()
      .from(documentParties)
      .where(eq(documentParties.documentId, draft.Id));
    expect(new Set(rows.map((row) => row.accessKey)).size).toBe(2);
    // The files' access maps follow the parties.
    const files = (await call(testApp, admin.token, 'GET', `/v2/linktinker/projects/${draft.Id}/files`)).json();
    expect(Object.keys(files.Files[0].Rules.access).sort()).toEqual(['0', '1']);
  });

  it('refuses two parties in one slot, and a document that was sent', async () => {
    const draft = await createDraft(testApp, admin.token);
    const taken = await call(
      testApp,
      admin.token,
      'PUT',
      `/v2/linktinker/projects/${draft.Id}`,
      saveRequest([party(0), party(0)]),
    );
    expect(taken.statusCode).toBe(400);
    await testApp.database.db.update(documents).set({ state: 'active' }).where(eq(documents.id, draft.Id));
    const frozen = await call(
      testApp,
      admin.token,
      'PUT',
      `/v2/linktinker/projects/${draft.Id}`,
      saveRequest([party(0)]),
    );
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().code).toBe('DOCUMENT_SAVE_FAILED');
  });
});

describe('GET and DELETE /v2/linktinker/projects', () => {
  it("lists the caller's own drafts only, and discards one", async () => {
    const colleague = await signInSeededUser(testApp, { accountId: admin.accountId, role: roles.regular });
    const mine = await createDraft(testApp, admin.token, 1, 'Mine.pdf');
    const theirs = await createDraft(testApp, colleague.token, 1, 'Theirs.pdf');
    const list = (await call(testApp, admin.token, 'GET', '/v2/linktinker/projects')).json();
    const ids = list.Projects.map((p: { Id: string }) => p.Id);
    expect(ids).toContain(mine.Id);
    expect(ids).not.toContain(theirs.Id);
    expect(list.Projects.find((p: { Id: string }) => p.Id === mine.Id)).toMatchObject({ Title: 'Mine', FileCount: 1 });
    // A colleague's private draft stays theirs.
    expect((await call(testApp, admin.token, 'GET', `/v2/linktinker/projects/${theirs.Id}`)).statusCode).toBe(403);
    expect((await call(testApp, admin.token, 'DELETE', `/v2/linktinker/projects/${theirs.Id}`)).statusCode).toBe(403);
    const discarded = await call(testApp, admin.token, 'DELETE', `/v2/linktinker/projects/${mine.Id}`);
    expect(discarded.statusCode).toBe(204);
    expect((await call(testApp, admin.token, 'GET', `/v2/linktinker/projects/${mine.Id}`)).statusCode).toBe(404);
    // The deletion is in the draft's history, with who deleted it.
    const events = await listDocumentEvents(testApp.database.db, mine.Id);
    expect(events.map((event) => [event.type, event.data]).at(-1)).toEqual([
      'deleted',
      { reason: 'draft-discarded', userId: admin.userId },
    ]);
    expect((await call(testApp, admin.token, 'DELETE', `/v2/linktinker/projects/${mine.Id}`)).statusCode).toBe(404);
  });

  it("answers another account's draft as not found, and read-only users may not list drafts", async () => {
    const draft = await createDraft(testApp, admin.token);
    const stranger = await signInSeededUser(testApp);
    for (const [method, path] of [
      ['GET', `/v2/linktinker/projects/${draft.Id}`],
      ['GET', `/v2/linktinker/projects/${draft.Id}/files`],
      ['GET', `/v2/linktinker/projects/${draft.Id}/links`],
      ['DELETE', `/v2/linktinker/projects/${draft.Id}`],
      ['POST', `/v2/linktinker/files/${draft.Files[0]?.Id}/editor`],
    ] as const) {
      expect((await call(testApp, stranger.token, method, path)).statusCode, path).toBe(404);
    }
    const readOnly = await signInSeededUser(testApp, { accountId: admin.accountId, role: roles.readOnly });
    expect((await call(testApp, readOnly.token, 'GET', '/v2/linktinker/projects')).statusCode).toBe(403);
    expect((await call(testApp, null, 'GET', '/v2/linktinker/projects')).statusCode).toBe(401);
  });

  it("lists a sent document's links on the brand host", async () => {
    const draft = await createDraft(testApp, admin.token);
    const saved = (
      await call(testApp, admin.token, 'PUT', `/v2/linktinker/projects/${draft.Id}`, saveRequest([party(0)]))
    ).json() as Draft;
    await testApp.database.db
      .insert(links)
      .values({ id: 'LINKCODE0001', documentId: draft.Id, partyId: saved.Parties[0]?.Id });
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/v2/linktinker/projects/${draft.Id}/links`,
      headers: { authorization: `Bearer ${admin.token}`, host: 'pdfblankett.localhost' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [link] = response.json().Links;
    expect(link).toMatchObject({ Code: 'LINKCODE0001', SignatureIndex: 0, Status: 'active' });
    expect(new URL(link.Url).hostname).toBe('pdfblankett.localhost');
    expect(link.Url.endsWith('/LINKCODE0001')).toBe(true);
  });
});

describe('the editor calls', () => {
  it('opens the editor with a content URL that serves the PDF for that file only', async () => {
    const draft = await createDraft(testApp, admin.token, 3);
    const other = await createDraft(testApp, admin.token, 1);
    const fileId = draft.Files[0]?.Id ?? '';
    const editor = await call(testApp, admin.token, 'POST', `/v2/linktinker/files/${fileId}/editor`);
    expect(editor.statusCode, editor.body).toBe(200);
    const { ContentUrl, File } = editor.json();
    expect(File.PageCount).toBe(3);
    const content = await testApp.app.inject({ method: 'GET', url: ContentUrl });
    expect(content.statusCode).toBe(200);
    expect(content.headers['content-type']).toBe('application/pdf');
    expect(content.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const token = new URL(ContentUrl, 'http://x').searchParams.get('token');
    const elsewhere = await testApp.app.inject({
      method: 'GET',
      url: `/v2/linktinker/files/${other.Files[0]?.Id}/content?token=${token}`,
    });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('stops a content URL at once when its draft is made private or its session ends (issue 20)', async () => {
    const draft = await createDraft(testApp, admin.token);
    const fileId = draft.Files[0]?.Id ?? '';
    const saveAs = (accessLevel: 'shared' | 'private') =>
      call(testApp, admin.token, 'PUT', `/v2/linktinker/projects/${draft.Id}`, {
        ...saveRequest([party(0)]),
        AccessLevel: accessLevel,
      });
    expect((await saveAs('shared')).statusCode).toBe(200);
    const colleague = await signInSeededUser(testApp, { accountId: admin.accountId, role: roles.regular });
    const contentUrlOf = async (token: string) =>
      (await call(testApp, token, 'POST', `/v2/linktinker/files/${fileId}/editor`)).json().ContentUrl as string;
    const colleaguesUrl = await contentUrlOf(colleague.token);
    expect((await testApp.app.inject({ method: 'GET', url: colleaguesUrl })).statusCode).toBe(200);

    expect((await saveAs('private')).statusCode).toBe(200);
    const afterPrivate = await testApp.app.inject({ method: 'GET', url: colleaguesUrl });
    expect(afterPrivate.statusCode, afterPrivate.body).toBe(403);

    const ownersUrl = await contentUrlOf(admin.token);
    expect((await testApp.app.inject({ method: 'GET', url: ownersUrl })).statusCode).toBe(200);
    // A second session of the owner's, logged out: the address made in it stops with it.
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/v2/oauth/generatetoken',
      payload: { email: admin.email, password: admin.password },
    });
    const secondSession = login.json().accessToken as string;
    const secondUrl = await contentUrlOf(secondSession);
    expect((await testApp.app.inject({ method: 'GET', url: secondUrl })).statusCode).toBe(200);
    expect((await call(testApp, secondSession, 'POST', '/v2/oauth/logout')).statusCode).toBe(204);
    expect((await testApp.app.inject({ method: 'GET', url: secondUrl })).statusCode).toBe(401);
  });

  it('saves rules: checked against the pages, named per type and slot, with the access map', async () => {
    const uploaded = (await uploadPdf(testApp, admin.token, await buildRotatedFormPdf())).json() as Draft;
    const draftId = uploaded.Id;
    const saved = (
      await call(testApp, admin.token, 'PUT', `/v2/linktinker/projects/${draftId}`, saveRequest([party(0), party(1)]))
    ).json() as Draft;
    const file = uploaded.Files[0] as DocumentFile;
    expect(file.Pages).toEqual([{ Width: 800, Height: 600 }]);
    const field = (id: string, type: 'signature' | 'text', signatureIndex: number, x = 10) => ({
      id,
      type,
      signatureIndex,
      page: 1,
      x,
      y: 10,
      width: 100,
      height: 30,
      required: true,
    });
    const rules = await call(testApp, admin.token, 'POST', `/v2/linktinker/files/${file.Id}/rules`, {
      Fields: [
        field('a', 'signature', 0),
        field('b', 'signature', 0, 200),
        field('c', 'text', 1),
        { ...field('d', 'text', 1, 400), pdfFieldName: 'customer.name' },
      ],
    });
    expect(rules.statusCode, rules.body).toBe(200);
    const result = rules.json() as DocumentFile;
    expect(result.Rules.fields.map((f) => f.name)).toEqual(['Signature[0]', 'Signature[0].2', 'Text[1]', 'Text[1].2']);
    const keys = await testApp.database.db
      .select()
      .from(documentParties)
      .where(eq(documentParties.documentId, draftId));
    expect(result.Rules.access).toEqual(
      Object.fromEntries(keys.map((row) => [String(row.signatureIndex), row.accessKey])),
    );
    expect(saved.Parties).toHaveLength(2);

    for (const wrong of [
      { ...field('x', 'text', 0), x: 750 },
      { ...field('x', 'text', 0), page: 2 },
      { ...field('x', 'text', 0), pdfFieldName: 'no such field' },
    ]) {
      const refused = await call(testApp, admin.token, 'POST', `/v2/linktinker/files/${file.Id}/rules`, {
        Fields: [wrong],
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().code).toBe('DOCUMENT_INVALID');
    }
  });

  it('merges the draft files in order, with their fields on the right pages, and renames a file', async () => {
    const draft = await createDraft(testApp, admin.token, 2, 'Main.pdf');
    const withAnnex = (
      await uploadPdf(testApp, admin.token, await buildRotatedFormPdf(), {
        name: 'Annex.pdf',
        projectId: draft.Id,
      })
    ).json() as Draft;
    const [main, annex] = withAnnex.Files as [DocumentFile, DocumentFile];
    await call(testApp, admin.token, 'POST', `/v2/linktinker/files/${annex.Id}/rules`, {
      Fields: [
        { id: 'sig', type: 'signature', signatureIndex: 0, page: 1, x: 5, y: 5, width: 50, height: 20, required: true },
      ],
    });
    const merged = await call(testApp, admin.token, 'POST', '/v2/linktinker/files/merge', {
      FileIds: [main.Id, annex.Id],
    });
    expect(merged.statusCode, merged.body).toBe(200);
    const [file] = (merged.json() as Draft).Files;
    expect((merged.json() as Draft).Files).toHaveLength(1);
    expect(file).toMatchObject({ Title: 'Main', PageCount: 3 });
    expect(file?.FormFields.map((f) => f.page)).toEqual([3, 3]);
    expect(file?.Rules.fields.map((f) => [f.name, f.page])).toEqual([['Signature[0]', 3]]);
    expect((await call(testApp, admin.token, 'POST', `/v2/linktinker/files/${annex.Id}/editor`)).statusCode).toBe(404);

    const renamed = await call(testApp, admin.token, 'PUT', `/v2/linktinker/files/${file?.Id}/title?title=Contract`);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().Title).toBe('Contract');
  });

  it('lets a contributor change nothing of a shared draft', async () => {
    const draft = await createDraft(testApp, admin.token);
    await call(testApp, admin.token, 'PUT', `/v2/linktinker/projects/${draft.Id}`, saveRequest([party(0)]));
    const contributor = await signInSeededUser(testApp, { accountId: admin.accountId, role: roles.contributor });
    const fileId = draft.Files[0]?.Id;
    expect(
      (await call(testApp, contributor.token, 'PUT', `/v2/linktinker/files/${fileId}/title?title=X`)).statusCode,
    ).toBe(403);
    expect(
      (await call(testApp, contributor.token, 'PUT', `/v2/linktinker/projects/${draft.Id}`, saveRequest([])))
        .statusCode,
    ).toBe(403);
  });
});
