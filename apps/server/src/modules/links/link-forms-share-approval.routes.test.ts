import { roles } from '@signlink/contracts/auth/roles';
import { limits } from '@signlink/contracts/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { injectWithToken, signInSeededUser } from '../../../test/sign-in.ts';
import { linkFormSubmissions } from '../../db/schema/link-forms.ts';
import { readSentCode } from '../verification-codes/verification-codes-test-helpers.ts';
import { signLinkAccessToken } from './link-access-token.ts';
import { deliverFormMessages, eventsOf, mailboxFor, postLink, seedFormDocument } from './link-forms.test-helpers.ts';

/** Issue 8, part 7: sharing a form with a proved destination, receipts of pending forms, and the owner's decision. */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
}, 60_000);
afterAll(() => testApp?.close());

const formRow = async (formId: string) =>
  (await testApp.database.db.select().from(linkFormSubmissions).where(eq(linkFormSubmissions.id, formId)))[0];

async function savedForm(
  options: { owner?: { userId: string; accountId: string }; isPending?: boolean; accessLevel?: 'shared' } = {},
) {
  const seeded = await seedFormDocument(testApp, {
    // The sender let its recipients share the form (SPEC section 3 "enable sharing"; off by default).
    settings: { allowDownloading: true, enableSharing: true },
    ...(options.owner ? { owner: options.owner } : {}),
    ...(options.accessLevel ? { accessLevel: options.accessLevel } : {}),
  });
  const link = seeded.links[0] ?? '';
  const requestToken = seeded.tokens[0] ?? '';
  const saved = await postLink(testApp, link, 'forms', {
    document: seeded.doc.documentId,
    requestToken,
    instantJson: { 'Text[0]': 'Anna Andersson', 'Checkbox[0]': true },
    isPending: options.isPending ?? false,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { ...seeded, link, requestToken, formId: saved.json().formId as string };
}

/** The recipient proves an address at this link: a contact code, read from the mailbox, checked. */
async function proveContact(link: string, requestToken: string, channel: 'email' | 'sms', value: string) {
  const sent = await postLink(testApp, link, `validation/${channel}`, { value, requestToken });
  expect(sent.statusCode, sent.body).toBe(200);
  const key = sent.json().ClientAccessKey as string;
  const checked = await postLink(testApp, link, 'validation/validate', {
    ClientAccessKey: key,
    Code: await readSentCode(testApp.database, value),
  });
  expect(checked.statusCode, checked.body).toBe(200);
  return key;
}

describe('sharing a form', () => {
  it('sends the filled PDF to a proved address, freezes the form, marks it sharing, writes form-shared', async () => {
    const { doc, link, requestToken, formId } = await savedForm();
    const key = await proveContact(link, requestToken, 'email', 'friend@example.com');
    const share = (emailVerification?: string) =>
      postLink(testApp, link, 'forms/share', {
        document: doc.documentId,
        formId,
        requestToken,
        emailAddress: 'friend@example.com',
        ...(emailVerification ? { emailVerification } : {}),
      });
    const unproved = await share();
    expect([unproved.statusCode, unproved.json().code]).toEqual([406, 'WRONG_CODE']);
    expect((await share('a-key-of-nothing')).json().details).toEqual({ reason: 'unknown' });
    expect((await formRow(formId))?.frozenAt).toBeNull();

    const shared = await share(key);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json().form).toMatchObject({ isFrozen: true, isSharing: true, sharedAt: expect.any(String) });
    await deliverFormMessages(testApp, formId);
    const [mail] = await mailboxFor(testApp, 'friend@example.com');
    const row = await formRow(formId);
    expect(mail?.attachments?.[0]).toMatchObject({ sha256: row?.pdfSha256 });
    const events = (await eventsOf(testApp, doc.documentId)).filter((event) => event.type === 'form-shared');
    expect(events.map((event) => event.data)).toEqual([
      expect.objectContaining({ formId, channel: 'email', verified: 'code' }),
    ]);
    // Frozen: the values cannot change any more.
    const save = await postLink(testApp, link, 'forms', { document: doc.documentId, requestToken, instantJson: {} });
    expect(save.json().details).toEqual({ reason: 'form-frozen' });
  });

  it("does not take another link's proof, nor a proof of another destination", async () => {
    const first = await savedForm();
    const otherLink = first.links[1] ?? '';
    const otherKey = await proveContact(otherLink, first.tokens[1] ?? '', 'sms', '+46701112233');
    const ownKey = await proveContact(first.link, first.requestToken, 'sms', '+46702223344');
    const share = (smsVerification: string) =>
      postLink(testApp, first.link, 'forms/share', {
        document: first.doc.documentId,
        formId: first.formId,
        requestToken: first.requestToken,
        smsPhoneNumber: '+46701112233',
        smsVerification,
      });
    expect((await share(otherKey)).json().code).toBe('WRONG_CODE');
    expect((await share(ownKey)).json().code).toBe('WRONG_CODE');
  });

  it("lets only the link's own verified contact skip verification", async () => {
    const { doc, link, formId } = await savedForm();
    const { token } = await signLinkAccessToken(testApp.context.config.sessionSecret, {
      linkId: link,
      gate: 'sms',
      verifiedValue: '+46705556677',
    });
    const share = (smsPhoneNumber: string) =>
      postLink(testApp, link, 'forms/share', {
        document: doc.documentId,
        formId,
        requestToken: token,
        smsPhoneNumber,
        skipVerification: true,
      });
    const stranger = await share('+46709998877');
    expect([stranger.statusCode, stranger.json().details]).toEqual([403, { reason: 'verification-required' }]);
    const own = await share('070-555 66 77');
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().sent).toEqual([{ channel: 'sms', to: '+46705556677' }]);
  });

  it('refuses both or neither destination', async () => {
    const { doc, link, requestToken, formId } = await savedForm();
    const base = { document: doc.documentId, formId, requestToken, skipVerification: true };
    expect((await postLink(testApp, link, 'forms/share', base)).statusCode).toBe(400);
    const both = { ...base, emailAddress: 'a@example.com', smsPhoneNumber: '+46701234567' };
    expect((await postLink(testApp, link, 'forms/share', both)).statusCode).toBe(400);
  });
});

