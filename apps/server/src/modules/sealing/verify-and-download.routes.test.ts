import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFArray, PDFDocument, PDFName, PDFRef } from '@cantoo/pdf-lib';
import { PDF } from '@libpdf/core';
import { roles } from '@signlink/contracts/auth/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { sealingDepsOf } from '../../../test/sealing-deps.ts';
import { seedDocument } from '../../../test/seed-document.ts';
import { fixturePdfDirectory, seedSignedDocument } from '../../../test/seed-signed-document.ts';
import { injectWithToken, signInSeededUser } from '../../../test/sign-in.ts';
import { readStored } from '../../lib/read-stored.ts';
import { createPdfPool, uploadPdfLimits } from '../../pdf/pdf-pool.ts';
import { findSeal } from './seal.repository.ts';
import { sealSignedDocument } from './seal-document.ts';

/** Issue 7, parts 6 and 7 over HTTP: `POST linktinker/verify` for anyone, the sealed files for the sender's side. */
let testApp: TestApp;
let owner: Awaited<ReturnType<typeof signInSeededUser>>;
let sealedDocumentId: string;
let sealed: Uint8Array;

beforeAll(async () => {
  testApp = await buildTestApp();
  const { context } = testApp;
  owner = await signInSeededUser(testApp, { role: roles.regular });
  const doc = await seedSignedDocument(testApp.database.db, context.storage, { owner, title: 'Hyresavtal Åre' });
  await sealSignedDocument(sealingDepsOf(context), { documentId: doc.documentId });
  sealedDocumentId = doc.documentId;
  const seal = await findSeal(testApp.database.db, doc.documentId);
  sealed = await readStored(context.storage, seal?.sealedStorageKey ?? '');
}, 60_000);
afterAll(() => testApp?.close());

