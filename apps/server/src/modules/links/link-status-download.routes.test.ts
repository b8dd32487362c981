import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pdftotext } from '@signlink/pdf/sealing/pdf-tools.test-helpers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { sealingDepsOf } from '../../../test/sealing-deps.ts';
import { seedDocument } from '../../../test/seed-document.ts';
import { fixturePdfDirectory } from '../../../test/seed-signed-document.ts';
import { documentFiles, documents } from '../../db/schema/documents.ts';
import { documentSeals } from '../../db/schema/signatures.ts';
import { newId } from '../../lib/ids.ts';
import { readStored } from '../../lib/read-stored.ts';
import { sealSignedDocument } from '../sealing/seal-document.ts';
import { drawing, requestTokenFor, sealJobsOf, signInk } from './link-signing.test-helpers.ts';

/** Issue 8, parts 4, 8 and 9: `links/{id}/status`, the download by link, and a document signed to its seal. */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
}, 60_000);
afterAll(() => testApp?.close());

const db = () => testApp.database.db;
const fixture = new Uint8Array(readFileSync(join(fixturePdfDirectory, 'pdflatex-4-pages.pdf')));
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const pageCount = (bytes: Uint8Array) => pdftotext(bytes).split('\f').length - 1;

async function seeded(options: Parameters<typeof seedDocument>[1] = {}) {
  const doc = await seedDocument(db(), {
    title: 'Hyresavtal Åre',
    parties: [{ name: 'Anna Andersson' }, { name: 'Bo Berg' }],
    storage: testApp.context.storage,
    pdf: { bytes: fixture, pageSizes: Array.from({ length: 4 }, () => ({ width: 612, height: 792 })) },
    ...options,
  });
  const tokens = await Promise.all(doc.parties.map((party) => requestTokenFor(testApp, party.linkCode)));
  return { doc, tokens, links: doc.parties.map((party) => party.linkCode) };
}

const status = (linkId: string, requestToken: string) =>
  testApp.app.inject(`/v2/linktinker/links/${linkId}/status?requestToken=${encodeURIComponent(requestToken)}`);
const download = (linkId: string, requestToken: string) =>
  testApp.app.inject(`/v2/linktinker/links/${linkId}/download?requestToken=${encodeURIComponent(requestToken)}`);

describe('links/{id}/status', () => {
  it("gives this recipient's slots and the document's state, only with this link's RequestToken", async () => {
    const { tokens, links } = await seeded();
    const elsewhere = await seeded();
    const answer = await status(links[0] ?? '', tokens[0] ?? '');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      State: 'open',
      SealedPdfAvailable: false,
      Aggregates: { allSigned: false, anySigned: false, userAllSigned: false, lastSignByMe: false },
    });
    expect(
      answer.json().Signatures.map((slot: { label: string; access: boolean }) => [slot.label, slot.access]),
    ).toEqual([
      ['Sign 1', true],
      ['Sign 2', false],
    ]);
    expect((await status(links[0] ?? '', tokens[1] ?? '')).statusCode).toBe(403);
    expect((await status(links[0] ?? '', elsewhere.tokens[0] ?? '')).statusCode).toBe(403);
    expect((await status(links[0] ?? '', 'garbage')).json()).toMatchObject({ code: 'ACCESS_FAILED' });
    expect((await testApp.app.inject(`/v2/linktinker/links/${links[0]}/status`)).statusCode).toBe(400);
  });
});

