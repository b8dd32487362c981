import type { Draft } from '@signlink/contracts/documents/drafts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { injectWithToken } from '../../../test/sign-in.ts';
import { documentParties, documents, links } from '../../db/schema/documents.ts';
import { findLiveDocument } from '../document-core/document-rows.repository.ts';
import { copyDocument, partyValuesOf } from '../documents/copy-document.ts';
import { createDraft } from '../documents/upload-test-helpers.ts';
import { drawing, requestTokenFor, signInk } from '../links/link-signing.test-helpers.ts';

export interface TemplateRoleSeed {
  role: string;
  invitationMethod?: 'email' | 'sms' | 'email-and-sms';
  /** The person the template fixes for the role (then the link's visits invite them). */
  name?: string;
  email?: string;
}

/**
 * A template as the templates module makes one (issue 24, part 1), without its endpoints: an uploaded draft with a
 * signature field per role and a text field for role 0, copied into a kind 'template' document whose parties are
 * the roles. Answers the template's id.
 */
export async function seedTemplate(
  testApp: TestApp,
  owner: { token: string; userId: string },
  roles: readonly TemplateRoleSeed[] = [{ role: 'Customer' }, { role: 'Landlord' }],
  /** `uploader`: a colleague who may upload, for an owner who may not (a contributor). */
  options: { accessLevel?: 'private' | 'shared'; title?: string; uploader?: { token: string } } = {},
): Promise<string> {
  const { token } = options.uploader ?? owner;
  const draft: Draft = await createDraft(testApp, token, 1);
  const fileId = draft.Files[0]?.Id;
  const saved = await injectWithToken(testApp, token, 'PUT', `/v2/linktinker/projects/${draft.Id}`, {
    Title: options.title ?? 'Membership agreement',
    AccessLevel: options.accessLevel ?? 'private',
    Settings: {},
    Message: '',
    Parties: roles.map((role, index) => ({
      SignatureIndex: index,
      Role: role.role,
      Name: role.name ?? '',
      ...(role.email ? { Email: role.email } : {}),
      InvitationMethod: role.invitationMethod ?? 'email',
      SignatureType: 'e-signature',
      GetPaid: false,
    })),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const fields = roles.map((_, index) => ({
    id: `sig-${index}`,
    type: 'signature',
    signatureIndex: index,
    page: 1,
    x: 50 + index * 220,
    y: 600,
    width: 200,
    height: 60,
    required: true,
  }));
  const textField = {
    id: 'member-no',
    type: 'text',
    signatureIndex: 0,
    page: 1,
    x: 50,
    y: 700,
    width: 200,
    height: 20,
    required: false,
  };
  const rules = await injectWithToken(testApp, token, 'POST', `/v2/linktinker/files/${fileId}/rules`, {
    Fields: [...fields, textField],
  });
  expect(rules.statusCode, rules.body).toBe(200);
  const source = await findLiveDocument(testApp.database.db, { documentId: draft.Id });
  if (!source) throw new Error('the uploaded draft');
  const copy = await copyDocument(
    { db: testApp.database.db, storage: testApp.context.storage },
    {
      source,
      document: { kind: 'template', state: 'draft', title: source.title, ownerUserId: owner.userId },
      party: (party) => ({ ...partyValuesOf(party) }),
    },
  );
  return copy.documentId;
}

/** The rows a visit made: its document (by the visitor's code), parties and links. */
export async function visitOf(testApp: TestApp, code: string) {
  const { db } = testApp.database;
  const [link] = await db.select().from(links).where(eq(links.id, code));
  if (!link) throw new Error(`no link ${code}`);
  const [document] = await db.select().from(documents).where(eq(documents.id, link.documentId));
  const parties = await db
    .select()
    .from(documentParties)
    .where(eq(documentParties.documentId, link.documentId))
    .orderBy(asc(documentParties.signatureIndex));
  const partyLinks = await db.select().from(links).where(eq(links.documentId, link.documentId));
  if (!document) throw new Error('the visit document');
  return { document, parties, links: partyLinks };
}

/** Signs one slot of a link by ink, as the page does after a gate-less access. */
export async function signSlot(
  testApp: TestApp,
  code: string,
  signatureIndex: number,
  formValues: Record<string, string> = {},
) {
  const response = await signInk(testApp, code, {
    SignatureIndex: signatureIndex,
    RequestToken: await requestTokenFor(testApp, code),
    InkSignatureJsonData: drawing(signatureIndex + 1),
    CanvasWidth: 400,
    CanvasHeight: 160,
    TimeZoneOffsetMinutes: 0,
    AllowServerSubmit: true,
    FormValues: formValues,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Jobs of a name queued for a document, in pg-boss's own table. */
export async function queuedJobsOf(testApp: TestApp, name: string, documentId: string): Promise<number> {
  const { rows } = await testApp.database.executeSql(
    `SELECT count(*)::int AS count FROM pgboss.job WHERE name = $1 AND data->>'documentId' = $2`,
    [name, documentId],
  );
  return (rows[0] as { count: number }).count;
}

/** Documents a public link's visits made. */
export async function visitCountOf(testApp: TestApp, publicLinkId: string) {
  const [row] = await testApp.database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(documents)
    .where(and(eq(documents.publicLinkId, publicLinkId)));
  return row?.count ?? 0;
}
