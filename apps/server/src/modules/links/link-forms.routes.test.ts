import { limits } from '@signlink/contracts/constants';
import { pdftotext } from '@signlink/pdf/sealing/pdf-tools.test-helpers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { documents } from '../../db/schema/documents.ts';
import { linkFormSubmissions } from '../../db/schema/link-forms.ts';
import { readStored } from '../../lib/read-stored.ts';
import {
  deliverFormMessages,
  eventsOf,
  fixturePdf,
  mailboxFor,
  postLink,
  seedFormDocument,
  sha256,
} from './link-forms.test-helpers.ts';
import { requestTokenFor } from './link-signing.test-helpers.ts';

/** Issue 8, part 7: a recipient saves, submits and fetches their form over HTTP, on the real database and PDF pool. */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
}, 60_000);
afterAll(() => testApp?.close());

const formRow = async (formId: string) =>
  (await testApp.database.db.select().from(linkFormSubmissions).where(eq(linkFormSubmissions.id, formId)))[0];

async function savedForm(values: Record<string, string | boolean> = { 'Text[0]': 'Anna Andersson, Åre' }) {
  const seeded = await seedFormDocument(testApp);
  const [link] = seeded.links;
  const [requestToken] = seeded.tokens;
  const saved = await postLink(testApp, link ?? '', 'forms', {
    document: seeded.doc.documentId,
    requestToken,
    instantJson: values,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { ...seeded, link: link ?? '', requestToken: requestToken ?? '', formId: saved.json().formId as string };
}

describe('saving a form', () => {
  it("saves the link's one submission, updates it on a later save, and writes 'form-saved' only for a change", async () => {
    const { doc, link, requestToken, formId } = await savedForm({ 'Text[0]': '  Anna  ', 'Checkbox[0]': true });
    expect((await formRow(formId))?.values).toEqual({ 'Text[0]': 'Anna', 'Checkbox[0]': true });

    const again = await postLink(testApp, link.toLowerCase(), 'forms', {
      document: doc.documentId,
      requestToken,
      instantJson: { 'Text[0]': 'Anna Andersson' },
      isPending: true,
      name: 'Ansökan',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      formId,
      instantJson: { 'Text[0]': 'Anna Andersson' },
      isPending: true,
      isFrozen: false,
      name: 'Ansökan',
    });
    // The same values again (an autosave) change nothing and write nothing.
    await postLink(testApp, link, 'forms', {
      document: doc.documentId,
      requestToken,
      instantJson: { 'Text[0]': 'Anna Andersson' },
      isPending: true,
      name: 'Ansökan',
    });
    const saves = (await eventsOf(testApp, doc.documentId)).filter((event) => event.type === 'form-saved');
    expect(saves.map((event) => event.data)).toEqual([
      { formId, linkId: link, partyId: doc.parties[0]?.id, isPending: false },
      { formId, linkId: link, partyId: doc.parties[0]?.id, isPending: true },
    ]);
    const loaded = await testApp.app.inject({
      method: 'GET',
      url: `/v2/linktinker/links/${link}/forms?requestToken=${encodeURIComponent(requestToken)}`,
    });
    expect(loaded.json().form).toMatchObject({ formId, isPending: true });
  });

  it('refuses names that are not fields of this link, values that do not suit the field, and bad contacts', async () => {
    const { doc, links, tokens } = await seedFormDocument(testApp);
    const save = (instantJson: object, extra: object = {}) =>
      postLink(testApp, links[0] ?? '', 'forms', {
        document: doc.documentId,
        requestToken: tokens[0],
        instantJson,
        ...extra,
      });
    const unknown = await save({ 'Nope[0]': 'x' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { reason: 'unknown-field' } });
    // Another party's field: the access map keeps it out of this link's form.
    expect((await save({ 'Text[1]': 'Bo' })).json().details).toMatchObject({ reason: 'unknown-field' });
    expect((await save({ 'Checkbox[0]': 'yes' })).json().details).toMatchObject({
      reason: 'value-does-not-suit-field',
    });
    expect((await save({ 'Text[0]': 'x'.repeat(2001) })).statusCode).toBe(400);
    const tooMany = Object.fromEntries(Array.from({ length: 501 }, (_, index) => [`f${index}`, 'x']));
    expect((await save(tooMany)).statusCode).toBe(400);
    expect((await save({}, { subscribeEmailAddress: 'not-an-address' })).json().code).toBe('INVALID_EMAIL');
    expect((await save({}, { subscribePhonenumber: '12' })).json().code).toBe('INVALID_PHONE');
    const otherDocument = await postLink(testApp, links[0] ?? '', 'forms', {
      document: 'doc_someoneelse',
      requestToken: tokens[0],
      instantJson: {},
    });
    expect(otherDocument.statusCode).toBe(404);
  });

  it("refuses a missing, expired or other link's RequestToken", async () => {
    const { doc, links, tokens } = await seedFormDocument(testApp);
    const save = (requestToken: string | undefined) =>
      postLink(testApp, links[0] ?? '', 'forms', { document: doc.documentId, requestToken, instantJson: {} });
    expect((await save(undefined)).statusCode).toBe(400);
    const other = await save(tokens[1]);
    expect([other.statusCode, other.json().code]).toEqual([403, 'ACCESS_FAILED']);
    const expired = await save(await requestTokenFor(testApp, links[0] ?? '', new Date(Date.now() - 2 * 3600_000)));
    expect([expired.statusCode, expired.json().code]).toEqual([401, 'SESSION_EXPIRED']);
    expect((await save('not.a.token')).json().code).toBe('ACCESS_FAILED');
  });

  it('refuses a save once the document is no longer open', async () => {
    const { doc, links, tokens } = await seedFormDocument(testApp);
    await testApp.database.db.update(documents).set({ state: 'completed' }).where(eq(documents.id, doc.documentId));
    const saved = await postLink(testApp, links[0] ?? '', 'forms', {
      document: doc.documentId,
      requestToken: tokens[0],
      instantJson: {},
    });
    expect([saved.statusCode, saved.json().code]).toEqual([409, 'DOCUMENT_NOT_OPEN']);
  });
});

describe('submitting a form', () => {
  it('freezes it, e-mails the filled PDF as an attachment and texts its address, and writes form-submitted', async () => {
    const { doc, link, requestToken, formId } = await savedForm();
    const submitted = await postLink(testApp, link, 'forms/submit', {
      document: doc.documentId,
      formId,
      requestToken,
      recipientaddresses: ['Kansliet@Example.com', 'kansliet@example.com'],
      recipientphonenumbers: ['070-123 45 67'],
      subject: 'Ansökan från Anna',
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().sent).toEqual([
      { channel: 'email', to: 'Kansliet@example.com' },
      { channel: 'sms', to: '+46701234567' },
    ]);
    expect(submitted.json().form).toMatchObject({ isFrozen: true, submittedAt: expect.any(String) });

    const row = await formRow(formId);
    const stored = await readStored(testApp.context.storage, row?.pdfStorageKey ?? '');
    expect(sha256(stored)).toBe(row?.pdfSha256);
    // The filled value is drawn on the page (over the fixture's own text, so its words come out interleaved).
    const pageText = pdftotext(stored, { first: 1, last: 1 });
    for (const word of ['Andersson,', 'Åre']) expect(pageText).toContain(word);
    expect(pdftotext(fixturePdf, { first: 1, last: 1 })).not.toContain('Andersson');

    await deliverFormMessages(testApp, formId);
    const [mail] = await mailboxFor(testApp, 'Kansliet@example.com');
    expect(mail?.subject).toBe('Ansökan från Anna');
    expect(mail?.attachments).toEqual([
      { filename: 'Medlemsansökan.pdf', contentType: 'application/pdf', size: stored.length, sha256: sha256(stored) },
    ]);
    const [text] = await mailboxFor(testApp, '+46701234567');
    const url = text?.text.match(/https?:\/\/\S+/)?.[0] ?? '';
    expect(url).toContain(`/v2/linktinker/links/${link}/forms/${formId}/pdf?token=`);
    const download = await testApp.app.inject({ method: 'GET', url: new URL(url).pathname + new URL(url).search });
    expect(download.statusCode).toBe(200);
    expect(sha256(download.rawPayload)).toBe(sha256(stored));

    const submittedEvents = (await eventsOf(testApp, doc.documentId)).filter((e) => e.type === 'form-submitted');
    expect(submittedEvents.map((event) => event.data)).toEqual([
      expect.objectContaining({ formId, channels: ['email', 'sms'], recipients: 2, sha256: row?.pdfSha256 }),
    ]);
  });

  it('is frozen after submitting: a save or a second submit is DOCUMENT_SAVE_FAILED', async () => {
    const { doc, link, requestToken, formId } = await savedForm();
    const submit = () => postLink(testApp, link, 'forms/submit', { document: doc.documentId, formId, requestToken });
    expect((await submit()).statusCode).toBe(200);
    const again = await submit();
    expect([again.statusCode, again.json().code, again.json().details]).toEqual([
      409,
      'DOCUMENT_SAVE_FAILED',
      { reason: 'form-frozen' },
    ]);
    const save = await postLink(testApp, link, 'forms', {
      document: doc.documentId,
      requestToken,
      instantJson: { 'Text[0]': 'changed' },
    });
    expect([save.statusCode, save.json().details]).toEqual([409, { reason: 'form-frozen' }]);
    expect((await formRow(formId))?.values).toEqual({ 'Text[0]': 'Anna Andersson, Åre' });
  });

  it('copies to the contact the gate verified, and to nobody for a link without one', async () => {
    const { doc, link, formId } = await savedForm();
    const { signLinkAccessToken } = await import('./link-access-token.ts');
    const { token } = await signLinkAccessToken(testApp.context.config.sessionSecret, {
      linkId: link,
      gate: 'email',
      verifiedValue: 'anna.self@example.com',
    });
    const submitted = await postLink(testApp, link, 'forms/submit', {
      document: doc.documentId,
      formId,
      requestToken: token,
      copyToSelf: true,
    });
    expect(submitted.json().sent).toEqual([{ channel: 'email', to: 'anna.self@example.com' }]);

    const other = await savedForm();
    const none = await postLink(testApp, other.link, 'forms/submit', {
      document: other.doc.documentId,
      formId: other.formId,
      requestToken: other.requestToken,
      copyToSelf: true,
    });
    expect(none.json().sent).toEqual([]);
  });

  it("refuses bad addresses and too many recipients before anything is frozen, and another link's form", async () => {
    const { doc, link, requestToken, formId, tokens, links } = await savedForm();
    const submit = (extra: object, as = { link, requestToken }) =>
      postLink(testApp, as.link, 'forms/submit', {
        document: doc.documentId,
        formId,
        requestToken: as.requestToken,
        ...extra,
      });
    const bad = await submit({ recipientaddresses: ['ok@example.com', 'nope@'] });
    expect([bad.json().code, bad.json().details]).toEqual(['INVALID_EMAIL', { field: 'recipientaddresses.1' }]);
    expect((await submit({ recipientphonenumbers: ['123'] })).json().code).toBe('INVALID_PHONE');
    const many = Array.from({ length: limits.formRecipientsMax + 1 }, (_, index) => `r${index}@example.com`);
    expect((await submit({ recipientaddresses: many })).statusCode).toBe(400);
    expect((await submit({ subject: 'two\nlines' })).statusCode).toBe(400);
    const byOther = await submit({}, { link: links[1] ?? '', requestToken: tokens[1] ?? '' });
    expect([byOther.statusCode, byOther.json().details]).toEqual([404, { reason: 'no-such-form' }]);
    expect((await formRow(formId))?.frozenAt).toBeNull();
  });
});

describe('the submitted PDF address', () => {
  it('answers the address of the frozen PDF, which opens it; not before submitting, not with a forged token', async () => {
    const { doc, link, requestToken, formId } = await savedForm();
    const ask = () =>
      postLink(testApp, link, 'forms/submittedpdfurl', { document: doc.documentId, formId, requestToken });
    expect((await ask()).statusCode).toBe(404);
    await postLink(testApp, link, 'forms/submit', { document: doc.documentId, formId, requestToken });
    const { url } = (await ask()).json();
    const opened = await testApp.app.inject({ method: 'GET', url });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(sha256(opened.rawPayload)).toBe((await formRow(formId))?.pdfSha256);
    const forged = await testApp.app.inject({ method: 'GET', url: url.replace(/token=.*/, 'token=x'.padEnd(30, 'y')) });
    expect(forged.json().code).toBe('ACCESS_FAILED');
  });
});
