import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { seedSignedDocument } from '../../../test/seed-signed-document.ts';
import { injectWithToken, signInSeededUser } from '../../../test/sign-in.ts';
import { seedPassedIdScans } from '../sealing/id-scan-signatures.test-helpers.ts';

/** The sender sees which identity document an ID-scanned signer showed, and whether its name is the party's. */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
}, 60_000);
afterAll(() => testApp?.close());

describe("GET errands/{id}: a party's identity document", () => {
  it('carries type, country and name read for ID-scanned signers, and null for the others', async () => {
    const owner = await signInSeededUser(testApp);
    const doc = await seedSignedDocument(testApp.database.db, testApp.context.storage, {
      owner,
      parties: [
        { name: 'Anna Eriksson', signatureType: 'id-e-signature' },
        { name: 'Bo Berg', signatureType: 'live-id' },
        { name: 'Cia Carlsson', signatureType: 'e-signature' },
      ],
    });
    await seedPassedIdScans(testApp.database.db, doc, [
      { signatureIndex: 0, live: false, nameRead: 'ANNA MARIA ERIKSSON', nameMatches: false },
      { signatureIndex: 1, live: true, nameRead: 'BO BERG', nameMatches: true, documentType: 'national-id' },
    ]);

    const detail = await injectWithToken(testApp, owner.token, 'GET', `/v2/linktinker/errands/${doc.documentId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const parties = detail.json().Parties as { Name: string; IdDocument: unknown }[];
    expect(parties.map(({ Name, IdDocument }) => ({ Name, IdDocument }))).toEqual([
      {
        Name: 'Anna Eriksson',
        IdDocument: {
          DocumentType: 'passport',
          IssuingCountry: 'SWE',
          NameRead: 'ANNA MARIA ERIKSSON',
          NameMatches: false,
        },
      },
      {
        Name: 'Bo Berg',
        IdDocument: { DocumentType: 'national-id', IssuingCountry: 'SWE', NameRead: 'BO BERG', NameMatches: true },
      },
      { Name: 'Cia Carlsson', IdDocument: null },
    ]);
    // Evidence without hoarding: the sender's view never carries the document number, not even its end.
    expect(detail.body).not.toContain('902C');
  });
});
