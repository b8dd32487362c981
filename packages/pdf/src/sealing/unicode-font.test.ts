import { execFileSync } from 'node:child_process';
import { PDFDocument } from '@cantoo/pdf-lib';
import type { PlacedField } from '@signlink/contracts/documents/document-model';
import { createTimestampingProvider } from '@signlink/providers/timestamping/create-timestamping-provider';
import { type RunningTsaSimulator, startTsaSimulator } from '@signlink/simulators/tsa/tsa-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedTestPki } from './local-pki.ts';
import { fixture, pdfsig, pdftotext, qpdfCheck, sealingTextsOf, writeTemp } from './pdf-tools.test-helpers.ts';
import { type SealDocumentRequest, sealDocument } from './seal-document.ts';
import { stampDocument } from './stamp-document.ts';
import { verifyPdf } from './verify-pdf.ts';

/**
 * Names outside WinAnsi (Polish, Serbian Cyrillic, Greek, Turkish, Vietnamese) print as written in every text the
 * seal draws, read back by poppler as a reader's tool would; a document without such a name embeds no font.
 */
const pki = sharedTestPki();
let tsa: RunningTsaSimulator;
beforeAll(async () => {
  tsa = await startTsaSimulator({ ...pki.tsa, chainPems: [pki.ca.certPem] });
});
afterAll(() => tsa?.close());

const signedAt = '2026-11-20T10:00:00.000Z';
const polish = 'Łukasz Żółć';
const serbian = 'Петар Петровић';
const greek = 'Ελένη Παπαδοπούλου';
const turkish = 'Şükrü Ağaoğlu';
const vietnamese = 'Nguyễn Thị Hương';

function placed(type: PlacedField['type'], signatureIndex: number, name: string, x: number, y: number): PlacedField {
  const isSignature = type === 'signature';
  return {
    id: name,
    type,
    signatureIndex,
    page: 1,
    x,
    y,
    width: 170,
    height: isSignature ? 60 : 20,
    required: true,
    name,
  };
}

function requestWith(names: { ink: string; bankId: string; clarified: string; value: string }): SealDocumentRequest {
  const texts = sealingTextsOf('sv');
  return {
    stamp: {
      files: [
        {
          bytes: fixture('pdflatex-4-pages.pdf'),
          fields: [
            placed('signature', 0, 'Signature[0]', 40, 560),
            placed('signature', 1, 'Signature[1]', 220, 560),
            placed('signature', 2, 'Signature[2]', 400, 560),
            placed('name-clarification', 2, 'Name[2]', 400, 630),
            placed('text', 0, 'Text[0]', 40, 660),
            placed('date', 1, 'Date[1]', 220, 660),
          ],
        },
      ],
      values: { 'Text[0]': names.value, 'Date[1]': '2026-11-20' },
      signatures: [
        {
          signatureIndex: 0,
          method: 'ink',
          signerName: names.ink,
          signedAt,
          ink: {
            width: 400,
            height: 150,
            strokes: [
              {
                points: [
                  { x: 20, y: 100 },
                  { x: 200, y: 40 },
                ],
              },
            ],
          },
        },
        { signatureIndex: 1, method: 'bankid', signerName: names.bankId, personalNumber: '19900101-1234', signedAt },
        { signatureIndex: 2, method: 'ink', signerName: 'Someone', clarifiedName: names.clarified, signedAt },
      ],
      texts: texts.stamp,
    },
    auditTrail: {
      documentName: `Avtal för ${names.ink}`,
      documentId: 'doc_unicode',
      originalSha256: '00'.repeat(32),
      parties: [names.ink, names.bankId, names.clarified].map((name, index) => ({
        signatureIndex: index,
        name,
        contact: `party${index}@example.com`,
        method: 'E-signatur',
        signedAt,
      })),
      events: [names.ink, names.bankId, names.clarified].map((name, index) => ({
        sequence: index + 1,
        at: signedAt,
        description: `Signerat: ${name}`,
        hash: String(index).repeat(64),
        previousHash: index === 0 ? null : String(index - 1).repeat(64),
      })),
      texts: texts.auditTrail,
    },
    key: { p12: pki.seal.p12, password: pki.seal.password },
    reason: 'Förseglat av Signlink: signerat av alla parter',
  };
}

