import { roles } from '@signlink/contracts/auth/roles';
import type { Draft } from '@signlink/contracts/documents/drafts';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../test/build-test-app.ts';
import { seedDocument } from '../../test/seed-document.ts';
import { setBalance } from '../../test/seed-draft.ts';
import { seedSignedDocument } from '../../test/seed-signed-document.ts';
import { injectWithToken, signInSeededUser } from '../../test/sign-in.ts';
import { accounts } from '../db/schema/accounts.ts';
import { documentSeals } from '../db/schema/signatures.ts';
import { accountUsersKit } from '../modules/accounts/account-users-test-helpers.ts';
import { customerInvitationsKit } from '../modules/accounts/customer-invitations-test-helpers.ts';
import { insertTestApiClient } from '../modules/api-clients/api-clients.test-helpers.ts';
import { activateAddOn } from '../modules/billing/account-add-ons.repository.ts';
import { createDraft } from '../modules/documents/upload-test-helpers.ts';
import { fixturePdf, postLink, seedFormDocument } from '../modules/links/link-forms.test-helpers.ts';
import { requestTokenFor } from '../modules/links/link-signing.test-helpers.ts';
import { insertReferralLink } from '../modules/partners/referral-links-test-helpers.ts';
import { sealSignedDocument } from '../modules/sealing/seal-document.ts';
import { makeTemplate } from '../modules/templates/templates-test-helpers.ts';
import type { CallerName, MemberName, RoleName } from './access-rules.ts';

export type SignedIn = Awaited<ReturnType<typeof signInSeededUser>>;

/** A sent document's link as its recipient holds it: the code, and the RequestToken its gate gave. */
export interface HeldLink {
  code: string;
  token: string;
}

/**
 * The world the matrix runs in (SPEC section 6): account A, a partner, with its four roles; account B's administrator;
 * A's regular user owns A's documents, shared, so A's administrator is a colleague who manages them but is not the
 * owner. Everything else a sample needs it makes itself, through the world's factories.
 */
