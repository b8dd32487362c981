import fs from 'node:fs';
import { createTimestampingProvider } from '@signlink/providers/timestamping/create-timestamping-provider';
import { type RunningTsaSimulator, startTsaSimulator } from '@signlink/simulators/tsa/tsa-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedTestPki } from './local-pki.ts';
import { fixture, fixtures, pdfsig, pdftotext, qpdfCheck, sealingTextsOf } from './pdf-tools.test-helpers.ts';
import { sealDocument } from './seal-document.ts';
import { verifyPdf } from './verify-pdf.ts';

// Every real-world file upload accepts (README: all but the password-protected one) seals end to end and passes
// pdfsig, qpdf and our verifier.
const accepted = fs
  .readdirSync(fixtures)
  .filter((name) => name.endsWith('.pdf') && !name.includes('password'))
  .sort();
const pki = sharedTestPki();
let tsa: RunningTsaSimulator;

beforeAll(async () => {
  tsa = await startTsaSimulator({ ...pki.tsa, chainPems: [pki.ca.certPem] });
});
afterAll(() => tsa?.close());

const texts = sealingTextsOf('en-us');

describe('sealing real-world PDFs', () => {
  it.each(accepted)(
    '%s seals into a file pdfsig, qpdf and our verifier accept',
    async (name) => {
      const signedAt = '2026-11-20T10:00:00.000Z';
      const sealed = await sealDocument(
        {
          stamp: {
            files: [
              {
                bytes: fixture(name),
                fields: [
                  {
                    id: 'a',
                    type: 'signature',
                    signatureIndex: 0,
                    page: 1,
                    x: 0,
                    y: 0,
                    width: 150,
                    height: 50,
                    required: true,
                  },
                ],
              },
            ],
            values: {},
            signatures: [{ signatureIndex: 0, method: 'bankid', signerName: 'Åsa Öberg', signedAt }],
            texts: texts.stamp,
          },
          auditTrail: {
            documentName: name,
            documentId: 'doc_fixture',
            originalSha256: '00'.repeat(32),
            parties: [{ signatureIndex: 0, name: 'Åsa Öberg', contact: 'asa@example.com', method: 'BankID', signedAt }],
            events: [{ sequence: 1, at: signedAt, description: 'Signed', hash: 'ab'.repeat(32), previousHash: null }],
            texts: texts.auditTrail,
            verification: { url: 'http://localhost:3000/#/verify' },
          },
          key: { p12: pki.seal.p12, password: pki.seal.password },
          reason: 'Sealed by Signlink: signed by all parties',
        },
        createTimestampingProvider({ driver: 'rfc3161-http', url: tsa.url }),
      );
      const check = pdfsig(sealed.sealed);
      expect(check.signatureValid, check.output).toBe(true);
      expect(check.wholeDocument, check.output).toBe(true);
      expect(qpdfCheck(sealed.sealed)).toMatchObject({ ok: true });
      expect((await verifyPdf(sealed.sealed, { trustAnchorsPem: [pki.ca.certPem] })).verdict).toBe('valid');
      // The audit trail, written as an update after the stamped file, is the sealed file's last page(s).
      const auditPage = pdftotext(sealed.sealed, { first: sealed.pageCount + 1 });
      expect(auditPage).toContain(texts.auditTrail.title);
      expect(auditPage).toContain(sealed.finalContentSha256);
      // The audit trail alone, copied from those pages, is the same text.
      expect(qpdfCheck(sealed.auditTrail)).toMatchObject({ ok: true });
      expect(pdftotext(sealed.auditTrail)).toBe(pdftotext(sealed.sealed, { first: sealed.pageCount + 1 }));
    },
    60_000,
  );
});
