import { roles } from '@signlink/contracts/auth/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { seedDraft } from '../../../test/seed-draft.ts';
import { seedPricePlan } from '../../../test/seed-price-plan.ts';
import { injectWithToken, signInSeededUser } from '../../../test/sign-in.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { documents } from '../../db/schema/documents.ts';
import { activateAddOn } from '../billing/account-add-ons.repository.ts';
import { sendKit } from './send-test-helpers.ts';

/** SPEC section 5: "Sharing within an account needs MEDIUM or LARGE" (or the account-document-sharing add-on). */
let testApp: TestApp;
let kit: ReturnType<typeof sendKit>;
beforeAll(async () => {
  testApp = await buildTestApp();
  kit = sendKit(testApp);
});
afterAll(() => testApp?.close());

const setDefault = (token: string, DefaultAccessLevel: string) =>
  injectWithToken(testApp, token, 'PUT', '/v2/linktinker/account/defaultaccesslevel', { DefaultAccessLevel });
const defaultOf = async (accountId: string) =>
  (await kit.db.select().from(accounts).where(eq(accounts.id, accountId)))[0]?.defaultAccessLevel;
const accessOf = async (documentId: string) =>
  (await kit.db.select().from(documents).where(eq(documents.id, documentId)))[0]?.accessLevel;

describe("the account's default access level", () => {
  it('refuses shared without a plan or with SMALL, and takes it with MEDIUM; private is always allowed', async () => {
    const admin = await signInSeededUser(testApp, { role: roles.administrator });
    const refused = await setDefault(admin.token, 'shared');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('SHARING_NEEDS_PLAN');
    expect(await defaultOf(admin.accountId)).toBe('private');

    await seedPricePlan(kit.db, { accountId: admin.accountId, planId: 'SMALL' });
    expect((await setDefault(admin.token, 'shared')).json().code).toBe('SHARING_NEEDS_PLAN');

    await seedPricePlan(kit.db, { accountId: admin.accountId, planId: 'MEDIUM' });
    const allowed = await setDefault(admin.token, 'shared');
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(await defaultOf(admin.accountId)).toBe('shared');
    expect((await setDefault(admin.token, 'private')).statusCode).toBe(200);
  });

  it('takes shared with the account-document-sharing add-on instead of a plan', async () => {
    const admin = await signInSeededUser(testApp, { role: roles.administrator });
    await activateAddOn(kit.db, { accountId: admin.accountId, addOnId: 'account-document-sharing' });
    expect((await setDefault(admin.token, 'shared')).statusCode).toBe(200);
  });
});

describe("a document's access level", () => {
  it('refuses making a sent document shared without a sharing plan, and allows it with MEDIUM', async () => {
    const sender = await kit.signInSender();
    const sent = await kit.sentDocument(sender);
    const share = () =>
      kit.call(sender.token, 'PUT', `errands/${sent.documentId}/accesslevel`, { AccessLevel: 'shared' });
    const refused = await share();
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('SHARING_NEEDS_PLAN');
    expect(await accessOf(sent.documentId)).toBe('private');
    await seedPricePlan(kit.db, { accountId: sender.accountId, planId: 'MEDIUM' });
    expect((await share()).statusCode).toBe(200);
    expect(await accessOf(sent.documentId)).toBe('shared');
  });

  it("refuses saving a private draft as shared, but a draft shared already saves on after the plan's end", async () => {
    const owner = await kit.signInSender();
    const draft = await seedDraft(kit.db, { owner });
    const save = (documentId: string) =>
      kit.call(owner.token, 'PUT', `projects/${documentId}`, {
        Title: 'Lease',
        AccessLevel: 'shared',
        Settings: { allowPrinting: true, requireVerification: false },
        Message: '',
        Parties: [],
      });
    const refused = await save(draft.documentId);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('SHARING_NEEDS_PLAN');
    expect(await accessOf(draft.documentId)).toBe('private');

    const shared = await seedDraft(kit.db, { owner, accessLevel: 'shared' });
    const saved = await save(shared.documentId);
    expect(saved.statusCode, saved.body).toBe(200);
  });
});
