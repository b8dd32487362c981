import type { AccessRules, MemberName } from './access-rules.ts';
import { managers } from './rules-documents.ts';
import type { World } from './security-world-test-helpers.ts';

/**
 * A's templates (issue 24, part 1; SPEC section 6): those who make templates, contributors too, list, see and edit
 * the shared one the regular user owns; only its maker renames, shares or deletes it; using one makes a draft to
 * send, so it is for those who send. Read-only users and B's administrator reach none of it.
 */
const makers: MemberName[] = ['admin', 'regular', 'contributor'];
const maker: MemberName[] = ['regular'];

const templateId = (world: World) => ({ params: { id: world.template.templateId } });

const fills = {
  Parties: [
    { SignatureIndex: 0, Name: 'Tove Tenant', Email: 'tove@example.com' },
    { SignatureIndex: 1, Name: 'Lars Landlord', Phone: '+46701234567' },
  ],
};

export const templateRules: AccessRules = {
  'GET /linktinker/templates': { session: { allowed: makers, resource: 'none', sample: () => ({}) } },
  // Made from a document the caller may see: the shared sent one is hidden from contributors (their own uploads
  // are in modules/templates/use-template.test.ts).
  'POST /linktinker/templates': {
    session: {
      allowed: managers,
      resource: 'sent document',
      sample: (w) => ({ body: { Name: 'Lease template', SourceDocumentId: w.sent.documentId } }),
    },
  },
  'GET /linktinker/templates/:id': { session: { allowed: makers, resource: 'draft', sample: templateId } },
  'POST /linktinker/templates/:id': {
    session: { allowed: managers, resource: 'draft', sample: (w) => ({ ...templateId(w), body: fills }) },
  },
  'PUT /linktinker/templates/:id': {
    session: { allowed: maker, resource: 'draft', sample: (w) => ({ ...templateId(w), body: { Name: 'Lease' } }) },
  },
  'DELETE /linktinker/templates/:id': {
    session: {
      allowed: maker,
      resource: 'draft',
      fresh: true,
      sample: async (w) => ({ params: { id: (await w.freshTemplate()).templateId } }),
    },
  },
  'POST /linktinker/templates/:id/edit': { session: { allowed: makers, resource: 'draft', sample: templateId } },
};
