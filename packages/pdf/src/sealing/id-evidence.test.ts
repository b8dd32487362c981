import { describe, expect, it } from 'vitest';
import { renderAuditTrailOnly } from './audit-trail.ts';
import { fixture, pdftotext, qpdfCheck, sealingTextsOf } from './pdf-tools.test-helpers.ts';
import type { AuditTrailRequest, SignedSlot } from './seal-input.ts';
import { stampDocument } from './stamp-document.ts';

const texts = sealingTextsOf('en-us');
const signedAt = '2026-11-20T10:00:00.000Z';

function auditTrailWith(parties: AuditTrailRequest['parties']): AuditTrailRequest {
  return {
    documentName: 'Lease',
    documentId: 'doc-1',
    originalSha256: '00'.repeat(32),
    finalSha256: '11'.repeat(32),
    parties,
    events: [{ sequence: 1, at: signedAt, description: 'Signed', hash: 'ab'.repeat(32), previousHash: null }],
    texts: texts.auditTrail,
  };
}

describe('ID-scan evidence in the audit trail', () => {
  it('prints each evidence row under its signer, and nothing for a signer without a scan', async () => {
    const bytes = await renderAuditTrailOnly(
      auditTrailWith([
        {
          signatureIndex: 0,
          name: 'Anna Eriksson',
          contact: 'anna@example.com',
          method: 'ID with live check',
          idEvidence: [
            { label: 'Identity document', value: 'Passport, SWE, number ending 902C, valid until 2034-08-11' },
            { label: 'Name on the document', value: 'ANNA MARIA ERIKSSON (differs from the invited name)' },
            { label: 'Live check', value: 'Passed; face matches the document' },
          ],
          signedAt,
        },
        { signatureIndex: 1, name: 'Bo Berg', contact: 'bo@example.com', method: 'E-signature', signedAt },
      ]),
    );
    expect(qpdfCheck(bytes)).toMatchObject({ ok: true });
    const lines = pdftotext(bytes, { layout: true })
      .split('\n')
      .map((line) => line.trim().replace(/\s+/g, ' '));
    expect(lines).toContain('Identity document Passport, SWE, number ending 902C, valid until 2034-08-11');
    expect(lines).toContain('Name on the document ANNA MARIA ERIKSSON (differs from the invited name)');
    expect(lines).toContain('Live check Passed; face matches the document');
    // Bo Berg's rows follow Anna's evidence: the evidence is hers, not printed twice.
    const text = pdftotext(bytes, { raw: true });
    expect(text.indexOf('Live check')).toBeLessThan(text.indexOf('Bo Berg'));
    expect(text.match(/Identity document/g)).toHaveLength(1);
  });
});

describe('a slot signed with ID and live check', () => {
  it('is stamped as a block saying how, with the name and time, since it has no ink', async () => {
    const slot: SignedSlot = { signatureIndex: 0, method: 'id-live', signerName: 'Anna Eriksson', signedAt };
    const { bytes } = await stampDocument({
      files: [
        {
          bytes: fixture('minimal-document.pdf'),
          fields: [
            {
              id: 'f1',
              type: 'signature',
              signatureIndex: 0,
              page: 1,
              x: 60,
              y: 100,
              width: 220,
              height: 70,
              required: true,
              name: 'Signature[0]',
            },
          ],
        },
      ],
      values: {},
      signatures: [slot],
      texts: texts.stamp,
    });
    const text = pdftotext(bytes, { raw: true });
    expect(text).toContain('Signed with ID and live check');
    expect(text).toContain('Anna Eriksson');
    expect(text).toContain('2026-11-20 10:00 UTC');
    expect(text).not.toContain('Signed electronically');
  });
});
