import fs from 'node:fs';
import { createTimestampingProvider } from '@signlink/providers/timestamping/create-timestamping-provider';
import { type RunningTsaSimulator, startTsaSimulator } from '@signlink/simulators/tsa/tsa-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedTestPki } from './local-pki.ts';
import { fixture, fixtures, pdfsig, pdftotext, qpdfCheck, sealingTextsOf } from './pdf-tools.test-helpers.ts';
import { sealDocument } from './seal-document.ts';
import { oneSignerSealRequest } from './seal-request.test-helpers.ts';
import { verifyPdf } from './verify-pdf.ts';

// Every real-world file upload accepts (README: all but the password-protected one) seals end to end and passes
// pdfsig, qpdf and our verifier, signed by a name that takes the Unicode font into both revisions.
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
const signer = 'Łukasz Żółć';

describe('sealing real-world PDFs', () => {
  it.each(accepted)(
    '%s seals into a file pdfsig, qpdf and our verifier accept',
    async (name) => {
      const sealed = await sealDocument(
        oneSignerSealRequest(pki, {
          file: {
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
          documentName: name,
          documentId: 'doc_fixture',
          signerName: signer,
        }),
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
      expect(auditPage).toContain(signer);
      // The audit trail alone, copied from those pages, is the same text.
      expect(qpdfCheck(sealed.auditTrail)).toMatchObject({ ok: true });
      expect(pdftotext(sealed.auditTrail)).toBe(pdftotext(sealed.sealed, { first: sealed.pageCount + 1 }));
    },
    60_000,
  );
});
