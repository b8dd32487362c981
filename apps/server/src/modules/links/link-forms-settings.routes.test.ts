import type { DocumentSettings } from '@signlink/contracts/documents/document-model';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { linkFormSubmissions } from '../../db/schema/link-forms.ts';
import { messages } from '../../db/schema/messages.ts';
import { signLinkAccessToken } from './link-access-token.ts';
import { eventsOf, postLink, seedFormDocument } from './link-forms.test-helpers.ts';

/**
 * Issue 8, part 7: the document settings "disable submit", "enable sharing" (SPEC section 3) and "require form
 * approval" hold on the server,
 * not only in the page: a refused call freezes nothing, makes no PDF, queues no message and writes no event.
 */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
}, 60_000);
afterAll(() => testApp?.close());

async function savedForm(settings: DocumentSettings, isPending = false) {
  const seeded = await seedFormDocument(testApp, { settings });
  const link = seeded.links[0] ?? '';
  // The gate proved this address, so sharing to it needs no code: only the setting can refuse it.
  const { token: requestToken } = await signLinkAccessToken(testApp.context.config.sessionSecret, {
    linkId: link,
    gate: 'email',
    verifiedValue: 'anna.self@example.com',
  });
  const saved = await postLink(testApp, link, 'forms', {
    document: seeded.doc.documentId,
    requestToken,
    instantJson: { 'Text[0]': 'Anna Andersson' },
    isPending,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const formId = saved.json().formId as string;
  const body = { document: seeded.doc.documentId, formId, requestToken };
  return {
    documentId: seeded.doc.documentId,
    formId,
    isPending: saved.json().isPending as boolean,
    submit: () => postLink(testApp, link, 'forms/submit', { ...body, recipientaddresses: ['board@example.com'] }),
    receipt: () =>
      postLink(testApp, link, 'forms/pendingsubmissionreceipt', { ...body, recipientaddresses: ['me@example.com'] }),
    share: () =>
      postLink(testApp, link, 'forms/share', {
        ...body,
        emailAddress: 'anna.self@example.com',
        skipVerification: true,
      }),
  };
}

/** The form as the save left it: open, no PDF, no message, and 'form-saved' its only form event. */
async function expectUntouched(form: { documentId: string; formId: string }) {
  const db = testApp.database.db;
  const [row] = await db.select().from(linkFormSubmissions).where(eq(linkFormSubmissions.id, form.formId));
  expect(row).toMatchObject({ frozenAt: null, submittedAt: null, sharedAt: null, isSharing: false });
  expect(row?.pdfStorageKey).toBeNull();
  const queued = await db
    .select()
    .from(messages)
    .where(like(messages.idempotencyKey, `form:${form.formId}:%`));
  expect(queued).toEqual([]);
  const events = (await eventsOf(testApp, form.documentId)).filter((event) => event.type.startsWith('form-'));
  expect(events.map((event) => event.type)).toEqual(['form-saved']);
}

const refusal = (response: Awaited<ReturnType<typeof postLink>>) => [
  response.statusCode,
  response.json().code,
  response.json().details,
];

describe('disable submit', () => {
  it('refuses submit and the pending receipt, and writes nothing', async () => {
    const form = await savedForm({ disableSubmit: true }, true);
    expect(refusal(await form.submit())).toEqual([403, 'FORBIDDEN', { reason: 'submit-disabled' }]);
    expect(refusal(await form.receipt())).toEqual([403, 'FORBIDDEN', { reason: 'submit-disabled' }]);
    await expectUntouched(form);
  });

  it('leaves sharing to its own setting', async () => {
    const form = await savedForm({ disableSubmit: true, enableSharing: true });
    const shared = await form.share();
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json().form).toMatchObject({ isFrozen: true, isSharing: true });
  });
});

describe('enable sharing', () => {
  it('is off by default: share is refused and nothing is written, while submit works', async () => {
    const form = await savedForm({});
    expect(refusal(await form.share())).toEqual([403, 'FORBIDDEN', { reason: 'sharing-disabled' }]);
    await expectUntouched(form);
    const submitted = await form.submit();
    expect(submitted.statusCode, submitted.body).toBe(200);
  });

  it('is refused when the sender set it off explicitly', async () => {
    const form = await savedForm({ enableSharing: false });
    expect(refusal(await form.share())).toEqual([403, 'FORBIDDEN', { reason: 'sharing-disabled' }]);
    await expectUntouched(form);
  });
});

describe('require form approval', () => {
  it('makes a form saved as final pending, and it stays pending once submitted, for the sender to decide', async () => {
    const form = await savedForm({ requireFormApproval: true }, false);
    expect(form.isPending).toBe(true);
    const submitted = await form.submit();
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().form).toMatchObject({ isPending: true, isFrozen: true, approvalValue: null });
    const [saved] = (await eventsOf(testApp, form.documentId)).filter((event) => event.type === 'form-saved');
    expect(saved?.data).toMatchObject({ formId: form.formId, isPending: true });
  });

  it('is off by default: a form saved as final is final', async () => {
    const form = await savedForm({}, false);
    expect(form.isPending).toBe(false);
    const submitted = await form.submit();
    expect(submitted.json().form).toMatchObject({ isPending: false, isFrozen: true });
  });
});
