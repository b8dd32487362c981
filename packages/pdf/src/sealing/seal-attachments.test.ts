import { createHash } from 'node:crypto';
import { createTimestampingProvider } from '@signlink/providers/timestamping/create-timestamping-provider';
import { type RunningTsaSimulator, startTsaSimulator } from '@signlink/simulators/tsa/tsa-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentFileNames } from './embed-attachments.ts';
import { sharedTestPki } from './local-pki.ts';
import { fixture, pdfdetach, pdfsig, pdftotext, qpdfCheck, sealingTextsOf } from './pdf-tools.test-helpers.ts';
import { sealDocument } from './seal-document.ts';
import type { AuditAttachmentTexts } from './seal-input.ts';
import { verifyPdf } from './verify-pdf.ts';

/**
 * Issue 8, part 8: the recipients' PDFs travel inside the sealed document as embedded files, under the seal, byte
 * for byte, and the audit trail lists them. Read back with poppler's pdfdetach, as a reader's tool would.
 */
const pki = sharedTestPki();
let tsa: RunningTsaSimulator;
beforeAll(async () => {
  tsa = await startTsaSimulator({ ...pki.tsa, chainPems: [pki.ca.certPem] });
});
afterAll(() => tsa?.close());

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const signedAt = '2026-11-20T10:00:00.000Z';
const attachedAt = '2026-11-20T09:41:07.000Z';

async function sealWith(attachmentFiles: { title: string; bytes: Uint8Array; by: string }[]) {
  const texts = sealingTextsOf('sv');
  const attachmentTexts = (texts as unknown as { auditAttachments: AuditAttachmentTexts }).auditAttachments;
  const fileNames = attachmentFileNames(attachmentFiles.map((file) => file.title));
  return sealDocument(
    {
      stamp: {
        files: [{ bytes: fixture('pdflatex-4-pages.pdf'), fields: [] }],
        values: {},
        signatures: [{ signatureIndex: 0, method: 'ink', signerName: 'Åsa Öberg', signedAt }],
        texts: texts.stamp,
        attachments: attachmentFiles.map((file, index) => ({
          fileName: fileNames[index] ?? '',
          bytes: file.bytes,
          description: `Bifogad av ${file.by}`,
          attachedAt,
        })),
      },
      auditTrail: {
        documentName: 'Hyresavtal',
        documentId: 'doc_attachments',
        originalSha256: '00'.repeat(32),
        parties: [{ signatureIndex: 0, name: 'Åsa Öberg', contact: 'asa@example.com', method: 'E-signatur', signedAt }],
        events: [{ sequence: 1, at: signedAt, description: 'Signerat', hash: 'ab'.repeat(32), previousHash: null }],
        texts: texts.auditTrail,
        attachments: {
          texts: attachmentTexts,
          items: attachmentFiles.map((file, index) => ({
            title: file.title,
            fileName: fileNames[index] ?? '',
            attachedBy: file.by,
            attachedAt,
            sha256: sha256(file.bytes),
          })),
        },
      },
      key: { p12: pki.seal.p12, password: pki.seal.password },
      reason: 'Sealed by Signlink: signed by all parties',
    },
    createTimestampingProvider({ driver: 'rfc3161-http', url: tsa.url }),
  );
}

describe('sealing with recipients’ attachments', () => {
  it('embeds them under the seal byte for byte, pdfsig and qpdf accept it, and the audit trail lists them', async () => {
    const payslip = fixture('minimal-document.pdf');
    const certificate = fixture('pdflatex-4-pages.pdf');
    const sealed = await sealWith([
      { title: 'Lönebesked', bytes: payslip, by: 'Anna Andersson' },
      { title: 'Lönebesked', bytes: certificate, by: 'Bo Berg' },
    ]);
    const check = pdfsig(sealed.sealed);
    expect(check.signatureValid, check.output).toBe(true);
    expect(check.wholeDocument, check.output).toBe(true);
    expect(qpdfCheck(sealed.sealed)).toMatchObject({ ok: true });
    expect((await verifyPdf(sealed.sealed, { trustAnchorsPem: [pki.ca.certPem] })).verdict).toBe('valid');

    const { list, files } = pdfdetach(sealed.sealed);
    expect(list).toContain('2 embedded files');
    expect(list).toContain('Lönebesked.pdf');
    expect(list).toContain('Lönebesked (2).pdf');
    expect(files.map(sha256).sort()).toEqual([sha256(payslip), sha256(certificate)].sort());
    // Not pages: the document keeps its own four, the audit trail follows them.
    expect(sealed.pageCount).toBe(4);

    const auditTrail = pdftotext(sealed.auditTrail);
    expect(auditTrail).toContain('Bilagor');
    expect(auditTrail).toContain('Bifogad av');
    expect(auditTrail).toContain('Anna Andersson');
    expect(auditTrail).toContain('Lönebesked (2).pdf');
    expect(auditTrail.replace(/\s+/g, '')).toContain(sha256(certificate));
    expect(pdftotext(sealed.sealed, { first: sealed.pageCount + 1 })).toBe(auditTrail);
  }, 60_000);

  it('leaves a document without attachments without an embedded-files tree or the section', async () => {
    const sealed = await sealWith([]);
    expect(pdfdetach(sealed.sealed).list).toContain('0 embedded files');
    expect(pdftotext(sealed.auditTrail)).not.toContain('Bilagor');
  }, 60_000);

  it('names a second attachment of the same title apart', () => {
    expect(attachmentFileNames(['Intyg', 'intyg', 'Intyg', ' '])).toEqual([
      'Intyg.pdf',
      'intyg (2).pdf',
      'Intyg (3).pdf',
      'attachment.pdf',
    ]);
  });
});