export async function buildWorld(testApp: TestApp) {
  const { db } = testApp.database;
  const users = accountUsersKit(testApp);
  const customers = customerInvitationsKit(testApp);
  const admin = await signInSeededUser(testApp, { role: roles.administrator });
  await db.update(accounts).set({ isPartner: true }).where(eq(accounts.id, admin.accountId));
  await setBalance(db, admin.accountId, 10_000_00);
  const member = (role: number) => signInSeededUser(testApp, { role, accountId: admin.accountId });
  const a: Record<RoleName, SignedIn> = {
    admin,
    regular: await member(roles.regular),
    contributor: await member(roles.contributor),
    readOnly: await member(roles.readOnly),
  };
  const b = await signInSeededUser(testApp, { role: roles.administrator });
  // SPEC section 5: sharing needs MEDIUM, LARGE or the add-on; the add-on, as the price-plan rules order and cancel plans.
  // Templates need an annual plan or the templates add-on (issue 24): the add-on here.
  for (const accountId of [admin.accountId, b.accountId]) {
    await activateAddOn(db, { accountId, addOnId: 'account-document-sharing' });
    await activateAddOn(db, { accountId, addOnId: 'templates' });
  }
  const invitee = await signInSeededUser(testApp, { role: roles.administrator });
  const owner = a.regular;

  /** A's shared two-party form document with a real PDF; party 0 attached a PDF and saved a pending form. */
  async function freshSent() {
    const seeded = await seedFormDocument(testApp, { owner, accessLevel: 'shared' });
    const [l1, l2] = seeded.links.map((code, index) => ({ code, token: seeded.tokens[index] ?? '' })) as [
      HeldLink,
      HeldLink,
    ];
    const { documentId } = seeded.doc;
    const uploaded = await testApp.app.inject({
      method: 'POST',
      url: `/v2/linktinker/links/${l1.code}/attachments?${new URLSearchParams({ RequestToken: l1.token, name: 'Intyg.pdf' })}`,
      headers: { 'content-type': 'application/pdf' },
      payload: Buffer.from(fixturePdf),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const saved = await postLink(testApp, l1.code, 'forms', {
      document: documentId,
      requestToken: l1.token,
      instantJson: { 'Text[0]': 'Anna Andersson' },
      isPending: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return { ...seeded.doc, l1, l2, formId: saved.json().formId as string };
  }

  /** A's shared draft of a real uploaded PDF, with one party. */
  async function freshDraft() {
    const draft: Draft = await createDraft(testApp, owner.token, 1);
    const saved = await injectWithToken(testApp, owner.token, 'PUT', `/v2/linktinker/projects/${draft.Id}`, {
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
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const fileId = draft.Files[0]?.Id ?? '';
    const field = { id: 'sig', type: 'signature', signatureIndex: 0, page: 1, x: 5, y: 5, width: 50, height: 20 };
    const rules = await injectWithToken(testApp, owner.token, 'POST', `/v2/linktinker/files/${fileId}/rules`, {
      Fields: [{ ...field, required: true }],
    });
    expect(rules.statusCode, rules.body).toBe(200);
    return { documentId: draft.Id, fileId };
  }

  /** A's shared template of the owner's, two roles to fill (Party 1, Party 2). */
  async function freshTemplate() {
    const template = await makeTemplate(testApp, owner.token);
    const shared = await injectWithToken(testApp, owner.token, 'PUT', `/v2/linktinker/templates/${template.Id}`, {
      AccessLevel: 'shared',
    });
    expect(shared.statusCode, shared.body).toBe(200);
    return { templateId: template.Id };
  }

  const sent = await freshSent();
  const draft = await freshDraft();
  const template = await freshTemplate();
  // Another account's document: its link's token must open nothing of A's.
  const elsewhere = await seedDocument(db, { owner: b });
  const elsewhereCode = elsewhere.parties[0]?.linkCode ?? '';
  const elsewhereLink: HeldLink = { code: elsewhereCode, token: await requestTokenFor(testApp, elsewhereCode) };

  const sealed = await seedSignedDocument(db, testApp.context.storage, { owner, accessLevel: 'shared' });
  const { context } = testApp;
  await sealSignedDocument(
    {
      database: context.database,
      storage: context.storage,
      queue: context.queue,
      messaging: context.messaging,
      sealPdf: (request) => context.pdf.seal({ ...request, key: context.sealing.key }, context.sealing.timestamping),
    },
    { documentId: sealed.documentId },
  );

  const members: Record<MemberName, SignedIn> = { ...a, invitee };
  return {
    testApp,
    a,
    b,
    /** An API client B's administrator made (issue 26): it acts as B's administrator, on routes open to it. */
    bClient: await insertTestApiClient(db, b),
    members,
    owner,
    sent,
    draft,
    template,
    sealed,
    elsewhereLink,
    freshSent,
    freshDraft,
    freshTemplate,
    /** A new user in the caller's place (A's role, or another account's administrator), for calls on oneself. */
    freshCaller: (who: CallerName) =>
      who === 'otherAdmin' || who === 'invitee'
        ? signInSeededUser(testApp, { role: roles.administrator })
        : signInSeededUser(testApp, { role: roles[roleOf[who]], accountId: admin.accountId }),
    /** A second session of the caller's, for calls that end or replace the session they are made in. */
    async relogin(who: CallerName) {
      if (who === 'invitee') throw new Error('the invitee keeps one session');
      const user = who === 'otherAdmin' ? b : members[who];
      const login = await testApp.app.inject({
        method: 'POST',
        url: '/v2/oauth/generatetoken',
        payload: { email: user.email, password: user.password },
      });
      expect(login.statusCode, login.body).toBe(200);
      return login.json().accessToken as string;
    },
    invitation: (email?: string) =>
      users.insertInvitation({ accountId: admin.accountId, invitedBy: admin.userId, ...(email ? { email } : {}) }),
    customerInvitation: () =>
      customers.insertCustomerInvitation({ partnerAccountId: admin.accountId, invitedBy: admin.userId }),
    referralLink: () => insertReferralLink(db, { partnerAccountId: admin.accountId }),
    /** Sealing gave up on the document (SPEC section 5): a retry is what its managers may ask for. */
    failSealing: async (documentId: string) => {
      await db.insert(documentSeals).values({ documentId, status: 'failed', attempts: 7 });
    },
    /** What B's administrator must never see in an answer about B's own account. */
    secretsOfA: () => [
      admin.accountId,
      ...Object.values(a).flatMap((user) => [user.userId, user.email]),
      sent.documentId,
      sent.l1.code,
      sent.l2.code,
      draft.documentId,
      template.templateId,
      sealed.documentId,
    ],
  };
}

export type World = Awaited<ReturnType<typeof buildWorld>>;

const roleOf = {
  admin: 'administrator',
  regular: 'regular',
  contributor: 'contributor',
  readOnly: 'readOnly',
} as const;
