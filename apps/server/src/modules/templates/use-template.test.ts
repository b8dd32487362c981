import { roles } from '@signlink/contracts/auth/roles';
import type { Draft } from '@signlink/contracts/documents/drafts';
import type { TemplateSummary } from '@signlink/contracts/templates/templates';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { seedPricePlan } from '../../../test/seed-price-plan.ts';
import { signInSeededUser } from '../../../test/sign-in.ts';
import { documentParties, documents } from '../../db/schema/documents.ts';
import { activateAddOn } from '../billing/account-add-ons.repository.ts';
import { listDocumentEvents } from '../document-core/document-events.repository.ts';
import { call, createDraft } from '../documents/upload-test-helpers.ts';
import { draftParty, makeTemplate } from './templates-test-helpers.ts';

/** Issue 24, part 1: using a template by role, and who may make, edit and use one (SPEC section 6). */
let testApp: TestApp;
let admin: Awaited<ReturnType<typeof signInSeededUser>>;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await signInSeededUser(testApp);
  await seedPricePlan(testApp.database.db, { accountId: admin.accountId });
});
afterAll(() => testApp?.close());

const documentCount = async (accountId: string) => {
  const [row] = await testApp.database.db
    .select({ n: count() })
    .from(documents)
    .where(eq(documents.accountId, accountId));
  return row?.n ?? 0;
};

