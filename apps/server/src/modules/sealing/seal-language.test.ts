import { pdfsig, pdftotext, qpdfCheck } from '@signlink/pdf/sealing/pdf-tools.test-helpers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { sealingDepsOf } from '../../../test/sealing-deps.ts';
import { seedSignedDocument } from '../../../test/seed-signed-document.ts';
import { documents } from '../../db/schema/documents.ts';
import { documentSeals } from '../../db/schema/signatures.ts';
import { readStored } from '../../lib/read-stored.ts';
import { type SealingDeps, sealSignedDocument } from './seal-document.ts';

/**
 * The sealed PDF speaks the document's language (SPEC section 3 settings: the recipients' side), audit trail
 * included, with times in UTC and the original's hash; and it prints the parties' names as written, whatever
 * their script.
 */
let testApp: TestApp;
let deps: SealingDeps;

beforeAll(async () => {
  testApp = await buildTestApp();
  const { context } = testApp;
  deps = sealingDepsOf(context);
}, 60_000);
afterAll(() => testApp?.close());

const names = ['Łukasz Żółć', 'Петар Петровић', 'Ελένη Παπαδοπούλου'];
const signedAt = new Date('2026-11-20T23:30:15.000Z');

const languages = {
  sv: {
    headings: ['Verifikat', 'Parter', 'Händelser', 'Sida 1 av 1', 'SHA-256 för originalet', 'Alla tider anges i UTC.'],
    signed: 'Signerat',
    bankId: 'Signerat med BankID',
  },
  es: {
    headings: ['Registro de auditoría', 'Partes', 'Historial', 'Página 1 de 1', 'SHA-256 del original'],
    signed: 'Firmado',
    bankId: 'Firmado con BankID',
  },
} as const;

describe.each(Object.entries(languages))('a document in %s', (language, expected) => {
  it('is sealed with its audit trail in that language, UTC times and names as written', async () => {
    const doc = await seedSignedDocument(testApp.database.db, testApp.context.storage, {
      language: language as keyof typeof languages,
      signedAt,
      parties: [
        { name: names[0], signatureType: 'e-signature' },
        { name: names[1], signatureType: 'bankid' },
        { name: names[2], signatureType: 'e-signature' },
      ],
    });
    expect(await sealSignedDocument(deps, { documentId: doc.documentId })).toBe('sealed');
    const [seal] = await testApp.database.db
      .select()
      .from(documentSeals)
      .where(eq(documentSeals.documentId, doc.documentId));
    const sealed = await readStored(testApp.context.storage, seal?.sealedStorageKey ?? 'missing');
    expect(pdfsig(sealed).signatureValid).toBe(true);
    expect(qpdfCheck(sealed)).toMatchObject({ ok: true });

    // The fixture has four pages; the stamps are on the first (the seed puts a third party's fields past the
    // page's right edge), the audit trail after the last.
    const stamped = pdftotext(sealed, { first: 1, last: 1, raw: true });
    expect(stamped).toContain(expected.bankId);
    for (const name of names.slice(0, 2)) {
      expect(stamped).toContain(name);
      expect(stamped).toContain(`Value from ${name}`);
    }

    const audit = pdftotext(sealed, { first: 5, raw: true });
    for (const heading of expected.headings) expect(audit).toContain(heading);
    for (const english of ['Audit trail', 'Parties', 'History', 'Page 1 of 1']) {
      expect(audit).not.toContain(english);
    }
    for (const name of names) expect(audit).toContain(`${expected.signed}: ${name}`);
    // 23:30 UTC is the next day at the parties' UTC+01:00: the audit trail keeps UTC.
    expect(audit).toContain('2026-11-20 23:30:15 UTC');
    expect(audit).not.toContain('2026-11-21 00:30');
    const times = audit.match(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?( UTC[+-]?[\d:]*)?/g) ?? [];
    expect(times.length).toBeGreaterThan(3);
    for (const time of times) expect(time).toMatch(/:\d{2}:\d{2} UTC$/);
    const [document] = await testApp.database.db.select().from(documents).where(eq(documents.id, doc.documentId));
    expect(audit.replace(/\s+/g, '')).toContain(document?.originalSha256);
  }, 120_000);
});
