import type { LocalPki } from './local-pki.ts';
import { sealingTextsOf } from './pdf-tools.test-helpers.ts';
import type { SealDocumentRequest } from './seal-document.ts';
import type { StampRequest } from './seal-input.ts';

const texts = sealingTextsOf('en-us');
export const testSignedAt = '2026-11-20T10:00:00.000Z';

/** One file signed by one BankID party, with its audit trail and the test PKI's seal key: what sealing gets. */
export function oneSignerSealRequest(
  pki: Pick<LocalPki, 'seal'>,
  input: { file: StampRequest['files'][number]; documentName: string; documentId: string; signerName?: string },
): SealDocumentRequest {
  const signedAt = testSignedAt;
  const name = input.signerName ?? 'Åsa Öberg';
  return {
    stamp: {
      files: [input.file],
      values: {},
      signatures: [{ signatureIndex: 0, method: 'bankid', signerName: name, signedAt }],
      texts: texts.stamp,
    },
    auditTrail: {
      documentName: input.documentName,
      documentId: input.documentId,
      originalSha256: '00'.repeat(32),
      parties: [{ signatureIndex: 0, name, contact: 'asa@example.com', method: 'BankID', signedAt }],
      events: [{ sequence: 1, at: signedAt, description: 'Signed', hash: 'ab'.repeat(32), previousHash: null }],
      texts: texts.auditTrail,
      verification: { url: 'http://localhost:3000/#/verify' },
    },
    key: { p12: pki.seal.p12, password: pki.seal.password },
    reason: 'Sealed by Signlink: signed by all parties',
  };
}