const seal = (request: SealDocumentRequest) =>
  sealDocument(request, createTimestampingProvider({ driver: 'rfc3161-http', url: tsa.url }));

function fontsOf(bytes: Uint8Array): string {
  return execFileSync('pdffonts', [writeTemp(`fonts-${Math.random().toString(36).slice(2)}.pdf`, bytes)], {
    encoding: 'utf8',
  });
}

describe('names outside WinAnsi', () => {
  it('print as written in stamps and audit trail, in a seal that validates', async () => {
    const sealed = await seal(
      requestWith({ ink: polish, bankId: serbian, clarified: greek, value: `${turkish}, ${vietnamese}` }),
    );
    const check = pdfsig(sealed.sealed);
    expect(check.signatureValid, check.output).toBe(true);
    expect(check.wholeDocument, check.output).toBe(true);
    expect(qpdfCheck(sealed.sealed)).toMatchObject({ ok: true });
    expect((await verifyPdf(sealed.sealed, { trustAnchorsPem: [pki.ca.certPem] })).verdict).toBe('valid');

    // The stamped first page: the ink caption, the BankID block, the clarified name (in its signature block and
    // its own field) and the text field's value.
    const page = pdftotext(sealed.sealed, { first: 1, last: 1, raw: true });
    for (const name of [polish, serbian, greek, turkish, vietnamese]) expect(page).toContain(name);
    expect(page).toContain('2026-11-20');
    expect(page).not.toMatch(/\?{2}/);

    // The audit trail, appended and alone: parties, history, the running footer with the document's name.
    const appended = pdftotext(sealed.sealed, { first: sealed.pageCount + 1, raw: true });
    for (const audit of [appended, pdftotext(sealed.auditTrail, { raw: true })]) {
      for (const name of [polish, serbian, greek]) {
        expect(audit).toContain(name);
        expect(audit).toContain(`Signerat: ${name}`);
      }
      expect(audit).toContain(`Avtal för ${polish}`);
      expect(audit).not.toContain('?');
    }
    expect(qpdfCheck(sealed.auditTrail)).toMatchObject({ ok: true });
    expect((await PDFDocument.load(sealed.auditTrail)).getTitle()).toBe(`Verifikat: Avtal för ${polish}`);

    // One subset of each face per revision that draws with it: the stamp's and the audit trail's.
    const embedded = fontsOf(sealed.sealed)
      .split('\n')
      .filter((line) => /LiberationSans/.test(line));
    expect(embedded.length).toBeGreaterThanOrEqual(3);
    expect(embedded.length).toBeLessThanOrEqual(4);
    for (const line of embedded)
      expect(line).toMatch(/^[A-Z]{6}\+LiberationSans(-Bold)?\s+CID TrueType\s.*\byes\s+yes\s+yes\b/);
  }, 60_000);

  it('keeps the standard fonts alone, nothing embedded, for Latin-1 names', async () => {
    const sealed = await seal(
      requestWith({ ink: 'Åsa Öberg', bankId: 'Nils Nilsson', clarified: 'María Núñez', value: 'Ærøskøbing' }),
    );
    expect(fontsOf(sealed.sealed)).not.toContain('LiberationSans');
    expect(pdftotext(sealed.sealed, { raw: true })).toContain('María Núñez');
  }, 60_000);

  it('fills the PDF’s own form field with such a name', async () => {
    const { bytes } = await stampDocument({
      files: [{ bytes: fixture('libreoffice-form.pdf'), fields: [] }],
      values: { 'First Name': polish, 'Last Name': serbian },
      signatures: [],
      texts: sealingTextsOf('sv').stamp,
    });
    expect(qpdfCheck(bytes)).toMatchObject({ ok: true });
    const text = pdftotext(bytes);
    expect(text).toContain(polish);
    expect(text).toContain(serbian);
  });

  it('shows a letter no font here has as "?", and still seals', async () => {
    const sealed = await seal(requestWith({ ink: '李小龍 Łukasz', bankId: serbian, clarified: greek, value: 'x' }));
    expect(pdfsig(sealed.sealed).signatureValid).toBe(true);
    expect(pdftotext(sealed.sealed, { first: 1, last: 1, raw: true })).toContain('??? Łukasz');
  }, 60_000);
});
