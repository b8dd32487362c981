import { buildPlainPdf } from '../../test/fixtures/hostile-pdfs.ts';
import { uploadPdf } from '../modules/documents/upload-test-helpers.ts';
import type { AccessRules, MemberName } from './access-rules.ts';
import { managers, ownerOnly, viewers } from './rules-documents.ts';
import type { World } from './security-world-test-helpers.ts';

/** Who may make documents (SPEC section 6: those who send). */
const creators: MemberName[] = ['admin', 'regular'];

const draftId = (world: World) => ({ params: { id: world.draft.documentId } });
const fileId = (world: World) => ({ params: { id: world.draft.fileId } });

const saveDraft = {
  Title: 'Lease',
  AccessLevel: 'shared',
  Settings: {},
  Message: 'Please sign',
  Parties: [
    {
      SignatureIndex: 0,
      Name: 'Anna',
      Email: 'anna@example.com',
      InvitationMethod: 'email',
      SignatureType: 'e-signature',
      GetPaid: false,
    },
  ],
};

const signatureField = {
  id: 'sig',
  type: 'signature',
  signatureIndex: 0,
  page: 1,
  x: 5,
  y: 5,
  width: 50,
  height: 20,
  required: true,
};

/** A fresh draft of the owner's with two files, for a merge that uses them up. */
async function draftWithTwoFiles(world: World) {
  const { documentId, fileId: first } = await world.freshDraft();
  const added = await uploadPdf(world.testApp, world.owner.token, await buildPlainPdf(1), { projectId: documentId });
  if (added.statusCode !== 201) throw new Error(`second file: ${added.statusCode} ${added.body}`);
  const files = added.json().Files as { Id: string }[];
  return [first, ...files.map((file) => file.Id).filter((id) => id !== first)];
}

/** A's drafts (the API's "projects") and their files, shared and owned by A's regular user. */
export const draftRules: AccessRules = {
  'GET /linktinker/projects': { session: { allowed: creators, resource: 'none', sample: () => ({}) } },
  'GET /linktinker/projects/:id': { session: { allowed: viewers, resource: 'draft', sample: draftId } },
  'GET /linktinker/projects/:id/files': { session: { allowed: viewers, resource: 'draft', sample: draftId } },
  'GET /linktinker/projects/:id/links': {
    session: { allowed: ownerOnly, resource: 'sent document', sample: (w) => ({ params: { id: w.sent.documentId } }) },
  },
  'PUT /linktinker/projects/:id': {
    session: { allowed: managers, resource: 'draft', sample: (w) => ({ ...draftId(w), body: saveDraft }) },
  },
  'DELETE /linktinker/projects/:id': {
    session: {
      allowed: managers,
      resource: 'draft',
      fresh: true,
      sample: async (w) => ({ params: { id: (await w.freshDraft()).documentId } }),
    },
  },
  'POST /linktinker/files': {
    session: {
      // Contributors too: the PDF of a template they make (POST templates, FromUpload).
      allowed: [...creators, 'contributor'],
      resource: 'none',
      sample: async () => ({
        query: { name: 'Agreement.pdf' },
        raw: { payload: Buffer.from(await buildPlainPdf(1)), contentType: 'application/pdf' },
      }),
    },
  },
  'POST /linktinker/files/merge': {
    session: {
      allowed: managers,
      resource: 'file',
      fresh: true,
      sample: async (w) => ({ body: { FileIds: await draftWithTwoFiles(w) } }),
    },
  },
  'POST /linktinker/files/:id/editor': { session: { allowed: managers, resource: 'file', sample: fileId } },
  'PUT /linktinker/files/:id/title': {
    session: { allowed: managers, resource: 'file', sample: (w) => ({ ...fileId(w), query: { title: 'Contract' } }) },
  },
  'POST /linktinker/files/:id/rules': {
    session: {
      allowed: managers,
      resource: 'file',
      sample: (w) => ({ ...fileId(w), body: { Fields: [signatureField] } }),
    },
  },
  'POST /linktinker/links/cost': {
    session: { allowed: managers, resource: 'draft', sample: (w) => ({ body: { ProjectId: w.draft.documentId } }) },
  },
  'POST /linktinker/links': {
    session: {
      allowed: managers,
      resource: 'draft',
      fresh: true,
      sample: async (w) => ({ body: { ProjectId: (await w.freshDraft()).documentId } }),
    },
  },
};