describe('receipts of pending forms', () => {
  it('sends a receipt of a pending form, refuses one of a final form, and limits sends per hour', async () => {
    const pending = await savedForm({ isPending: true });
    const receipt = (form: typeof pending, recipientaddresses: string[]) =>
      postLink(testApp, form.link, 'forms/pendingsubmissionreceipt', {
        document: form.doc.documentId,
        formId: form.formId,
        requestToken: form.requestToken,
        recipientaddresses,
      });
    const sent = await receipt(pending, ['anna@example.com']);
    expect(sent.statusCode, sent.body).toBe(200);
    await deliverFormMessages(testApp, pending.formId);
    const [mail] = await mailboxFor(testApp, 'anna@example.com');
    expect(mail?.subject).toContain('Medlemsansökan');
    expect(mail?.attachments ?? []).toEqual([]);

    const final = await savedForm();
    expect((await receipt(final, ['anna@example.com'])).json().details).toEqual({ reason: 'not-pending' });

    const many = Array.from({ length: limits.formSendsPerSubmissionPerHour - 1 }, (_, i) => `r${i}@example.com`);
    expect((await receipt(pending, many.slice(0, limits.formRecipientsMax))).statusCode).toBe(200);
    const over = await receipt(pending, ['one.more@example.com']);
    expect([over.statusCode, over.json().code]).toEqual([429, 'RATE_LIMITED']);
  });
});

describe("the owner's approval", () => {
  async function submittedPending(owner: { userId: string; accountId: string }) {
    // Shared with the company, so a colleague's role (not the document's privacy) decides.
    const form = await savedForm({ owner, isPending: true, accessLevel: 'shared' });
    const submitted = await postLink(testApp, form.link, 'forms/submit', {
      document: form.doc.documentId,
      formId: form.formId,
      requestToken: form.requestToken,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    return form;
  }
  const decide = (token: string | null, documentId: string, formId: string, approvalValue: string) =>
    injectWithToken(testApp, token, 'POST', `/v2/linktinker/errands/${documentId}/forms/${formId}/approval`, {
      approvalValue,
    });

  it('sets pending and sharing false, records the decision and its event; the other decision is refused', async () => {
    const owner = await signInSeededUser(testApp);
    const { doc, formId } = await submittedPending(owner);
    const approved = await decide(owner.token, doc.documentId, formId, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ isPending: false, isSharing: false, approvalValue: 'approve' });
    expect((await decide(owner.token, doc.documentId, formId, 'approve')).statusCode).toBe(200);
    const flip = await decide(owner.token, doc.documentId, formId, 'deny');
    expect([flip.statusCode, flip.json().details]).toEqual([409, { reason: 'already-decided' }]);
    const events = (await eventsOf(testApp, doc.documentId)).filter((event) => event.type.startsWith('form-'));
    expect(events.map((event) => event.type)).toEqual(['form-saved', 'form-submitted', 'form-approved']);
    const listed = await injectWithToken(testApp, owner.token, 'GET', `/v2/linktinker/errands/${doc.documentId}/forms`);
    expect(listed.json().forms).toEqual([expect.objectContaining({ formId, approvalValue: 'approve' })]);
  });

  it('denies too, but not a form still being filled', async () => {
    const owner = await signInSeededUser(testApp);
    const { doc, formId } = await submittedPending(owner);
    expect((await decide(owner.token, doc.documentId, formId, 'deny')).json()).toMatchObject({
      approvalValue: 'deny',
      isPending: false,
    });
    const open = await savedForm({ owner, isPending: true });
    const early = await decide(owner.token, open.doc.documentId, open.formId, 'approve');
    expect(early.json().details).toEqual({ reason: 'not-submitted' });
    expect((await decide(owner.token, doc.documentId, formId, 'maybe')).statusCode).toBe(400);
  });

  it("refuses another account's document, a form of another document, a read-only colleague and no token", async () => {
    const owner = await signInSeededUser(testApp);
    const { doc, formId } = await submittedPending(owner);
    const stranger = await signInSeededUser(testApp);
    expect((await decide(stranger.token, doc.documentId, formId, 'approve')).statusCode).toBe(404);
    const readOnly = await signInSeededUser(testApp, { accountId: owner.accountId, role: roles.readOnly });
    expect((await decide(readOnly.token, doc.documentId, formId, 'approve')).statusCode).toBe(403);
    // A read-only colleague still sees the forms; deciding is managing the document.
    const seen = await injectWithToken(
      testApp,
      readOnly.token,
      'GET',
      `/v2/linktinker/errands/${doc.documentId}/forms`,
    );
    expect(seen.statusCode).toBe(200);
    const elsewhere = await submittedPending(owner);
    expect((await decide(owner.token, elsewhere.doc.documentId, formId, 'approve')).statusCode).toBe(404);
    expect((await decide(null, doc.documentId, formId, 'approve')).statusCode).toBe(401);
    expect((await formRow(formId))?.isPending).toBe(true);
  });
});
