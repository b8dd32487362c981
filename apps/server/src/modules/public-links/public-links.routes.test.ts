import { roles } from '@signlink/contracts/auth/roles';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { giveAddOns } from '../../../test/seed-draft.ts';
import { documentParties, documents } from '../../db/schema/documents.ts';
import { publicLinks } from '../../db/schema/templates.ts';
import { type Caller, sendKit } from '../documents/send-test-helpers.ts';
import { seedTemplate } from './public-links.test-helpers.ts';

/** Issue 24, part 2: a public link's life for its owner (publish, list, change, disable, delete) over HTTP. */
let testApp: TestApp;
let kit: ReturnType<typeof sendKit>;
beforeAll(async () => {
  testApp = await buildTestApp(process.env.DEBUG_LOG ? { logger: pino({ level: 'error' }) as never } : {});
  kit = sendKit(testApp);
}, 60_000);
afterAll(() => testApp?.close());

async function ownerWithTemplate(options: { addOn?: boolean } = {}) {
  const owner = await kit.signInSender();
  if (options.addOn !== false) await giveAddOns(kit.db, owner.accountId, ['templates']);
  const templateId = await seedTemplate(testApp, owner);
  return { owner, templateId };
}

const publish = (owner: Caller, body: object) => kit.call(owner.token, 'POST', 'publiclinks', body);

