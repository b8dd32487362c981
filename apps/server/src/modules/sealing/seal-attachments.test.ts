import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pdfdetach, pdfsig, pdftotext, qpdfCheck } from '@signlink/pdf/sealing/pdf-tools.test-helpers';
import { verifyPdf } from '@signlink/pdf/sealing/verify-pdf';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { sealingDepsOf } from '../../../test/sealing-deps.ts';
import { fixturePdfDirectory, seedSignedDocument } from '../../../test/seed-signed-document.ts';
import { documentAttachments } from '../../db/schema/link-forms.ts';
import { documentSeals } from '../../db/schema/signatures.ts';
import { newId } from '../../lib/ids.ts';
import { readStored } from '../../lib/read-stored.ts';
import { type SealingDeps, sealSignedDocument } from './seal-document.ts';

/**
 * Issue 8, part 8 with issue 7: the recipients' attachments travel in the sealed PDF as embedded files under the
 * seal, and its audit trail (in the document's language) lists each with who attached it, when and its SHA-256.
 */
let testApp: TestApp;
let deps: SealingDeps;
beforeAll(async () => {
  testApp = await buildTestApp();
  const { context } = testApp;
  deps = sealingDepsOf(context);
}, 60_000);
afterAll(() => testApp?.close());

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const fixture = (name: string) => new Uint8Array(readFileSync(join(fixturePdfDirectory, name)));

/** An attachment row and its bytes, as links/{id}/attachments leaves them (the party signed after attaching). */
async function attach(documentId: string, linkId: string, index: number, title: string, bytes: Uint8Array) {
  const id = newId('att');
  const stored = await testApp.context.storage.put({
    key: `documents/${documentId}/attachments/${id}.pdf`,
    body: bytes,
    contentType: 'application/pdf',
  });
  await testApp.database.db.insert(documentAttachments).values({
    id,
    documentId,
    linkId,
    pdfFileIndex: index,
    title,
    storageKey: stored.key,
    sha256: stored.sha256,
    byteSize: stored.size,
    pageCount: 1,
  });
  return id;
}

describe('sealing a document with recipients’ attachments', () => {
  it('embeds each one under the seal byte for byte and lists it in the audit trail; a deleted one stays out', async () => {
    const doc = await seedSignedDocument(testApp.database.db, testApp.context.storage, { language: 'sv' });
    const [asa, nils] = doc.parties;
    const payslip = fixture('minimal-document.pdf');
    const certificate = fixture('pdflatex-4-pages.pdf');
    await attach(doc.documentId, asa?.linkCode ?? '', 0, 'Lönebesked', payslip);
    const removed = await attach(doc.documentId, nils?.linkCode ?? '', 1, 'Borttagen', certificate);
    await testApp.database.db
      .update(documentAttachments)
      .set({ deletedAt: new Date() })
      .where(eq(documentAttachments.id, removed));
    await attach(doc.documentId, nils?.linkCode ?? '', 2, 'Intyg', certificate);

    expect(await sealSignedDocument(deps, { documentId: doc.documentId })).toBe('sealed');
    const [seal] = await testApp.database.db
      .select()
      .from(documentSeals)
      .where(eq(documentSeals.documentId, doc.documentId));
    const bytes = await readStored(testApp.context.storage, seal?.sealedStorageKey ?? 'missing');
    const check = pdfsig(bytes);
    expect(check.signatureValid, check.output).toBe(true);
    expect(check.wholeDocument, check.output).toBe(true);
    expect(qpdfCheck(bytes)).toMatchObject({ ok: true });
    const trustAnchorsPem = testApp.context.sealing.trustAnchorsPem;
    expect((await verifyPdf(bytes, { trustAnchorsPem })).verdict).toBe('valid');

    const embedded = pdfdetach(bytes);
    expect(embedded.list).toContain('2 embedded files');
    expect(embedded.list).toContain('Lönebesked.pdf');
    expect(embedded.list).toContain('Intyg.pdf');
    expect(embedded.list).not.toContain('Borttagen');
    expect(embedded.files.map(sha256).sort()).toEqual([sha256(payslip), sha256(certificate)].sort());

    const auditTrailPdf = await readStored(testApp.context.storage, seal?.auditTrailStorageKey ?? 'missing');
    // Laid out: each label on the line of its value.
    const auditTrail = pdftotext(auditTrailPdf, { layout: true });
    expect(auditTrail).toContain('Bilagor');
    expect(auditTrail).toMatch(/Fil +Lönebesked\.pdf\n\s*Bifogad av +Åsa Öberg/);
    expect(auditTrail).toMatch(/Fil +Intyg\.pdf\n\s*Bifogad av +Nils Nilsson/);
    expect(auditTrail.replace(/\s+/g, '')).toContain(sha256(payslip));
    expect(auditTrail).not.toContain('Borttagen');
  });
});
