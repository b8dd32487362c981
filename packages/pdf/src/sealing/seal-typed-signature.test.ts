import { execFileSync } from 'node:child_process';
import { createTimestampingProvider } from '@signlink/providers/timestamping/create-timestamping-provider';
import { type RunningTsaSimulator, startTsaSimulator } from '@signlink/simulators/tsa/tsa-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canWriteByHand } from './handwriting-font.ts';
import { sharedTestPki } from './local-pki.ts';
import {
  fixture,
  pdfsig,
  pdftotext,
  qpdfCheck,
  sealingTextsOf,
  wordBoxes,
  writeTemp,
} from './pdf-tools.test-helpers.ts';
import { sealDocument } from './seal-document.ts';
import type { SignedSlot } from './seal-input.ts';
import { verifyPdf } from './verify-pdf.ts';

/**
 * A typed signature in the sealed PDF: the name in the handwriting font (embedded as a subset) in the slot, read back
 * with poppler's pdffonts and pdftotext, under a seal that pdfsig and our verifier accept.
 */
const pki = sharedTestPki();
let tsa: RunningTsaSimulator;
beforeAll(async () => {
  tsa = await startTsaSimulator({ ...pki.tsa, chainPems: [pki.ca.certPem] });
});
afterAll(() => tsa?.close());

const signedAt = '2026-11-20T10:00:00.000Z';
const texts = sealingTextsOf('en-us');
// A slot in the lower half of page 1 of the 4-page fixture, 200 × 60 pt, as the editor places it.
const slotField = {
  id: 'sig-0',
  type: 'signature',
  signatureIndex: 0,
  page: 1,
  x: 72,
  y: 500,
  width: 200,
  height: 60,
  required: true,
  name: 'Signature[0]',
} as const;

async function sealSigned(slot: Omit<SignedSlot, 'signatureIndex' | 'method' | 'signedAt'>) {
  return sealDocument(
    {
      stamp: {
        files: [{ bytes: fixture('pdflatex-4-pages.pdf'), fields: [slotField] }],
        values: {},
        signatures: [{ signatureIndex: 0, method: 'ink', signedAt, ...slot }],
        texts: texts.stamp,
      },
      auditTrail: {
        documentName: 'Lease',
        documentId: 'doc_typed',
        originalSha256: '00'.repeat(32),
        parties: [{ signatureIndex: 0, name: slot.signerName, contact: 'a@example.com', method: 'Typed', signedAt }],
        events: [{ sequence: 1, at: signedAt, description: 'Signed', hash: 'ab'.repeat(32), previousHash: null }],
        texts: texts.auditTrail,
      },
      key: { p12: pki.seal.p12, password: pki.seal.password },
      reason: 'Sealed by Signlink: signed by all parties',
    },
    createTimestampingProvider({ driver: 'rfc3161-http', url: tsa.url }),
  );
}

const pdffonts = (bytes: Uint8Array) =>
  execFileSync('pdffonts', [writeTemp(`fonts-${Math.random().toString(36).slice(2)}.pdf`, bytes)], {
    encoding: 'utf8',
  });

describe('a typed signature in the sealed PDF', () => {
  it('is the name in Caveat, embedded as a subset, in the slot, under a valid seal', async () => {
    const { sealed: bytes } = await sealSigned({ signerName: 'Anna Andersson', typed: { text: 'Anna Andersson' } });
    // The font file is in the PDF, and only its subset: the whole of Caveat weighs 250 KB.
    expect(pdffonts(bytes)).toMatch(/Caveat-Regular\S*\s+CID TrueType\s+Identity-H\s+yes/);
    const drawn = await sealSigned({ signerName: 'Anna Andersson', ink: { width: 10, height: 10, strokes: [] } });
    expect(bytes.length - drawn.sealed.length).toBeLessThan(30_000);
    // The name twice on page 1: in the handwriting font above the line and in the caption under it.
    const onPage = wordBoxes(bytes).filter((word) => word.page === 1 && word.text === 'Andersson');
    expect(onPage).toHaveLength(2);
    const [written, caption] = [...onPage].sort((a, b) => a.yMin - b.yMin);
    // Field y 500..560 from the top of the page; the handwriting is the larger of the two.
    for (const word of [written, caption]) {
      expect(word?.yMin).toBeGreaterThanOrEqual(499);
      expect(word?.yMax).toBeLessThanOrEqual(561);
    }
    expect((written?.yMax ?? 0) - (written?.yMin ?? 0)).toBeGreaterThan(
      2 * ((caption?.yMax ?? 0) - (caption?.yMin ?? 0)),
    );
    expect(qpdfCheck(bytes)).toMatchObject({ ok: true });
    expect(pdfsig(bytes).signatureValid).toBe(true);
    expect((await verifyPdf(bytes, { trustAnchorsPem: [pki.ca.certPem] })).verdict).toBe('valid');
  }, 60_000);

  it('writes Polish and Cyrillic names by hand too, and extracts them as typed', async () => {
    expect(canWriteByHand('Łukasz Żółć')).toBe(true);
    const { sealed: bytes } = await sealSigned({ signerName: 'Petar', typed: { text: 'Петар Łukasz' } });
    expect(pdftotext(bytes, { first: 1, last: 1 })).toContain('Петар Łukasz');
  }, 60_000);

  it('falls back to the signature block when the handwriting font lacks a letter of the name', async () => {
    expect(canWriteByHand('Ελένη')).toBe(false);
    const { sealed: bytes } = await sealSigned({ signerName: 'Eleni', typed: { text: 'Ελένη' } });
    expect(pdftotext(bytes, { first: 1, last: 1 })).toContain(texts.stamp.signedElectronically);
  }, 60_000);
});