describe('POST /v2/linktinker/templates/:id (use)', () => {
  it('makes a draft of the caller’s with every role filled, the fields and settings copied', async () => {
    const template = await makeTemplate(testApp, admin.token, {
      // Slot 2 is a fixed witness the template names already.
      parties: [draftParty(0, { Role: 'Tenant' }), draftParty(1, { Role: 'Landlord' }), draftParty(2)],
    });
    const fixed = await call(testApp, admin.token, 'PUT', `/v2/linktinker/projects/${template.Id}`, {
      Title: template.Name,
      AccessLevel: 'private',
      Settings: { allowPrinting: true },
      Message: 'Please sign',
      Parties: template.Roles.map((role) => ({
        SignatureIndex: role.SignatureIndex,
        Role: role.Role,
        Name: role.SignatureIndex === 2 ? 'Wera Witness' : '',
        ...(role.SignatureIndex === 2 ? { Email: 'wera@example.com' } : {}),
        InvitationMethod: 'email',
        SignatureType: 'e-signature',
        GetPaid: false,
      })),
    });
    expect(fixed.statusCode, fixed.body).toBe(200);

    const used = await call(testApp, admin.token, 'POST', `/v2/linktinker/templates/${template.Id}`, {
      Title: 'Lease, flat 3',
      Parties: [
        { SignatureIndex: 0, Name: 'Tove Tenant', Email: 'tove@example.com' },
        { SignatureIndex: 1, Name: 'Lars Landlord', Phone: '+46701234567' },
      ],
    });
    expect(used.statusCode, used.body).toBe(201);
    const { ProjectId } = used.json() as { ProjectId: string };
    const draft = (await call(testApp, admin.token, 'GET', `/v2/linktinker/projects/${ProjectId}`)).json() as Draft;
    expect(draft).toMatchObject({ Title: 'Lease, flat 3', Kind: 'document', Message: 'Please sign' });
    expect(draft.Settings).toEqual({ allowPrinting: true });
    expect(draft.Parties.map((p) => [p.SignatureIndex, p.Role, p.Name, p.Email, p.Phone, p.InvitationMethod])).toEqual([
      [0, 'Tenant', 'Tove Tenant', 'tove@example.com', undefined, 'email'],
      [1, 'Landlord', 'Lars Landlord', undefined, '+46701234567', 'sms'],
      [2, 'Party 3', 'Wera Witness', 'wera@example.com', undefined, 'email'],
    ]);
    // The fields came along, and each slot opens with the new draft's own parties' keys.
    const [file] = draft.Files;
    expect(file?.Rules.fields.map((field) => field.signatureIndex)).toEqual([0, 1, 2]);
    const keys = await testApp.database.db
      .select({ index: documentParties.signatureIndex, key: documentParties.accessKey })
      .from(documentParties)
      .where(eq(documentParties.documentId, ProjectId));
    expect(file?.Rules.access).toEqual(Object.fromEntries(keys.map((row) => [String(row.index), row.key])));
    const [row] = await testApp.database.db.select().from(documents).where(eq(documents.id, ProjectId));
    expect(row?.templateId).toBe(template.Id);
    expect((await listDocumentEvents(testApp.database.db, ProjectId)).map((event) => event.type)).toEqual(['created']);
    // The new draft is listed among the caller's drafts; the template is untouched.
    const drafts = await call(testApp, admin.token, 'GET', '/v2/linktinker/projects');
    expect(drafts.json().Projects.map((project: { Id: string }) => project.Id)).toContain(ProjectId);
    const again = (await call(testApp, admin.token, 'GET', `/v2/linktinker/templates/${template.Id}`)).json();
    expect(again.Roles[0].Name).toBe('');
  });

  it('refuses a role left empty or half filled, naming each, and makes nothing', async () => {
    const template = await makeTemplate(testApp, admin.token);
    const before = await documentCount(admin.accountId);
    const used = await call(testApp, admin.token, 'POST', `/v2/linktinker/templates/${template.Id}`, {
      Parties: [{ SignatureIndex: 0, Name: 'Only a name' }],
    });
    expect(used.statusCode).toBe(422);
    expect(used.json()).toMatchObject({ code: 'TEMPLATE_ROLE_EMPTY', details: { signatureIndexes: [0, 1] } });
    expect(await documentCount(admin.accountId)).toBe(before);
    const unknown = await call(testApp, admin.token, 'POST', `/v2/linktinker/templates/${template.Id}`, {
      Parties: [{ SignatureIndex: 9, Name: 'Nobody', Email: 'n@example.com' }],
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('needs the plan or the add-on to use a template too', async () => {
    const owner = await signInSeededUser(testApp);
    await activateAddOn(testApp.database.db, { accountId: owner.accountId, addOnId: 'templates' });
    const template = await makeTemplate(testApp, owner.token);
    const planless = await signInSeededUser(testApp);
    const theirs = await signInSeededUser(testApp, { accountId: planless.accountId, role: roles.regular });
    // A template left over from an account whose add-on lapsed.
    await testApp.database.db
      .update(documents)
      .set({ accountId: planless.accountId, ownerUserId: theirs.userId })
      .where(eq(documents.id, template.Id));
    const used = await call(testApp, theirs.token, 'POST', `/v2/linktinker/templates/${template.Id}`, {
      Parties: [
        { SignatureIndex: 0, Name: 'A', Email: 'a@example.com' },
        { SignatureIndex: 1, Name: 'B', Email: 'b@example.com' },
      ],
    });
    expect(used.statusCode).toBe(422);
    expect(used.json().code).toBe('TEMPLATES_NEED_PLAN');
  });
});

describe('who may make, edit and use templates (SPEC section 6)', () => {
  it('a contributor makes one from a PDF and edits its roles, but may not use it to send', async () => {
    const contributor = await signInSeededUser(testApp, { accountId: admin.accountId, role: roles.contributor });
    const upload = await createDraft(testApp, contributor.token, 1);
    const made = await call(testApp, contributor.token, 'POST', '/v2/linktinker/templates', {
      Name: 'Intake form',
      SourceDocumentId: upload.Id,
      FromUpload: true,
    });
    expect(made.statusCode, made.body).toBe(201);
    const template = made.json() as TemplateSummary;
    const saved = await call(testApp, contributor.token, 'PUT', `/v2/linktinker/projects/${template.Id}`, {
      Title: 'Intake form',
      AccessLevel: 'shared',
      Settings: {},
      Message: '',
      Parties: [{ ...draftParty(0, { Role: 'Customer', Name: '' }), Email: undefined }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as Draft).Parties[0]?.Role).toBe('Customer');
    const fileId = upload.Files[0]?.Id ?? '';
    const editor = await call(testApp, contributor.token, 'POST', `/v2/linktinker/files/${fileId}/editor`);
    expect(editor.statusCode, editor.body).toBe(200);
    const edit = await call(testApp, contributor.token, 'POST', `/v2/linktinker/templates/${template.Id}/edit`);
    expect(edit.statusCode).toBe(200);

    const fill = { Parties: [{ SignatureIndex: 0, Name: 'Cia Customer', Email: 'cia@example.com' }] };
    const refused = await call(testApp, contributor.token, 'POST', `/v2/linktinker/templates/${template.Id}`, fill);
    expect(refused.statusCode).toBe(403);
    // Shared, a colleague who sends uses it.
    const used = await call(testApp, admin.token, 'POST', `/v2/linktinker/templates/${template.Id}`, fill);
    expect(used.statusCode, used.body).toBe(201);
    // The contributor still may not manage a document to send.
    const draftId = (used.json() as { ProjectId: string }).ProjectId;
    expect((await call(testApp, contributor.token, 'GET', `/v2/linktinker/projects/${draftId}`)).statusCode).toBe(403);
  });

  it('a read-only user neither makes, sees, edits nor uses templates', async () => {
    const template = await makeTemplate(testApp, admin.token);
    const shared = await call(testApp, admin.token, 'PUT', `/v2/linktinker/templates/${template.Id}`, {
      AccessLevel: 'shared',
    });
    expect(shared.statusCode).toBe(200);
    const readOnly = await signInSeededUser(testApp, { accountId: admin.accountId, role: roles.readOnly });
    const draft = await createDraft(testApp, admin.token, 1);
    const attempts = [
      ['GET', '/v2/linktinker/templates', undefined],
      ['POST', '/v2/linktinker/templates', { Name: 'x', SourceDocumentId: draft.Id }],
      ['GET', `/v2/linktinker/templates/${template.Id}`, undefined],
      ['POST', `/v2/linktinker/templates/${template.Id}/edit`, undefined],
      ['POST', `/v2/linktinker/templates/${template.Id}`, { Parties: [] }],
      ['GET', `/v2/linktinker/projects/${template.Id}`, undefined],
    ] as const;
    for (const [method, url, body] of attempts) {
      expect((await call(testApp, readOnly.token, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it("another account's template is not found for use", async () => {
    const template = await makeTemplate(testApp, admin.token);
    const stranger = await signInSeededUser(testApp);
    await seedPricePlan(testApp.database.db, { accountId: stranger.accountId });
    const used = await call(testApp, stranger.token, 'POST', `/v2/linktinker/templates/${template.Id}`, {
      Parties: [],
    });
    expect(used.statusCode).toBe(404);
  });
});
