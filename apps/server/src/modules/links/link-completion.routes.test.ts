import { createHash } from 'node:crypto';
import { pdfsig } from '@signlink/pdf/sealing/pdf-tools.test-helpers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { sealingDepsOf } from '../../../test/sealing-deps.ts';
import { seedSignedDocument } from '../../../test/seed-signed-document.ts';
import { documentSeals } from '../../db/schema/signatures.ts';
import { readStored } from '../../lib/read-stored.ts';
import { sealSignedDocument } from '../sealing/seal-document.ts';
import { requestTokenFor } from './link-signing.test-helpers.ts';

/**
 * After completion every party's link, opened afresh (a new browser has only the link), gives the sealed PDF when the
 * document allows downloading, and the audit trail always.
 */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
}, 60_000);
afterAll(() => testApp?.close());

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const withToken = (path: string, requestToken: string) => `${path}?requestToken=${encodeURIComponent(requestToken)}`;

async function sealedDocument(settings: { allowDownloading?: boolean } = {}) {
  const doc = await seedSignedDocument(testApp.database.db, testApp.context.storage, {
    title: 'Hyresavtal Åre',
    language: 'sv',
    settings,
  });
  const { context } = testApp;
  const outcome = await sealSignedDocument(sealingDepsOf(context), { documentId: doc.documentId });
  expect(outcome).toBe('sealed');
  const [seal] = await testApp.database.db
    .select()
    .from(documentSeals)
    .where(eq(documentSeals.documentId, doc.documentId));
  if (!seal?.auditTrailStorageKey) throw new Error('sealed');
  const auditTrail = await readStored(testApp.context.storage, seal.auditTrailStorageKey);
  return { doc, seal, auditTrailSha256: sha256(auditTrail) };
}

/** What a fresh browser does with the link: access (no gate), then the two downloads with the RequestToken. */
async function openFresh(linkId: string) {
  const access = await testApp.app.inject({
    method: 'POST',
    url: `/v2/linktinker/links/${linkId}/access`,
    payload: {},
  });
  expect(access.statusCode, access.body).toBe(200);
  const requestToken = await requestTokenFor(testApp, linkId);
  return {
    access: access.json(),
    pdf: await testApp.app.inject(withToken(`/v2/linktinker/links/${linkId}/download`, requestToken)),
    auditTrail: await testApp.app.inject(withToken(`/v2/linktinker/links/${linkId}/audit-trail`, requestToken)),
  };
}

describe("a party's link after completion", () => {
  it('offers every party the sealed PDF at once, and its audit trail', async () => {
    const { doc, seal, auditTrailSha256 } = await sealedDocument();
    expect(doc.parties).toHaveLength(2);
    for (const party of doc.parties) {
      const { access, pdf, auditTrail } = await openFresh(party.linkCode);
      expect(access).toMatchObject({ State: 'completed', SealedPdfAvailable: true });

      expect(pdf.statusCode, pdf.body).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(sha256(pdf.rawPayload)).toBe(seal.sealedSha256);
      expect(pdfsig(pdf.rawPayload).signatureValid).toBe(true);

      expect(auditTrail.statusCode, auditTrail.body).toBe(200);
      expect(auditTrail.headers['content-type']).toBe('application/pdf');
      // Named in the document's language, as the audit trail itself is written.
      expect(auditTrail.headers['content-disposition']).toContain(
        "filename*=UTF-8''Hyresavtal%20%C3%85re%20-%20Verifikat.pdf",
      );
      expect(sha256(auditTrail.rawPayload)).toBe(auditTrailSha256);
    }
  });

  it('refuses the sealed PDF where the document does not allow downloading, and still gives the audit trail', async () => {
    const { doc, auditTrailSha256 } = await sealedDocument({ allowDownloading: false });
    for (const party of doc.parties) {
      const { access, pdf, auditTrail } = await openFresh(party.linkCode);
      expect(access).toMatchObject({ State: 'completed', SealedPdfAvailable: false });
      expect(pdf.statusCode).toBe(403);
      expect(pdf.json()).toMatchObject({ code: 'FORBIDDEN', details: { reason: 'downloads-not-allowed' } });
      expect(auditTrail.statusCode, auditTrail.body).toBe(200);
      expect(sha256(auditTrail.rawPayload)).toBe(auditTrailSha256);
    }
  });

  it('has no audit trail before the seal, and gives it only with this link’s RequestToken', async () => {
    const unsealed = await seedSignedDocument(testApp.database.db, testApp.context.storage);
    const [first, second] = unsealed.parties;
    if (!first || !second) throw new Error('two parties');
    const early = await testApp.app.inject(
      withToken(`/v2/linktinker/links/${first.linkCode}/audit-trail`, await requestTokenFor(testApp, first.linkCode)),
    );
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'DOCUMENT_NOT_SEALED' });

    const { doc } = await sealedDocument();
    const otherToken = await requestTokenFor(testApp, second.linkCode);
    const refused = await testApp.app.inject(
      withToken(`/v2/linktinker/links/${doc.parties[0]?.linkCode}/audit-trail`, otherToken),
    );
    expect(refused.statusCode).toBe(403);
  });
});