describe('publishing a template as a public link', () => {
  it('copies the template into a master, fixes roles on it, and lists the link with its address', async () => {
    const { owner, templateId } = await ownerWithTemplate();
    const created = await publish(owner, {
      Name: 'Join the club',
      TemplateId: templateId,
      RequireSMS: true,
      FixedRoles: [
        { SignatureIndex: 1, Name: 'Club Secretary', Email: 'Secretary@Example.com', InvitationMethod: 'email' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const link = created.json();
    expect(link).toMatchObject({
      Name: 'Join the club',
      TemplateId: templateId,
      Status: 'active',
      RequireBankID: false,
      RequireSMS: true,
      IsOwner: true,
      Visits: 0,
      Submissions: 0,
    });
    expect(link.Id).toMatch(/^[A-Z0-9]{20}$/);
    expect(link.Url).toMatch(new RegExp(`^https?://[^/]+/${link.Id}$`));
    expect(link.Roles).toMatchObject([
      { SignatureIndex: 0, Role: 'Customer', Name: '' },
      { SignatureIndex: 1, Role: 'Landlord', Name: 'Club Secretary', Email: 'secretary@example.com' },
    ]);
    const master = await kit.documentOf(link.DocumentId);
    expect(master).toMatchObject({ kind: 'public-link', state: 'draft', templateId, title: 'Join the club' });
    // The template itself keeps its empty role.
    const templateParties = await kit.partiesOf(templateId);
    expect(templateParties.map((party) => party.name)).toEqual(['', '']);

    for (const path of ['publiclinks', 'links']) {
      const listed = await kit.call(owner.token, 'GET', path);
      expect(listed.statusCode).toBe(200);
      expect(listed.json().PublicLinks.map((row: { Id: string }) => row.Id)).toEqual([link.Id]);
    }
    const settings = await kit.call(owner.token, 'GET', 'settings/links');
    expect(settings.json()).toMatchObject({ QrScale: 16, VisitHours: 24, CanUseTemplates: true });
    expect(`${settings.json().BaseUrl}${link.Id}`).toBe(link.Url);
    const edit = await kit.call(owner.token, 'POST', `publiclinks/${link.Id}/edit`);
    expect(edit.json()).toEqual({ ProjectId: link.DocumentId });
  });

  it('refuses without the templates plan, an unknown role, a bad contact, and a draft that is no template', async () => {
    const plain = await ownerWithTemplate({ addOn: false });
    const refused = await publish(plain.owner, { Name: 'X', TemplateId: plain.templateId });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('TEMPLATES_NEED_PLAN');

    const { owner, templateId } = await ownerWithTemplate();
    const fixed = (role: object) => publish(owner, { Name: 'X', TemplateId: templateId, FixedRoles: [role] });
    const unknown = await fixed({ SignatureIndex: 5, Name: 'A', Email: 'a@example.com', InvitationMethod: 'email' });
    expect(unknown.json()).toMatchObject({ code: 'DOCUMENT_INVALID', details: { reason: 'unknown-role' } });
    const visitor = await fixed({ SignatureIndex: 0, Name: 'A', Email: 'a@example.com', InvitationMethod: 'email' });
    expect(visitor.json().code).toBe('DOCUMENT_INVALID');
    const badMail = await fixed({ SignatureIndex: 1, Name: 'A', Email: 'not-an-address', InvitationMethod: 'email' });
    expect(badMail.json()).toMatchObject({ code: 'DOCUMENT_INVALID', details: { field: 'Email' } });
    const noPhone = await fixed({ SignatureIndex: 1, Name: 'A', Email: 'a@example.com', InvitationMethod: 'sms' });
    expect(noPhone.json()).toMatchObject({ code: 'DOCUMENT_INVALID', details: { field: 'Phone' } });

    const draft = await kit.draft(owner);
    const notTemplate = await publish(owner, { Name: 'X', TemplateId: draft.documentId });
    expect(notTemplate.statusCode).toBe(404);
    const rows = await kit.db.select().from(publicLinks).where(eq(publicLinks.accountId, owner.accountId));
    expect(rows).toEqual([]);
  });

  it('lets contributors publish, refuses read-only users, and keeps a colleague from changing the link', async () => {
    const { owner, templateId } = await ownerWithTemplate();
    const contributor = await kit.signInSender({ role: roles.contributor, accountId: owner.accountId });
    const readOnly = await kit.signInSender({ role: roles.readOnly, accountId: owner.accountId });
    const own = await seedTemplate(testApp, contributor, undefined, { uploader: owner });
    const byContributor = await publish(contributor, { Name: 'Contributor link', TemplateId: own });
    expect(byContributor.statusCode, byContributor.body).toBe(201);
    const byReadOnly = await publish(readOnly, { Name: 'No', TemplateId: templateId });
    expect(byReadOnly.statusCode).toBe(403);
    // The owner's private template is not the contributor's to publish.
    expect((await publish(contributor, { Name: 'No', TemplateId: templateId })).statusCode).toBe(403);

    const id = byContributor.json().Id;
    expect((await kit.call(owner.token, 'PUT', `publiclinks/${id}`, { Name: 'Mine now' })).statusCode).toBe(403);
    expect((await kit.call(readOnly.token, 'DELETE', `publiclinks/${id}`)).statusCode).toBe(403);
    const other = await kit.signInSender();
    expect((await kit.call(other.token, 'PUT', `publiclinks/${id}/disable`, { Disabled: true })).statusCode).toBe(404);
  });
});

describe('changing, disabling and deleting a public link', () => {
  it('renames it, changes its gate and frees or fixes roles on its master', async () => {
    const { owner, templateId } = await ownerWithTemplate();
    const link = (
      await publish(owner, {
        Name: 'Old',
        TemplateId: templateId,
        FixedRoles: [{ SignatureIndex: 1, Name: 'Fixed Person', Email: 'f@example.com', InvitationMethod: 'email' }],
      })
    ).json();
    const updated = await kit.call(owner.token, 'PUT', `publiclinks/${link.Id}`, {
      Name: 'New',
      RequireEmail: true,
      FixedRoles: [],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ Name: 'New', RequireEmail: true, Roles: [{ Name: '' }, { Name: '' }] });
    const [party] = await kit.db
      .select()
      .from(documentParties)
      .where(eq(documentParties.documentId, link.DocumentId))
      .orderBy(documentParties.signatureIndex)
      .offset(1);
    expect(party).toMatchObject({ name: '', email: null });
    const [master] = await kit.db.select().from(documents).where(eq(documents.id, link.DocumentId));
    expect(master?.title).toBe('New');
  });

  it('answers visitors LINK_RECALLED while disabled or once deleted, and leaves the lists when deleted', async () => {
    const { owner, templateId } = await ownerWithTemplate();
    const link = (await publish(owner, { Name: 'Open day', TemplateId: templateId })).json();
    const details = () => testApp.app.inject({ url: `/v2/linktinker/links/${link.Id.toLowerCase()}` });
    const opened = await details();
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({
      Code: link.Id,
      LinkName: 'Open day',
      RequireBankID: false,
      RequireSMS: false,
      RequireEmail: false,
      PublicLink: {
        Roles: [
          { SignatureIndex: 0, Role: 'Customer', Fixed: false },
          { SignatureIndex: 1, Role: 'Landlord', Fixed: false },
        ],
      },
    });

    const disabled = await kit.call(owner.token, 'PUT', `publiclinks/${link.Id}/disable`, { Disabled: true });
    expect(disabled.json().Status).toBe('disabled');
    expect((await details()).json().code).toBe('LINK_RECALLED');
    const visit = await testApp.app.inject({
      method: 'POST',
      url: `/v2/linktinker/publiclinks/${link.Id}/visits`,
      payload: { Parties: [{ SignatureIndex: 1, Name: 'Bo', Email: 'bo@example.com' }] },
    });
    expect(visit.statusCode).toBe(410);
    expect(visit.json().code).toBe('LINK_RECALLED');

    await kit.call(owner.token, 'PUT', `publiclinks/${link.Id}/disable`, { Disabled: false });
    expect((await details()).statusCode).toBe(200);

    const deleted = await kit.call(owner.token, 'DELETE', `publiclinks/${link.Id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await details()).statusCode).toBe(410);
    expect((await kit.call(owner.token, 'GET', 'publiclinks')).json().PublicLinks).toEqual([]);
    expect((await kit.call(owner.token, 'DELETE', `publiclinks/${link.Id}`)).statusCode).toBe(404);
  });
});
