import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { typedSignatureMaxChars } from '@signlink/contracts/links/sign-ink';
import { pdfsig, pdftotext, writeTemp } from '@signlink/pdf/sealing/pdf-tools.test-helpers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { sealingDepsOf } from '../../../test/sealing-deps.ts';
import { seedDocument } from '../../../test/seed-document.ts';
import { fixturePdfDirectory } from '../../../test/seed-signed-document.ts';
import { documentSeals, documentSignatures } from '../../db/schema/signatures.ts';
import { readStored } from '../../lib/read-stored.ts';
import { sealSignedDocument } from '../sealing/seal-document.ts';
import { drawing, requestTokenFor, signedEventsOf, signInk } from './link-signing.test-helpers.ts';

/**
 * A signature typed instead of drawn (for those who cannot draw: keyboard, switch and screen-reader users), through
 * `POST linktinker/links/{id}/sign/ink`: what the contract refuses, what is kept, and how the sealed PDF shows it.
 */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
}, 60_000);
afterAll(() => testApp?.close());

const db = () => testApp.database.db;
const signaturesOf = (documentId: string) =>
  db().select().from(documentSignatures).where(eq(documentSignatures.documentId, documentId));

async function onePartyWithPdf(language: 'en-us' | 'sv' = 'en-us') {
  const bytes = new Uint8Array(readFileSync(join(fixturePdfDirectory, 'pdflatex-4-pages.pdf')));
  const doc = await seedDocument(db(), {
    language,
    parties: [{ name: 'Anna Andersson' }],
    storage: testApp.context.storage,
    pdf: { bytes, pageSizes: [{ width: 612, height: 792 }] },
  });
  const [party] = doc.parties;
  if (!party) throw new Error('one party');
  return { doc, party, RequestToken: await requestTokenFor(testApp, party.linkCode) };
}

describe('a typed signature', () => {
  it.each([
    ['an empty name', { TypedSignature: '   ' }],
    ['a name over the limit', { TypedSignature: 'A'.repeat(typedSignatureMaxChars + 1) }],
    ['a line break', { TypedSignature: 'Anna\nAndersson' }],
    ['a tab', { TypedSignature: 'Anna\tAndersson' }],
    ['a right-to-left override', { TypedSignature: '\u202EAnna Andersson' }],
    ['a drawing as well', { TypedSignature: 'Anna Andersson', InkSignatureJsonData: drawing() }],
    ['neither a drawing nor a name', {}],
  ])('is refused with %s, and nothing is recorded', async (_, signature) => {
    const { doc, party, RequestToken } = await onePartyWithPdf();
    const response = await signInk(testApp, party.linkCode, { SignatureIndex: 0, RequestToken, ...signature });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await signaturesOf(doc.documentId)).toHaveLength(0);
    expect(await signedEventsOf(testApp, doc.documentId)).toHaveLength(0);
  });

  it('is kept as typed, says so in its history event, and is sealed in the handwriting font', async () => {
    const { doc, party, RequestToken } = await onePartyWithPdf('sv');
    const response = await signInk(testApp, party.linkCode, {
      SignatureIndex: 0,
      RequestToken,
      TypedSignature: '  Anna Andersson ',
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await signaturesOf(doc.documentId);
    expect(row).toMatchObject({
      method: 'ink',
      signerName: 'Anna Andersson',
      ink: { typed: { text: 'Anna Andersson' } },
    });
    const [event] = await signedEventsOf(testApp, doc.documentId);
    expect(event?.data).toMatchObject({ method: 'ink', appearance: 'typed' });

    const { context } = testApp;
    const outcome = await sealSignedDocument(sealingDepsOf(context), { documentId: doc.documentId });
    expect(outcome).toBe('sealed');
    const [seal] = await db().select().from(documentSeals).where(eq(documentSeals.documentId, doc.documentId));
    const bytes = await readStored(context.storage, seal?.sealedStorageKey ?? 'missing');
    expect(pdfsig(bytes).signatureValid).toBe(true);
    const fonts = execFileSync('pdffonts', [writeTemp(`typed-${doc.documentId}.pdf`, bytes)], { encoding: 'utf8' });
    expect(fonts).toMatch(/Caveat-Regular\S*\s+CID TrueType/);
    // The Swedish audit trail names the method and that it was typed.
    expect(pdftotext(bytes, { raw: true })).toContain('E-signatur, skriven');
  });

  it('leaves a drawn signature saying it was drawn', async () => {
    const { doc, party, RequestToken } = await onePartyWithPdf();
    const response = await signInk(testApp, party.linkCode, {
      SignatureIndex: 0,
      RequestToken,
      InkSignatureJsonData: drawing(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const [event] = await signedEventsOf(testApp, doc.documentId);
    expect(event?.data).toMatchObject({ method: 'ink', appearance: 'drawn' });
  });
});
