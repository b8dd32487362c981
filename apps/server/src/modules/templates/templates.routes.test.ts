import { roles } from '@signlink/contracts/auth/roles';
import type { Draft } from '@signlink/contracts/documents/drafts';
import type { TemplateDetail, TemplateSummary, TemplatesResponse } from '@signlink/contracts/templates/templates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { seedPricePlan } from '../../../test/seed-price-plan.ts';
import { signInSeededUser } from '../../../test/sign-in.ts';
import { documents } from '../../db/schema/documents.ts';
import { listDocumentEvents } from '../document-core/document-events.repository.ts';
import { call, createDraft } from '../documents/upload-test-helpers.ts';
import { draftParty, draftWithParties, makeTemplate } from './templates-test-helpers.ts';

/** Issue 24, part 1: templates made, listed, renamed, shared and deleted through the HTTP routes. */
let testApp: TestApp;
let admin: Awaited<ReturnType<typeof signInSeededUser>>;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await signInSeededUser(testApp);
  // Templates need an annual plan or the add-on; MEDIUM also lets templates be shared (SPEC section 5).
  await seedPricePlan(testApp.database.db, { accountId: admin.accountId });
});
afterAll(() => testApp?.close());

const list = async (token: string) => {
  const response = await call(testApp, token, 'GET', '/v2/linktinker/templates');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TemplatesResponse;
};

