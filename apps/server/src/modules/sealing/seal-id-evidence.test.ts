import { pdfsig, pdftotext } from '@signlink/pdf/sealing/pdf-tools.test-helpers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { sealingDepsOf } from '../../../test/sealing-deps.ts';
import { seedSignedDocument } from '../../../test/seed-signed-document.ts';
import { documentSeals } from '../../db/schema/signatures.ts';
import { readStored } from '../../lib/read-stored.ts';
import { seedPassedIdScans } from './id-scan-signatures.test-helpers.ts';
import { loadSealSource } from './seal.repository.ts';
import { type SealingDeps, sealSignedDocument } from './seal-document.ts';
import { buildSealRequest } from './seal-request.ts';

/** SPEC section 5: an ID scan is evidence, printed in the sealed PDF's audit trail under the signer it identifies. */
let testApp: TestApp;
let deps: SealingDeps;

beforeAll(async () => {
  testApp = await buildTestApp();
  deps = sealingDepsOf(testApp.context);
}, 60_000);
afterAll(() => testApp?.close());

const parties = [
  { name: 'Anna Eriksson', signatureType: 'id-e-signature' as const },
  { name: 'Bo Berg', signatureType: 'live-id' as const },
];

async function seedIdScannedDocument(language: 'en-us' | 'sv' = 'en-us') {
  const doc = await seedSignedDocument(testApp.database.db, testApp.context.storage, { parties, language });
  // A vendor's check id is unique: each document gets its own.
  const checks = { ink: `chk5-${doc.documentId.slice(4, 12)}`, live: `chk6-${doc.documentId.slice(4, 12)}` };
  await seedPassedIdScans(testApp.database.db, doc, [
    { signatureIndex: 0, live: false, nameRead: 'ANNA MARIA ERIKSSON', nameMatches: false, vendorCheckId: checks.ink },
    {
      signatureIndex: 1,
      live: true,
      nameRead: 'BO BERG',
      nameMatches: true,
      documentType: 'national-id',
      issuingCountry: 'NOR',
      numberLast4: '4471',
      expiryDate: '2031-02-28',
      vendorCheckId: checks.live,
    },
  ]);
  return { doc, checks };
}

const normalised = (text: string) => text.replace(/\s+/g, ' ');

describe('sealing a document signed with ID scans', () => {
  it('prints each signer’s evidence, stamps the live-check slot as text, and the seal validates', async () => {
    const { doc, checks } = await seedIdScannedDocument();
    expect(await sealSignedDocument(deps, { documentId: doc.documentId })).toBe('sealed');
    const [seal] = await testApp.database.db
      .select()
      .from(documentSeals)
      .where(eq(documentSeals.documentId, doc.documentId));
    const bytes = await readStored(testApp.context.storage, seal?.sealedStorageKey ?? 'missing');

    const check = pdfsig(bytes);
    expect(check.signatureValid, check.output).toBe(true);
    expect(check.wholeDocument, check.output).toBe(true);

    const text = normalised(pdftotext(bytes, { raw: true }));
    // Type 6 has no ink: its slot says how it was signed; type 5's ink keeps its caption.
    expect(text).toContain('Signed with ID and live check Bo Berg');
    expect(text).toContain('Anna Eriksson · ');
    for (const line of [
      'Identity document Passport, SWE, number ending 902C, valid until 2034-08-11',
      'Name on the document ANNA MARIA ERIKSSON (differs from the invited name)',
      `ID check Onfido check ${checks.ink}, consent to biometric processing given 2026-11-20 09:58:07 UTC (text version 2026-11-28)`,
      'Identity document National ID card, NOR, number ending 4471, valid until 2031-02-28',
      'Name on the document BO BERG',
      `ID check Onfido check ${checks.live},`,
      'Live check Passed; face matches the document',
    ]) {
      expect(text).toContain(line);
    }
    // Bo's name matches: no warning for him; Anna's type 5 ran no live check.
    expect(text).not.toContain('BO BERG (differs');
    expect(text.match(/Live check Passed/g)).toHaveLength(1);

    // The verify page names the documents shown, as the file itself does; never the number.
    const verified = await testApp.app.inject({
      method: 'POST',
      url: '/v2/linktinker/verify',
      payload: Buffer.from(bytes),
      headers: { 'content-type': 'application/pdf' },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().Document.Parties.map((party: { IdDocument: unknown }) => party.IdDocument)).toEqual([
      { DocumentType: 'passport', IssuingCountry: 'SWE', NameRead: 'ANNA MARIA ERIKSSON', NameMatches: false },
      { DocumentType: 'national-id', IssuingCountry: 'NOR', NameRead: 'BO BERG', NameMatches: true },
    ]);
    expect(verified.body).not.toContain('902C');
  });
});

describe('the seal request', () => {
  it('gives each ID-scanned party its evidence rows in the document’s language, and none to the others', async () => {
    const { doc, checks } = await seedIdScannedDocument('sv');
    const source = await loadSealSource(testApp.database.db, doc.documentId);
    if (!source) throw new Error('seeded');
    const request = await buildSealRequest(source, {
      storage: testApp.context.storage,
      verificationUrl: 'http://localhost/verify',
      brandName: 'Signlink',
    });
    const [anna, bo] = request.auditTrail.parties;
    expect(anna?.idEvidence).toEqual([
      { label: 'ID-handling', value: 'Pass, SWE, nummer som slutar på 902C, giltig till 2034-08-11' },
      { label: 'Namn i handlingen', value: 'ANNA MARIA ERIKSSON (skiljer sig från det inbjudna namnet)' },
      {
        label: 'ID-kontroll',
        value:
          `Onfido, kontroll ${checks.ink}, samtycke till biometrisk behandling gavs 2026-11-20 09:58:07 UTC ` +
          '(textversion 2026-11-28)',
      },
    ]);
    expect(bo?.idEvidence?.at(-1)).toEqual({
      label: 'Livekontroll',
      value: 'Godkänd; ansiktet stämmer med handlingen',
    });
    expect(request.stamp.signatures.map((slot) => slot.method)).toEqual(['ink-with-id', 'id-live']);
    expect(request.stamp.signatures[1]?.ink).toBeUndefined();
    expect(request.stamp.texts.signedWithIdLive).toBe('Signerat med ID och livekontroll');

    const plain = await seedSignedDocument(testApp.database.db, testApp.context.storage);
    const plainSource = await loadSealSource(testApp.database.db, plain.documentId);
    if (!plainSource) throw new Error('seeded');
    const plainRequest = await buildSealRequest(plainSource, {
      storage: testApp.context.storage,
      verificationUrl: 'http://localhost/verify',
      brandName: 'Signlink',
    });
    expect(plainRequest.auditTrail.parties.every((party) => party.idEvidence === undefined)).toBe(true);
  });
});
