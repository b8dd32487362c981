import { roles } from '@signlink/contracts/auth/roles';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { injectWithToken, signInSeededUser } from '../../../test/sign-in.ts';
import { linkFormSubmissions } from '../../db/schema/link-forms.ts';
import { messages } from '../../db/schema/messages.ts';
import { silentJobLogger } from '../../jobs/job-definition.ts';
import { readStored } from '../../lib/read-stored.ts';
import { deliverMessage } from '../messaging/deliver-message.ts';
import { formDecisionKeyPrefix } from './form-decision-messages.ts';
import { eventsOf, mailboxFor, postLink, seedFormDocument, sha256 } from './link-forms.test-helpers.ts';

/**
 * Issue 8, part 7, the sender's side: the decision on a pending form reaches the contacts its submitter subscribed
 * with, through the simulators, in the document's language, queued with the decision or not at all; the sender
 * lists the submissions and downloads their PDFs.
 */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
}, 60_000);
afterAll(() => testApp?.close());

type Owner = { userId: string; accountId: string; token: string };
const email = (n: string) => `submitter.${n}@example.com`;

/** A pending form, subscribed as given, submitted (frozen, PDF made) through the recipient's own calls. */
async function submittedPending(
  owner: Owner,
  options: { subscribe?: { email?: string; phone?: string }; language?: 'en-us' | 'sv' | 'es' } = {},
) {
  const seeded = await seedFormDocument(testApp, {
    owner,
    accessLevel: 'shared',
    ...(options.language ? { language: options.language } : {}),
  });
  const link = seeded.links[0] ?? '';
  const requestToken = seeded.tokens[0] ?? '';
  const saved = await postLink(testApp, link, 'forms', {
    document: seeded.doc.documentId,
    requestToken,
    instantJson: { 'Text[0]': 'Anna Andersson' },
    isPending: true,
    ...(options.subscribe?.email ? { subscribeEmailAddress: options.subscribe.email } : {}),
    ...(options.subscribe?.phone ? { subscribePhonenumber: options.subscribe.phone } : {}),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const formId = saved.json().formId as string;
  const submitted = await postLink(testApp, link, 'forms/submit', {
    document: seeded.doc.documentId,
    formId,
    requestToken,
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return { documentId: seeded.doc.documentId, link, formId, partyId: seeded.doc.parties[0]?.id };
}

const decide = (token: string | null, documentId: string, formId: string, approvalValue: 'approve' | 'deny') =>
  injectWithToken(testApp, token, 'POST', `/v2/linktinker/errands/${documentId}/forms/${formId}/approval`, {
    approvalValue,
  });

const decisionMessages = (formId: string) =>
  testApp.database.db
    .select()
    .from(messages)
    .where(like(messages.idempotencyKey, `${formDecisionKeyPrefix(formId)}%`));

/** Delivers a form's decision messages as the worker does, through the e-mail and SMS simulators. */
async function deliverDecision(formId: string) {
  for (const row of await decisionMessages(formId)) {
    await deliverMessage({
      messageId: row.id,
      attempt: 1,
      isLastAttempt: false,
      database: testApp.database,
      queue: testApp.context.queue,
      logger: silentJobLogger,
      messaging: testApp.context.messaging,
      storage: testApp.context.storage,
    });
  }
}

const decisionEvents = async (documentId: string) =>
  (await eventsOf(testApp, documentId)).filter(
    (event) => event.type === 'form-approved' || event.type === 'form-denied',
  );

describe("the submitter hears the owner's decision", () => {
  it('approval: an e-mail and a text in the document language, the text linking to the PDF sent', async () => {
    const owner = await signInSeededUser(testApp);
    const address = email('approve');
    const phone = '070-111 22 33';
    const { documentId, link, formId, partyId } = await submittedPending(owner, {
      subscribe: { email: address, phone },
      language: 'sv',
    });
    const approved = await decide(owner.token, documentId, formId, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await decisionMessages(formId)).toHaveLength(2);
    const [event] = await decisionEvents(documentId);
    expect(event?.data).toMatchObject({ formId, partyId, notified: ['email', 'sms'] });
    // No address in the history: it is shown to every viewer of the document.
    expect(JSON.stringify(event?.data)).not.toContain('example.com');

    await deliverDecision(formId);
    const [mail] = await mailboxFor(testApp, address);
    expect(mail?.subject).toBe('Din blankett har godkänts: "Medlemsansökan"');
    expect(mail?.text).toContain('har godkänts av dokumentets avsändare');
    const [text] = await mailboxFor(testApp, '+46701112233');
    expect(text?.text).toContain('Din blankett "Medlemsansökan" har godkänts');
    const url = new URL(text?.text.match(/https?:\/\/\S+/)?.[0] ?? 'http://missing/');
    expect(url.pathname).toBe(`/v2/linktinker/links/${link}/forms/${formId}/pdf`);
    const download = await testApp.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(download.statusCode).toBe(200);
    const row = (
      await testApp.database.db.select().from(linkFormSubmissions).where(eq(linkFormSubmissions.id, formId))
    )[0];
    expect(sha256(download.rawPayload)).toBe(row?.pdfSha256);
  });

  it('denial: only the subscribed e-mail, in English for an English document', async () => {
    const owner = await signInSeededUser(testApp);
    const address = email('deny');
    const { documentId, formId } = await submittedPending(owner, { subscribe: { email: address } });
    expect((await decide(owner.token, documentId, formId, 'deny')).statusCode).toBe(200);
    await deliverDecision(formId);
    const mails = await mailboxFor(testApp, address);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your form was not approved: "Medlemsansökan"']);
    expect((await decisionMessages(formId)).map((message) => message.channel)).toEqual(['email']);
    expect((await decisionEvents(documentId)).map((event) => [event.type, event.data.notified])).toEqual([
      ['form-denied', ['email']],
    ]);
  });

  it('sends nothing without a subscription, nor on a repeated or refused decision', async () => {
    const owner = await signInSeededUser(testApp);
    const silent = await submittedPending(owner);
    expect((await decide(owner.token, silent.documentId, silent.formId, 'approve')).statusCode).toBe(200);
    expect(await decisionMessages(silent.formId)).toEqual([]);
    expect((await decisionEvents(silent.documentId))[0]?.data.notified).toEqual([]);

    const { documentId, formId } = await submittedPending(owner, { subscribe: { email: email('twice') } });
    expect((await decide(owner.token, documentId, formId, 'deny')).statusCode).toBe(200);
    // The same decision again (a retry) answers as before; the other one is refused. Neither sends more.
    expect((await decide(owner.token, documentId, formId, 'deny')).statusCode).toBe(200);
    const flip = await decide(owner.token, documentId, formId, 'approve');
    expect([flip.statusCode, flip.json().details]).toEqual([409, { reason: 'already-decided' }]);
    expect(await decisionMessages(formId)).toHaveLength(1);
    expect(await decisionEvents(documentId)).toHaveLength(1);

    const readOnly = await signInSeededUser(testApp, { accountId: owner.accountId, role: roles.readOnly });
    const other = await submittedPending(owner, { subscribe: { email: email('readonly') } });
    expect((await decide(readOnly.token, other.documentId, other.formId, 'approve')).statusCode).toBe(403);
    expect(await decisionMessages(other.formId)).toEqual([]);
  });

  it('keeps the form pending when its message cannot be queued: decision, event and message go together', async () => {
    const owner = await signInSeededUser(testApp);
    const { documentId, formId } = await submittedPending(owner, { subscribe: { phone: '0701112244' } });
    const { messaging } = testApp.context;
    const textMessages = messaging.textMessages;
    messaging.textMessages = undefined;
    try {
      const refused = await decide(owner.token, documentId, formId, 'approve');
      expect([refused.statusCode, refused.json().code]).toEqual([422, 'SEND_FAILED']);
    } finally {
      messaging.textMessages = textMessages;
    }
    const [row] = await testApp.database.db
      .select()
      .from(linkFormSubmissions)
      .where(eq(linkFormSubmissions.id, formId));
    expect([row?.isPending, row?.approvalValue]).toEqual([true, null]);
    expect(await decisionEvents(documentId)).toEqual([]);
    expect(await decisionMessages(formId)).toEqual([]);
    expect((await decide(owner.token, documentId, formId, 'approve')).statusCode).toBe(200);
  });
});

describe("the sender's list and download of submissions", () => {
  it('lists each submission with its party, PDF and channels; the PDF downloads for viewers only', async () => {
    const owner = await signInSeededUser(testApp);
    const { documentId, formId } = await submittedPending(owner, { subscribe: { phone: '0701112255' } });
    const listed = await injectWithToken(testApp, owner.token, 'GET', `/v2/linktinker/errands/${documentId}/forms`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().forms).toEqual([
      expect.objectContaining({
        formId,
        isPending: true,
        submitter: { name: 'Anna Andersson', signatureIndex: 0 },
        hasPdf: true,
        notifies: ['sms'],
      }),
    ]);
    expect(listed.body).not.toContain('+4670');

    const pdfUrl = `/v2/linktinker/errands/${documentId}/forms/${formId}/pdf`;
    const readOnly = await signInSeededUser(testApp, { accountId: owner.accountId, role: roles.readOnly });
    const download = await injectWithToken(testApp, readOnly.token, 'GET', pdfUrl);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''Medlemsans%C3%B6kan.pdf");
    const [row] = await testApp.database.db
      .select()
      .from(linkFormSubmissions)
      .where(eq(linkFormSubmissions.id, formId));
    const stored = await readStored(testApp.context.storage, row?.pdfStorageKey ?? '');
    expect(sha256(download.rawPayload)).toBe(sha256(stored));

    const stranger = await signInSeededUser(testApp);
    expect((await injectWithToken(testApp, stranger.token, 'GET', pdfUrl)).statusCode).toBe(404);
    expect((await injectWithToken(testApp, null, 'GET', pdfUrl)).statusCode).toBe(401);
    const elsewhere = await submittedPending(owner);
    const wrongDocument = `/v2/linktinker/errands/${elsewhere.documentId}/forms/${formId}/pdf`;
    expect((await injectWithToken(testApp, owner.token, 'GET', wrongDocument)).statusCode).toBe(404);
  });

  it('has no PDF for a form still being filled', async () => {
    const owner = await signInSeededUser(testApp);
    const seeded = await seedFormDocument(testApp, { owner });
    const saved = await postLink(testApp, seeded.links[0] ?? '', 'forms', {
      document: seeded.doc.documentId,
      requestToken: seeded.tokens[0],
      instantJson: { 'Text[0]': 'Anna' },
      isPending: true,
    });
    const formId = saved.json().formId as string;
    const base = `/v2/linktinker/errands/${seeded.doc.documentId}/forms`;
    const listed = await injectWithToken(testApp, owner.token, 'GET', base);
    expect(listed.json().forms).toEqual([expect.objectContaining({ formId, hasPdf: false, notifies: [] })]);
    const download = await injectWithToken(testApp, owner.token, 'GET', `${base}/${formId}/pdf`);
    expect([download.statusCode, download.json().details]).toEqual([404, { reason: 'no-form-pdf' }]);
  });
});