describe('POST /v2/linktinker/templates', () => {
  it('copies a draft into a private template whose parties are roles, without their contacts', async () => {
    const { documentId } = await draftWithParties(testApp, admin.token, [
      draftParty(0, { Role: 'Tenant' }),
      draftParty(1),
    ]);
    const response = await call(testApp, admin.token, 'POST', '/v2/linktinker/templates', {
      Name: 'Lease template',
      SourceDocumentId: documentId,
    });
    expect(response.statusCode, response.body).toBe(201);
    const template = response.json() as TemplateSummary;
    expect(template).toMatchObject({ Name: 'Lease template', AccessLevel: 'private', IsOwner: true, PageCount: 1 });
    expect(template.Id).not.toBe(documentId);
    expect(template.Roles.map((role) => [role.SignatureIndex, role.Role, role.Name, role.Email])).toEqual([
      [0, 'Tenant', '', null],
      [1, 'Party 2', '', null],
    ]);
    const events = await listDocumentEvents(testApp.database.db, template.Id);
    expect(events.map((event) => event.type)).toEqual(['created']);
    // The draft it came from is untouched and still a draft to send.
    const source = await call(testApp, admin.token, 'GET', `/v2/linktinker/projects/${documentId}`);
    expect((source.json() as Draft).Kind).toBe('document');
    expect((source.json() as Draft).Parties[0]?.Name).toBe('Person 0');
  });

  it('keeps the contacts when asked, and names a slot by its label when the party has no role', async () => {
    const { documentId, fileId } = await draftWithParties(testApp, admin.token, [draftParty(0)]);
    const labelled = await call(testApp, admin.token, 'POST', `/v2/linktinker/files/${fileId}/rules`, {
      Fields: [],
      Labels: { '0': 'Landlord' },
    });
    expect(labelled.statusCode, labelled.body).toBe(200);
    const response = await call(testApp, admin.token, 'POST', '/v2/linktinker/templates', {
      Name: 'Kept',
      SourceDocumentId: documentId,
      KeepContacts: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect((response.json() as TemplateSummary).Roles[0]).toMatchObject({
      Role: 'Landlord',
      Name: 'Person 0',
      Email: 'person0@example.com',
    });
  });

  it('turns the caller’s own upload into the template itself (FromUpload)', async () => {
    const draft = await createDraft(testApp, admin.token, 1);
    const response = await call(testApp, admin.token, 'POST', '/v2/linktinker/templates', {
      Name: 'From a PDF',
      SourceDocumentId: draft.Id,
      FromUpload: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect((response.json() as TemplateSummary).Id).toBe(draft.Id);
    const opened = await call(testApp, admin.token, 'GET', `/v2/linktinker/projects/${draft.Id}`);
    expect((opened.json() as Draft).Kind).toBe('template');
    const drafts = await call(testApp, admin.token, 'GET', '/v2/linktinker/projects');
    expect(drafts.json().Projects.map((project: { Id: string }) => project.Id)).not.toContain(draft.Id);
    // A colleague's draft is not theirs to convert.
    const colleague = await signInSeededUser(testApp, { accountId: admin.accountId, role: roles.regular });
    const other = await createDraft(testApp, colleague.token, 1);
    const refused = await call(testApp, admin.token, 'POST', '/v2/linktinker/templates', {
      Name: 'Not mine',
      SourceDocumentId: other.Id,
      FromUpload: true,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('needs an annual plan or the templates add-on', async () => {
    const planless = await signInSeededUser(testApp);
    const { documentId } = await draftWithParties(testApp, planless.token, [draftParty(0)]);
    const response = await call(testApp, planless.token, 'POST', '/v2/linktinker/templates', {
      Name: 'No plan',
      SourceDocumentId: documentId,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('TEMPLATES_NEED_PLAN');
    expect((await list(planless.token)).CanUseTemplates).toBe(false);
    const rows = await testApp.database.db.select().from(documents).where(eq(documents.accountId, planless.accountId));
    expect(rows.map((row) => row.kind)).toEqual(['document']);
  });
});

describe('GET, PUT and DELETE /v2/linktinker/templates/:id', () => {
  it('lists, shows, renames, names roles, shares and deletes a template', async () => {
    const template = await makeTemplate(testApp, admin.token, { name: 'Rental' });
    const listed = await list(admin.token);
    expect(listed.CanUseTemplates).toBe(true);
    expect(listed.Templates.find((item) => item.Id === template.Id)).toMatchObject({ Name: 'Rental' });

    const detail = await call(testApp, admin.token, 'GET', `/v2/linktinker/templates/${template.Id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json() as TemplateDetail).toMatchObject({
      Message: 'Please sign',
      Settings: { allowPrinting: true },
    });
    expect((detail.json() as TemplateDetail).Files).toHaveLength(1);

    const updated = await call(testApp, admin.token, 'PUT', `/v2/linktinker/templates/${template.Id}`, {
      Name: 'Rental 2026',
      AccessLevel: 'shared',
      Roles: [{ SignatureIndex: 1, Role: 'Witness' }],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ Name: 'Rental 2026', AccessLevel: 'shared' });
    expect((updated.json() as TemplateSummary).Roles.map((role) => role.Role)).toEqual(['Party 1', 'Witness']);
    const unknownRole = await call(testApp, admin.token, 'PUT', `/v2/linktinker/templates/${template.Id}`, {
      Roles: [{ SignatureIndex: 7, Role: 'Ghost' }],
    });
    expect(unknownRole.statusCode).toBe(400);

    // Shared: a colleague who makes templates sees it, a contributor too; a read-only user is refused the list.
    const colleague = await signInSeededUser(testApp, { accountId: admin.accountId, role: roles.regular });
    const contributor = await signInSeededUser(testApp, { accountId: admin.accountId, role: roles.contributor });
    const readOnly = await signInSeededUser(testApp, { accountId: admin.accountId, role: roles.readOnly });
    expect((await list(colleague.token)).Templates.find((item) => item.Id === template.Id)?.IsOwner).toBe(false);
    expect((await list(contributor.token)).Templates.map((item) => item.Id)).toContain(template.Id);
    expect((await call(testApp, readOnly.token, 'GET', '/v2/linktinker/templates')).statusCode).toBe(403);
    // Renaming and deleting are the maker's.
    const renamed = await call(testApp, colleague.token, 'PUT', `/v2/linktinker/templates/${template.Id}`, {
      Name: 'Mine now',
    });
    expect(renamed.statusCode).toBe(403);

    const edit = await call(testApp, colleague.token, 'POST', `/v2/linktinker/templates/${template.Id}/edit`);
    expect(edit.json()).toEqual({ ProjectId: template.Id });

    const deleted = await call(testApp, admin.token, 'DELETE', `/v2/linktinker/templates/${template.Id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await list(admin.token)).Templates.map((item) => item.Id)).not.toContain(template.Id);
    expect((await call(testApp, admin.token, 'GET', `/v2/linktinker/templates/${template.Id}`)).statusCode).toBe(404);
    const events = await listDocumentEvents(testApp.database.db, template.Id);
    expect(events.map((event) => event.type)).toEqual(['created', 'access-level-changed', 'deleted']);
  });

  it("keeps a colleague's private template private, and another account's is not found", async () => {
    const template = await makeTemplate(testApp, admin.token);
    const colleague = await signInSeededUser(testApp, { accountId: admin.accountId, role: roles.regular });
    expect((await list(colleague.token)).Templates.map((item) => item.Id)).not.toContain(template.Id);
    expect((await call(testApp, colleague.token, 'GET', `/v2/linktinker/templates/${template.Id}`)).statusCode).toBe(
      403,
    );
    const stranger = await signInSeededUser(testApp);
    for (const [method, url] of [
      ['GET', `/v2/linktinker/templates/${template.Id}`],
      ['DELETE', `/v2/linktinker/templates/${template.Id}`],
      ['POST', `/v2/linktinker/templates/${template.Id}/edit`],
    ] as const) {
      expect((await call(testApp, stranger.token, method, url)).statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('answers a document that is not a template as not found', async () => {
    const draft = await createDraft(testApp, admin.token, 1);
    expect((await call(testApp, admin.token, 'GET', `/v2/linktinker/templates/${draft.Id}`)).statusCode).toBe(404);
  });

  it('never lists a template among the drafts or the sent documents', async () => {
    const template = await makeTemplate(testApp, admin.token);
    const drafts = await call(testApp, admin.token, 'GET', '/v2/linktinker/projects');
    expect(drafts.json().Projects.map((project: { Id: string }) => project.Id)).not.toContain(template.Id);
    const sent = await call(testApp, admin.token, 'GET', '/v2/linktinker/errands?pageSize=100');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().Errands.map((item: { Id: string }) => item.Id)).not.toContain(template.Id);
    // Nor can it be sent itself.
    const send = await call(testApp, admin.token, 'POST', '/v2/linktinker/links', { ProjectId: template.Id });
    expect(send.statusCode).toBeGreaterThanOrEqual(400);
  });
});