function multipart(bytes: Uint8Array, filename = 'document.pdf', type = 'application/pdf') {
  const boundary = '----signlink-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.from(bytes), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const verify = (bytes: Uint8Array, asForm = true) =>
  testApp.app.inject({
    method: 'POST',
    url: '/v2/linktinker/verify',
    ...(asForm ? multipart(bytes) : { payload: Buffer.from(bytes), headers: { 'content-type': 'application/pdf' } }),
  });

/** One byte flipped inside the first page's content stream, which the seal covers. */
async function withContentStreamByteChanged(pdf: Uint8Array): Promise<Uint8Array> {
  const value = (await PDFDocument.load(pdf)).getPage(0).node.get(PDFName.of('Contents'));
  const contents = value instanceof PDFArray ? value.get(0) : value;
  if (!(contents instanceof PDFRef)) throw new Error('the first page has no content stream');
  const text = Buffer.from(pdf).toString('latin1');
  const object = text.indexOf(`\n${contents.objectNumber} 0 obj`);
  const data = text.indexOf('stream', text.indexOf('>>', object)) + 'stream\n'.length;
  const tampered = new Uint8Array(pdf);
  tampered[data + 10] = (tampered[data + 10] ?? 0) ^ 0x01;
  return tampered;
}

describe('POST linktinker/verify', () => {
  it('says a sealed PDF is valid and names the document, its parties and the timestamp, without a login', async () => {
    const response = await verify(sealed);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.Verdict).toBe('valid');
    expect(body.Document).toMatchObject({ Id: sealedDocumentId, Name: 'Hyresavtal Åre', IsSealedFile: true });
    expect(body.Document.Parties.map((party: { Name: string }) => party.Name)).toEqual(['Åsa Öberg', 'Nils Nilsson']);
    expect(body.Signatures).toHaveLength(1);
    expect(body.Signatures[0]).toMatchObject({
      Intact: true,
      Trusted: true,
      TimestampTrusted: true,
      CoversWholeFile: true,
    });
    expect(Date.parse(body.Signatures[0].TimestampedAt)).not.toBeNaN();
  });

  it('takes the raw PDF as well as a form upload', async () => {
    const response = await verify(sealed, false);
    expect(response.json().Verdict).toBe('valid');
  });

  it('says "modified" for a page changed after sealing, and still knows which document it was', async () => {
    const document = await PDF.load(sealed);
    document.getPages()[0]?.drawText('Rent: 1 SEK', { x: 100, y: 100, size: 20 });
    const response = await verify(await document.save({ incremental: true }));
    expect(response.json()).toMatchObject({
      Verdict: 'modified',
      Document: { Id: sealedDocumentId, IsSealedFile: false },
    });
  });

  it('says "broken" for a byte changed under the seal', async () => {
    const tampered = new Uint8Array(sealed);
    tampered[400] = (tampered[400] ?? 0) ^ 0x20;
    expect((await verify(tampered)).json().Verdict).toBe('broken');
  });

  it('says "broken" for a byte changed in a content stream, on a PDF thread that has only just started', async () => {
    // The thread takes 1.5 s to start, longer than the task's limit: the file still gets its verdict.
    const coldPool = createPdfPool({
      limits: uploadPdfLimits(testApp.context.config),
      taskTimeoutMs: 1000,
      maxThreads: 1,
      workerUrl: new URL('../../pdf/pdf-worker-slow-start.test-helpers.mjs', import.meta.url),
    });
    const cold = await buildTestApp({ context: { pdf: coldPool } });
    try {
      const response = await cold.app.inject({
        method: 'POST',
        url: '/v2/linktinker/verify',
        payload: Buffer.from(await withContentStreamByteChanged(sealed)),
        headers: { 'content-type': 'application/pdf' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().Verdict).toBe('broken');
    } finally {
      await cold.close();
    }
  });

  it('says "not sealed by us" for an unsigned PDF, with no document', async () => {
    const plain = new Uint8Array(readFileSync(join(fixturePdfDirectory, 'minimal-document.pdf')));
    expect((await verify(plain)).json()).toMatchObject({ Verdict: 'not-sealed-by-us', Document: null, Signatures: [] });
  });

  it("refuses what is not a PDF with the catalogue's error, whatever the name says", async () => {
    const response = await verify(new TextEncoder().encode('GIF89a not a pdf'));
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('UPLOAD_WRONG_TYPE');
    const empty = await testApp.app.inject({ method: 'POST', url: '/v2/linktinker/verify', payload: {} });
    expect(empty.statusCode).toBe(415);
  });
});

describe('GET linktinker/errands/{id}/sealed-pdf and /audit-trail', () => {
  const download = (token: string | null, id: string, what: 'sealed-pdf' | 'audit-trail') =>
    injectWithToken(testApp, token, 'GET', `/v2/linktinker/errands/${id}/${what}`);

  it('gives the owner the sealed PDF (the stored bytes) and the audit trail alone, with UTF-8 file names', async () => {
    const pdf = await download(owner.token, sealedDocumentId, 'sealed-pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.headers['content-disposition']).toContain("filename*=UTF-8''Hyresavtal%20%C3%85re.pdf");
    expect(Buffer.compare(pdf.rawPayload, Buffer.from(sealed))).toBe(0);
    const audit = await download(owner.token, sealedDocumentId, 'audit-trail');
    expect(audit.statusCode).toBe(200);
    expect(audit.headers['content-disposition']).toContain(
      "filename*=UTF-8''Hyresavtal%20%C3%85re%20-%20Audit%20trail.pdf",
    );
    expect(audit.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(audit.rawPayload.length).toBeLessThan(pdf.rawPayload.length);
  });

  it('answers DOCUMENT_NOT_SEALED while the document awaits signatures', async () => {
    const active = await seedDocument(testApp.database.db, { owner });
    const response = await download(owner.token, active.documentId, 'sealed-pdf');
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('DOCUMENT_NOT_SEALED');
  });

  it("is NOT_FOUND for another account's document and FORBIDDEN for a colleague's private one", async () => {
    const stranger = await signInSeededUser(testApp, { role: roles.administrator });
    expect((await download(stranger.token, sealedDocumentId, 'sealed-pdf')).statusCode).toBe(404);
    const colleague = await signInSeededUser(testApp, { role: roles.readOnly, accountId: owner.accountId });
    const response = await download(colleague.token, sealedDocumentId, 'audit-trail');
    expect(response.statusCode).toBe(403);
    expect((await download(null, sealedDocumentId, 'sealed-pdf')).statusCode).toBe(401);
  });
});
