import { seedDocument } from '../../test/seed-document.ts';
import { postLink } from '../modules/links/link-forms.test-helpers.ts';
import type { AccessRules, MemberName } from './access-rules.ts';
import type { World } from './security-world-test-helpers.ts';

/**
 * A's sent documents (SPEC section 6). They are shared and owned by A's regular user, so: every role but contributors
 * sees them, administrators and regular users manage them, and only the owner holds the parties' link codes.
 */
export const viewers: MemberName[] = ['admin', 'regular', 'readOnly'];
export const managers: MemberName[] = ['admin', 'regular'];
export const ownerOnly: MemberName[] = ['regular'];

const sentId = (world: World) => ({ params: { id: world.sent.documentId } });

/** A fresh sent document of the owner's, for an action that ends or uses it up. */
async function freshSentId(world: World, options: Parameters<typeof seedDocument>[1] = {}) {
  const seeded = await seedDocument(world.testApp.database.db, {
    owner: world.owner,
    accessLevel: 'shared',
    ...options,
  });
  return seeded;
}

/** A's pending form, submitted by its recipient through the recipient's own calls. */
async function submittedForm(world: World) {
  const sent = await world.freshSent();
  const submitted = await postLink(world.testApp, sent.l1.code, 'forms/submit', {
    document: sent.documentId,
    formId: sent.formId,
    requestToken: sent.l1.token,
  });
  if (submitted.statusCode !== 200) throw new Error(`form submit: ${submitted.statusCode} ${submitted.body}`);
  return { id: sent.documentId, formId: sent.formId };
}

export const documentRules: AccessRules = {
  'GET /linktinker/errands': { session: { allowed: 'every role', resource: 'none', sample: () => ({}) } },
  'GET /linktinker/errands/count': { session: { allowed: 'every role', resource: 'none', sample: () => ({}) } },
  'GET /linktinker/errands/search/formfields': {
    session: { allowed: 'every role', resource: 'none', sample: () => ({}) },
  },
  'GET /linktinker/subinboxes': { session: { allowed: viewers, resource: 'none', sample: () => ({}) } },
  'GET /linktinker/errands/:id': { session: { allowed: viewers, resource: 'sent document', sample: sentId } },
  'PUT /linktinker/errands/:id/handled': {
    session: {
      allowed: managers,
      resource: 'sent document',
      sample: (w) => ({ ...sentId(w), body: { Handled: true } }),
    },
  },
  'PUT /linktinker/errands/:id/archive': {
    session: { allowed: managers, resource: 'sent document', sample: (w) => ({ ...sentId(w), body: {} }) },
  },
  'PUT /linktinker/errands/:id/accesslevel': {
    session: {
      allowed: ownerOnly,
      resource: 'sent document',
      sample: (w) => ({ ...sentId(w), body: { AccessLevel: 'shared' } }),
    },
  },
  'DELETE /linktinker/errands/:id': {
    session: {
      allowed: managers,
      resource: 'sent document',
      fresh: true,
      sample: async (w) => ({ params: { id: (await freshSentId(w, { state: 'withdrawn' })).documentId } }),
    },
  },
  'POST /linktinker/errands/:id/seal/retry': {
    session: {
      allowed: managers,
      resource: 'sent document',
      fresh: true,
      sample: async (w) => {
        const { documentId } = await freshSentId(w);
        await w.failSealing(documentId);
        return { params: { id: documentId } };
      },
    },
  },
  'POST /linktinker/errands/:id/duplicate': {
    session: {
      allowed: managers,
      resource: 'sent document',
      sample: async (w) => ({
        params: { id: (await freshSentId(w, { storage: w.testApp.context.storage })).documentId },
      }),
    },
  },
  'PUT /linktinker/errands/:id/disable': {
    session: {
      allowed: managers,
      resource: 'sent document',
      fresh: true,
      sample: async (w) => ({ params: { id: (await freshSentId(w)).documentId }, body: {} }),
    },
  },
  'PUT /linktinker/errands/:id/contactdetails': {
    session: {
      allowed: managers,
      resource: 'sent document',
      fresh: true,
      sample: async (w) => {
        const seeded = await freshSentId(w);
        return {
          params: { id: seeded.documentId },
          body: { PartyId: seeded.parties[0]?.id, Email: 'new@example.com' },
        };
      },
    },
  },
  'POST /linktinker/errands/:id/sendreminders': {
    session: {
      allowed: managers,
      resource: 'sent document',
      fresh: true,
      sample: async (w) => ({ params: { id: (await freshSentId(w)).documentId }, body: {} }),
    },
  },
  'POST /linktinker/errands/:id/share': {
    session: {
      allowed: ownerOnly,
      resource: 'sent document',
      sample: (w) => ({ ...sentId(w), body: { signatureIndex: 0, channel: 'email', to: 'a@example.com' } }),
    },
  },
  'GET /linktinker/errands/:id/attachments': {
    session: { allowed: viewers, resource: 'sent document', sample: sentId },
  },
  'GET /linktinker/errands/:id/attachments/:pdfFileIndex': {
    session: {
      allowed: viewers,
      resource: 'sent document',
      sample: (w) => ({ params: { id: w.sent.documentId, pdfFileIndex: '0' } }),
    },
  },
  'GET /linktinker/errands/:id/sealed-pdf': {
    session: { allowed: viewers, resource: 'sent document', sample: (w) => ({ params: { id: w.sealed.documentId } }) },
  },
  'GET /linktinker/errands/:id/audit-trail': {
    session: { allowed: viewers, resource: 'sent document', sample: (w) => ({ params: { id: w.sealed.documentId } }) },
  },
  'GET /linktinker/errands/:id/forms': { session: { allowed: viewers, resource: 'sent document', sample: sentId } },
  'GET /linktinker/errands/:id/forms/:formId/pdf': {
    session: {
      allowed: viewers,
      resource: 'form',
      sample: async (w) => ({ params: await submittedForm(w) }),
    },
  },
  'POST /linktinker/errands/:id/forms/:formId/approval': {
    session: {
      allowed: managers,
      resource: 'form',
      fresh: true,
      sample: async (w) => ({ params: await submittedForm(w), body: { approvalValue: 'approve' } }),
    },
  },
};
