import { limits } from '@signlink/contracts/constants';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { passwordProtectedPdf } from '../../../test/fixtures/hostile-pdfs.ts';
import { documentParties, documents } from '../../db/schema/documents.ts';
import { documentAttachments } from '../../db/schema/link-forms.ts';
import { readStored } from '../../lib/read-stored.ts';
import { eventsOf, fixturePdf, postLink, seedFormDocument, sha256 } from './link-forms.test-helpers.ts';
import { requestTokenFor } from './link-signing.test-helpers.ts';

/** Issue 8, part 8: a recipient attaches PDFs to the document, lists and deletes their own, over HTTP. */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
}, 60_000);
afterAll(() => testApp?.close());

const upload = (link: string, requestToken: string, bytes: Uint8Array, name = 'Lönebesked.pdf') =>
  testApp.app.inject({
    method: 'POST',
    url: `/v2/linktinker/links/${link}/attachments?${new URLSearchParams({ RequestToken: requestToken, name })}`,
    headers: { 'content-type': 'application/pdf' },
    payload: Buffer.from(bytes),
  });

describe('recipient attachments', () => {
  it("attaches a checked PDF, lists it with this link's mark, writes 'attachment-uploaded'", async () => {
    const { doc, links, tokens } = await seedFormDocument(testApp);
    const [anna = '', bo = ''] = links;
    const [annaToken = '', boToken = ''] = tokens;
    const added = await upload(anna, annaToken, fixturePdf);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().Attachments).toEqual([
      {
        PdfFileIndex: 0,
        Title: 'Lönebesked',
        ByteSize: fixturePdf.length,
        PageCount: 4,
        UploadedByMe: true,
        CreatedAt: expect.any(String),
      },
    ]);
    const [row] = await testApp.database.db
      .select()
      .from(documentAttachments)
      .where(eq(documentAttachments.documentId, doc.documentId));
    expect(sha256(await readStored(testApp.context.storage, row?.storageKey ?? ''))).toBe(sha256(fixturePdf));

    await upload(bo, boToken, fixturePdf, 'Intyg.pdf');
    const listed = await postLink(testApp, anna, 'attachments/load', { RequestToken: annaToken });
    expect(listed.json().Attachments.map((a: { PdfFileIndex: number; UploadedByMe: boolean }) => a)).toEqual([
      expect.objectContaining({ PdfFileIndex: 0, UploadedByMe: true }),
      expect.objectContaining({ PdfFileIndex: 1, Title: 'Intyg', UploadedByMe: false }),
    ]);
    const uploaded = (await eventsOf(testApp, doc.documentId)).filter((e) => e.type === 'attachment-uploaded');
    expect(uploaded.map((event) => event.data)).toEqual([
      expect.objectContaining({ pdfFileIndex: 0, title: 'Lönebesked', linkId: anna, sha256: sha256(fixturePdf) }),
      expect.objectContaining({ pdfFileIndex: 1, title: 'Intyg', linkId: bo }),
    ]);
  });

  it("refuses what is not a PDF, an encrypted PDF, and a wrong or other link's RequestToken", async () => {
    const { doc, links, tokens } = await seedFormDocument(testApp);
    const [anna = ''] = links;
    const notPdf = await upload(anna, tokens[0] ?? '', new TextEncoder().encode('hello, not a pdf'));
    expect([notPdf.statusCode, notPdf.json().code]).toEqual([415, 'UPLOAD_WRONG_TYPE']);
    const locked = await upload(anna, tokens[0] ?? '', passwordProtectedPdf());
    expect(locked.json().code).toBe('UPLOAD_PASSWORD_PROTECTED');
    expect((await upload(anna, tokens[1] ?? '', fixturePdf)).json().code).toBe('ACCESS_FAILED');
    const expired = await requestTokenFor(testApp, anna, new Date(Date.now() - 2 * 3600_000));
    expect((await postLink(testApp, anna, 'attachments/load', { RequestToken: expired })).json().code).toBe(
      'SESSION_EXPIRED',
    );
    expect((await postLink(testApp, anna, 'attachments/load', {})).statusCode).toBe(400);
    const rows = await testApp.database.db
      .select()
      .from(documentAttachments)
      .where(eq(documentAttachments.documentId, doc.documentId));
    expect(rows).toEqual([]);
  });

  it('deletes only its own attachment, never reuses the index, and writes attachment-deleted', async () => {
    const { doc, links, tokens } = await seedFormDocument(testApp);
    const [anna = '', bo = ''] = links;
    const [annaToken = '', boToken = ''] = tokens;
    await upload(anna, annaToken, fixturePdf);
    await upload(bo, boToken, fixturePdf);
    const remove = (link: string, RequestToken: string, PdfFileIndex: number) =>
      postLink(testApp, link, 'attachments/delete', { RequestToken, PdfFileIndex });
    const notMine = await remove(anna, annaToken, 1);
    expect([notMine.statusCode, notMine.json().details]).toEqual([403, { reason: 'attachment-of-another' }]);
    const removed = await remove(anna, annaToken, 0);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().Attachments.map((a: { PdfFileIndex: number }) => a.PdfFileIndex)).toEqual([1]);
    expect((await remove(anna, annaToken, 0)).statusCode).toBe(404);
    const again = await upload(anna, annaToken, fixturePdf);
    expect(again.json().Attachments.map((a: { PdfFileIndex: number }) => a.PdfFileIndex)).toEqual([1, 2]);
    const deleted = (await eventsOf(testApp, doc.documentId)).filter((e) => e.type === 'attachment-deleted');
    expect(deleted.map((event) => event.data)).toEqual([expect.objectContaining({ pdfFileIndex: 0, linkId: anna })]);
    const [gone] = await testApp.database.db
      .select()
      .from(documentAttachments)
      .where(and(eq(documentAttachments.documentId, doc.documentId), eq(documentAttachments.pdfFileIndex, 0)));
    expect(await testApp.context.storage.stat({ key: gone?.storageKey ?? '' })).toBeNull();
  });

  it('changes nothing after this recipient signed, or once the document is withdrawn', async () => {
    const { doc, links, tokens } = await seedFormDocument(testApp);
    const [anna = ''] = links;
    const [annaToken = ''] = tokens;
    await upload(anna, annaToken, fixturePdf);
    await testApp.database.db
      .update(documentParties)
      .set({ signedAt: new Date() })
      .where(eq(documentParties.id, doc.parties[0]?.id ?? ''));
    const del = await postLink(testApp, anna, 'attachments/delete', { RequestToken: annaToken, PdfFileIndex: 0 });
    expect([del.statusCode, del.json().details]).toEqual([409, { reason: 'already-signed' }]);
    expect((await upload(anna, annaToken, fixturePdf)).json().details).toEqual({ reason: 'already-signed' });

    const other = await seedFormDocument(testApp);
    await testApp.database.db
      .update(documents)
      .set({ state: 'completed' })
      .where(eq(documents.id, other.doc.documentId));
    expect((await upload(other.links[0] ?? '', other.tokens[0] ?? '', fixturePdf)).json().code).toBe(
      'DOCUMENT_COMPLETED',
    );
  });

  it(`takes at most ${limits.maxAttachmentsPerDocument} attachments per document`, async () => {
    const { links, tokens } = await seedFormDocument(testApp);
    for (let i = 0; i < limits.maxAttachmentsPerDocument; i += 1) {
      expect((await upload(links[i % 2] ?? '', tokens[i % 2] ?? '', fixturePdf)).statusCode).toBe(201);
    }
    const over = await upload(links[0] ?? '', tokens[0] ?? '', fixturePdf);
    expect([over.statusCode, over.json().details]).toMatchObject([400, { reason: 'too-many-attachments' }]);
  });

  it("downloads this document's attachments as stored, never another document's, and not with a bad token", async () => {
    const { links, tokens } = await seedFormDocument(testApp);
    const [anna = '', bo = ''] = links;
    const [annaToken = '', boToken = ''] = tokens;
    await upload(anna, annaToken, fixturePdf, 'Lönebesked åäö.pdf');
    const other = await seedFormDocument(testApp);
    await upload(other.links[0] ?? '', other.tokens[0] ?? '', fixturePdf);
    await upload(other.links[0] ?? '', other.tokens[0] ?? '', fixturePdf);
    const download = (link: string, RequestToken: string, PdfFileIndex: number) =>
      postLink(testApp, link, 'attachments/download', { RequestToken, PdfFileIndex });

    // Bo downloads Anna's: the list shows every recipient the document's attachments.
    const got = await download(bo, boToken, 0);
    expect(got.statusCode, got.body).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toContain("filename*=UTF-8''L%C3%B6nebesked%20%C3%A5%C3%A4%C3%B6.pdf");
    expect(sha256(got.rawPayload)).toBe(sha256(fixturePdf));
    // The other document has an index 1; this one does not.
    const notHere = await download(anna, annaToken, 1);
    expect([notHere.statusCode, notHere.json().details]).toEqual([404, { reason: 'no-such-attachment' }]);
    expect((await download(anna, tokens[1] ?? '', 0)).json().code).toBe('ACCESS_FAILED');
    expect((await download(other.links[0] ?? '', annaToken, 0)).json().code).toBe('ACCESS_FAILED');
    expect((await download(anna, 'not-a-token', 0)).json().code).toBe('ACCESS_FAILED');
    expect((await postLink(testApp, anna, 'attachments/download', { RequestToken: annaToken })).statusCode).toBe(400);
    await postLink(testApp, anna, 'attachments/delete', { RequestToken: annaToken, PdfFileIndex: 0 });
    expect((await download(bo, boToken, 0)).statusCode).toBe(404);
  });
});
