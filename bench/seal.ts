/**
 * Sealing (issue 7, "Figures"): a 20-page and a 200-page document with three signers, stamped (two ink signatures
 * as vector paths, one BankID block, a text value each), the audit trail appended, and the PAdES seal with an
 * RFC 3161 timestamp from the local TSA simulator over loopback HTTP, next to @cantoo/pdf-lib's bare load-and-save
 * of the same bytes in the same run. Printed as ratios, with the heap's peak during the sealing runs.
 *
 *   npm run bench:seal --workspace @signlink/bench
 *   BENCH_RUNS=40 npm run bench:seal --workspace @signlink/bench
 *   BENCH_WARMUP=3 npm run bench:seal --workspace @signlink/bench   (colder: the first seals of a fresh worker)
 */
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { sharedTestPki } from '@signlink/pdf/sealing/local-pki';
import { sealingTextsOf } from '@signlink/pdf/sealing/pdf-tools.test-helpers';
import { type SealDocumentRequest, sealDocument } from '@signlink/pdf/sealing/seal-document';
import type { AuditEvent, InkSignature } from '@signlink/pdf/sealing/seal-input';
import { createTimestampingProvider } from '@signlink/providers/timestamping/create-timestamping-provider';
import { startTsaSimulator } from '@signlink/simulators/tsa/tsa-simulator';
import { median, time } from './timing.ts';

// Twenty interleaved runs: on a machine other work shares, ten medians of a 4 ms baseline drift by half.
const runs = Number(process.env.BENCH_RUNS ?? 20);
// Both sides warmed up until V8 has compiled them: a worker thread seals one document after another, and sealing
// runs through more code than a bare load-and-save, which takes about 20 runs to settle (3 left it 40% slower).
const warmup = Number(process.env.BENCH_WARMUP ?? 20);
const texts = sealingTextsOf('en-us');

async function buildPdf(pageCount: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pageCount; index++) {
    const page = doc.addPage([595.28, 841.89]);
    for (let line = 0; line < 40; line++) {
      page.drawText(`${line + 1}. The parties agree that clause ${index + 1}.${line + 1} applies as written.`, {
        x: 56,
        y: 780 - line * 16,
        font,
        size: 10,
      });
    }
  }
  return doc.save();
}

/** A signature pad's few hundred points, as a real signature has. */
function inkOf(seed: number): InkSignature {
  const points = Array.from({ length: 240 }, (_, i) => ({
    x: 20 + i * 1.5,
    y: 75 + 40 * Math.sin((i + seed * 7) / 9) * Math.cos(i / 31),
  }));
  return { width: 400, height: 150, strokes: [{ points: points.slice(0, 120) }, { points: points.slice(120) }] };
}

const latin1Signers = ['Åsa Öberg', 'Nils Nilsson', 'María Núñez'];
// Names the standard fonts cannot draw: stamp and audit trail each embed a Unicode font subset.
const unicodeSigners = ['Łukasz Żółć', 'Петар Петровић', 'Ελένη Παπαδοπούλου'];

function requestFor(bytes: Uint8Array, pageCount: number, signers: string[]): Omit<SealDocumentRequest, 'key'> {
  const at = new Date('2026-11-20T10:00:00Z');
  const events: AuditEvent[] = Array.from({ length: 12 }, (_, i) => ({
    sequence: i + 1,
    at: new Date(at.getTime() + i * 60_000).toISOString(),
    description: `Event ${i + 1}`,
    hash: 'ab'.repeat(32),
    previousHash: i === 0 ? null : 'cd'.repeat(32),
  }));
  return {
    stamp: {
      files: [
        {
          bytes,
          fields: signers.flatMap((_, index) => [
            {
              id: `s${index}`,
              type: 'signature' as const,
              signatureIndex: index,
              page: pageCount,
              x: 40 + index * 180,
              y: 600,
              width: 160,
              height: 60,
              required: true,
              name: `Signature[${index}]`,
            },
            {
              id: `t${index}`,
              type: 'text' as const,
              signatureIndex: index,
              page: pageCount,
              x: 40 + index * 180,
              y: 680,
              width: 160,
              height: 18,
              required: false,
              name: `Text[${index}]`,
            },
          ]),
        },
      ],
      values: Object.fromEntries(signers.map((name, index) => [`Text[${index}]`, `Signed by ${name}`])),
      signatures: signers.map((name, index) => ({
        signatureIndex: index,
        method: index === 1 ? ('bankid' as const) : ('ink' as const),
        signerName: name,
        ...(index === 1 ? { personalNumber: '19900101-1234' } : { ink: inkOf(index) }),
        signedAt: at.toISOString(),
      })),
      texts: texts.stamp,
    },
    auditTrail: {
      documentName: 'Bench agreement',
      documentId: 'doc_bench',
      originalSha256: '00'.repeat(32),
      parties: signers.map((name, index) => ({
        signatureIndex: index,
        name,
        contact: `party${index}@example.com`,
        method: index === 1 ? 'Swedish BankID' : 'E-signature',
        signedAt: at.toISOString(),
      })),
      events,
      texts: texts.auditTrail,
      verification: { url: 'http://localhost:3000/#/verify' },
    },
    reason: 'Sealed by Signlink: signed by all parties',
  };
}

async function main() {
  const pki = sharedTestPki();
  const tsa = await startTsaSimulator({ ...pki.tsa, chainPems: [pki.ca.certPem] });
  const timestamping = createTimestampingProvider({ driver: 'rfc3161-http', url: tsa.url });
  const key = { p12: pki.seal.p12, password: pki.seal.password };
  const rows: Record<string, string | number>[] = [];
  const cases = [
    { pageCount: 20, signers: latin1Signers, label: '' },
    { pageCount: 200, signers: latin1Signers, label: '' },
    { pageCount: 20, signers: unicodeSigners, label: ', names outside WinAnsi' },
  ];
  const sealMedians: number[] = [];
  for (const { pageCount, signers, label } of cases) {
    const bytes = await buildPdf(pageCount);
    const request = { ...requestFor(bytes, pageCount, signers), key };
    const bare = async () => (await PDFDocument.load(bytes)).save();
    const seal = () => sealDocument(request, timestamping);
    for (let i = 0; i < warmup; i++) {
      await bare();
      await seal();
    }
    const bareTimes: number[] = [];
    const sealTimes: number[] = [];
    let peakHeap = 0;
    const sampler = setInterval(() => {
      peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
    }, 2);
    for (let i = 0; i < runs; i++) {
      bareTimes.push(await time(bare));
      sealTimes.push(await time(seal));
      peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
    }
    clearInterval(sampler);
    const bareMs = median(bareTimes);
    const sealMs = median(sealTimes);
    sealMedians.push(sealMs);
    rows.push({
      pdf: `${pageCount} pages, 3 signers${label}`,
      'pdf-lib load+save ms': bareMs.toFixed(1),
      'seal ms (stamp, audit trail, PAdES B-T)': sealMs.toFixed(1),
      ratio: (sealMs / bareMs).toFixed(2),
      'peak heap MiB': (peakHeap / 1024 / 1024).toFixed(0),
    });
  }
  console.table(rows);
  for (const row of rows) console.log(`ratio seal / bare load+save, ${row.pdf}: ${row.ratio} (goal at most 4)`);
  const [latin1, , unicode] = sealMedians;
  if (latin1 && unicode)
    console.log(`seal ms, names outside WinAnsi / Latin-1 names, 20 pages: ${(unicode / latin1).toFixed(2)}`);
  await tsa.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