describe('downloading by link', () => {
  it('gives the document as sent while parties sign, by the address POST download answers', async () => {
    const { doc, tokens, links } = await seeded();
    const direct = await download(links[0] ?? '', tokens[0] ?? '');
    expect(direct.statusCode).toBe(200);
    expect(direct.headers['content-type']).toBe('application/pdf');
    expect(direct.headers['content-disposition']).toContain("filename*=UTF-8''Hyresavtal%20%C3%85re.pdf");
    expect(sha256(direct.rawPayload)).toBe(sha256(await readStored(testApp.context.storage, doc.storageKey)));

    const asked = await testApp.app.inject({
      method: 'POST',
      url: `/v2/linktinker/links/${links[0]}/download`,
      payload: { RequestToken: tokens[0] },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const { downloadUrl, sealed } = asked.json();
    expect(sealed).toBe(false);
    expect(downloadUrl).toMatch(new RegExp(`^/v2/linktinker/links/${links[0]}/download\\?requestToken=`));
    expect(sha256((await testApp.app.inject(downloadUrl)).rawPayload)).toBe(sha256(direct.rawPayload));

    // Another link's token, of this document or another account's, opens nothing here.
    const elsewhere = await seeded();
    expect((await download(links[0] ?? '', elsewhere.tokens[0] ?? '')).statusCode).toBe(403);
    expect((await download(links[0] ?? '', tokens[1] ?? '')).statusCode).toBe(403);
  });

  it("is refused when the document does not allow downloading, as is the download's address", async () => {
    const { tokens, links } = await seeded({ settings: { allowDownloading: false } });
    const refused = await download(links[0] ?? '', tokens[0] ?? '');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', details: { reason: 'downloads-not-allowed' } });
    const asked = await testApp.app.inject({
      method: 'POST',
      url: `/v2/linktinker/links/${links[0]}/download`,
      payload: { RequestToken: tokens[0] },
    });
    expect(asked.statusCode).toBe(403);
  });

  it('merges a document of several files into one PDF, as the parties sign it', async () => {
    const { doc, tokens, links } = await seeded();
    const [file] = await db().select().from(documentFiles).where(eq(documentFiles.id, doc.fileId));
    if (!file) throw new Error('seeded file');
    await db()
      .insert(documentFiles)
      .values({ ...file, id: newId('fil'), position: 1, rules: { fields: [], access: {} } });
    const merged = await download(links[0] ?? '', tokens[0] ?? '');
    expect(merged.statusCode).toBe(200);
    expect(pageCount(merged.rawPayload)).toBe(2 * pageCount(fixture));
  });
});

describe('the last signature', () => {
  it('queues the seal once; the page sees sealing, then the sealed PDF to download', async () => {
    const { doc, tokens, links } = await seeded();
    const sign = (index: number) =>
      signInk(testApp, links[index] ?? '', {
        SignatureIndex: index,
        RequestToken: tokens[index],
        InkSignatureJsonData: drawing(index + 1),
        CanvasWidth: 300,
        CanvasHeight: 100,
      });
    expect((await sign(0)).statusCode).toBe(200);
    expect(await sealJobsOf(testApp, doc.documentId)).toBe(0);
    const last = await Promise.all([sign(1), sign(1)]);
    expect(last.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await sealJobsOf(testApp, doc.documentId)).toBe(1);

    expect((await status(links[0] ?? '', tokens[0] ?? '')).json()).toMatchObject({
      State: 'sealing',
      SealedPdfAvailable: false,
      Aggregates: { allSigned: true, userAllSigned: true, lastSignByMe: false },
    });
    // Between the last signature and the seal the unsigned original is not handed out as if it were the result.
    const early = await download(links[0] ?? '', tokens[0] ?? '');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'DOCUMENT_NOT_SEALED' });

    // The queued job's work, run here: the document completes and the page offers the sealed PDF.
    const { context } = testApp;
    const outcome = await sealSignedDocument(sealingDepsOf(context), { documentId: doc.documentId });
    expect(outcome).toBe('sealed');
    const [document] = await db().select().from(documents).where(eq(documents.id, doc.documentId));
    expect(document?.state).toBe('completed');
    expect((await status(links[1] ?? '', tokens[1] ?? '')).json()).toMatchObject({
      State: 'completed',
      SealedPdfAvailable: true,
      Aggregates: { allSigned: true, lastSignByMe: true },
    });
    const [seal] = await db().select().from(documentSeals).where(eq(documentSeals.documentId, doc.documentId));
    const sealed = await download(links[1] ?? '', tokens[1] ?? '');
    expect(sealed.statusCode).toBe(200);
    expect(sha256(sealed.rawPayload)).toBe(seal?.sealedSha256);
    expect(pdftotext(sealed.rawPayload)).toContain('Bo Berg');
    // A retry of the last signature after completion answers as before and changes nothing.
    expect((await sign(1)).json()).toMatchObject({ State: 'completed' });
  }, 60_000);
});
