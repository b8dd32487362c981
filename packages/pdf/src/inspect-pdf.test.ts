import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ActiveContentKind } from '@signlink/contracts/documents/active-content';
import { describe, expect, it } from 'vitest';
import {
  buildContentStreamBombPdf,
  buildManyPagesPdf,
  buildManyStreamBombsPdf,
  buildNotAPdf,
  buildObjectStreamBombPdf,
  buildPlainPdf,
  buildRestrictedPdf,
  buildRotatedFormPdf,
  buildTruncatedPdf,
  passwordProtectedPdf,
  readSharedPdf,
  sharedPdfFixtures,
} from '../../../apps/server/test/fixtures/hostile-pdfs.ts';
import { inspectPdf } from './inspect-pdf.ts';
import { isPdfRejectedError } from './pdf-limits.ts';
import { actionsIn } from './pdf-objects.test-helpers.ts';
import { sanitizePdf } from './sanitize-pdf.ts';
import { scanPdfStructure } from './scan-pdf-structure.ts';
import { mib, uploadLimits } from './upload-limits.test-helpers.ts';

async function rejectionOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    if (isPdfRejectedError(error)) return error.reason;
    throw error;
  }
  return 'accepted';
}

/** What shared/fixtures/pdfs/README.md asks of each real-world file: accepted, and cleaned of these kinds. */
const expectedRemoval: Record<string, ActiveContentKind[]> = {
  'with-attachment.pdf': ['embedded-files'],
  // Web links (/URI) lose their action and stay as inert link annotations; in-document links (/GoTo) stay.
  'GeoTopo-komprimiert.pdf': ['external-actions'],
  'libre-office-link.pdf': ['external-actions'],
  // Its submit button sends the form to a web address (/SubmitForm); the button and the fields stay.
  'pdflatex-forms.pdf': ['external-actions'],
};
const expectedRefusal: Record<string, string> = { 'libreoffice-writer-password.pdf': 'password-protected' };

describe('real-world PDFs (shared/fixtures/pdfs)', () => {
  const names = fs.readdirSync(sharedPdfFixtures).filter((name) => name.endsWith('.pdf'));

  it.each(names)(
    '%s is handled as its README says',
    async (name) => {
      const bytes = readSharedPdf(name);
      const refusal = expectedRefusal[name];
      if (refusal) {
        expect(await rejectionOf(sanitizePdf(bytes, uploadLimits))).toBe(refusal);
        return;
      }
      const result = await sanitizePdf(bytes, uploadLimits);
      expect(result.inspection.pageCount).toBeGreaterThanOrEqual(1);
      expect(result.inspection.pages).toHaveLength(result.inspection.pageCount);
      const removal = expectedRemoval[name] ?? [];
      expect(result.removed).toEqual(removal);
      if (removal.length === 0) {
        // Nothing removed: the very bytes uploaded are kept, so their SHA-256 is the sender's.
        expect(result.isUploadedBytes).toBe(true);
        expect(result.bytes).toBe(bytes);
      } else {
        expect(sha256(result.bytes)).not.toBe(sha256(bytes));
        const inDocument = (action: string) => action === 'GoTo';
        expect(actionsIn(result.bytes).filter((action) => !inDocument(action))).toEqual([]);
        expect(actionsIn(result.bytes).length).toBe(actionsIn(bytes).filter(inDocument).length);
      }
      // GeoTopo: 117 pages and 545 links, cleaned and inspected twice, then read by qpdf twice.
    },
    30_000,
  );

  it('reads page counts and AcroForm fields', async () => {
    const geoTopo = await inspectPdf(readSharedPdf('GeoTopo-komprimiert.pdf'), uploadLimits);
    expect(geoTopo.pageCount).toBe(117);
    const forms = await inspectPdf(readSharedPdf('pdflatex-forms.pdf'), uploadLimits);
    expect(forms.formFields).toHaveLength(3);
    const libreForm = await inspectPdf(readSharedPdf('libreoffice-form.pdf'), uploadLimits);
    expect(libreForm.formFields).toHaveLength(9);
    for (const field of libreForm.formFields) {
      const page = libreForm.pages[field.page - 1];
      expect(field.x).toBeGreaterThanOrEqual(0);
      expect(field.y + field.height).toBeLessThanOrEqual(page?.height ?? 0);
    }
  });

  it('finds a password, and says which permissions are denied without one', async () => {
    const protectedOne = await inspectPdf(passwordProtectedPdf(), uploadLimits);
    expect(protectedOne.findings).toContain('password-protected');
    const restricted = await inspectPdf(await buildRestrictedPdf(), uploadLimits);
    expect(restricted.findings).toEqual(['restricted']);
    expect(restricted.deniedPermissions).toEqual(expect.arrayContaining(['modify', 'copy']));
    expect(await rejectionOf(sanitizePdf(await buildRestrictedPdf(), uploadLimits))).toBe('restricted');
  });
});

describe('page geometry', () => {
  it('gives sizes and field rectangles as the page is shown, after /Rotate 90', async () => {
    const inspection = await inspectPdf(await buildRotatedFormPdf(), uploadLimits);
    expect(inspection.pages).toEqual([{ width: 800, height: 600 }]);
    const field = inspection.formFields.find((candidate) => candidate.name === 'customer.name');
    // Placed at x 100, y 200, 150 × 20 on the unrotated page; pdf-lib widens by its 1-point border.
    expect(field).toMatchObject({ kind: 'text', required: true, page: 1, x: 199.5, y: 99.5, width: 21, height: 151 });
    expect(inspection.formFields.find((candidate) => candidate.name === 'agree')).toMatchObject({
      kind: 'checkbox',
      required: false,
    });
  });
});

describe('bounds', () => {
  it('refuses what is not a PDF by its content', async () => {
    expect(await rejectionOf(inspectPdf(buildNotAPdf(), uploadLimits))).toBe('not-a-pdf');
    expect(await rejectionOf(inspectPdf(new Uint8Array(), uploadLimits))).toBe('not-a-pdf');
  });

  it('refuses a truncated file as damaged', async () => {
    expect(await rejectionOf(inspectPdf(await buildTruncatedPdf(), uploadLimits))).toBe('damaged');
  });

  it('refuses more bytes than the bound', async () => {
    const bytes = await buildPlainPdf(1);
    expect(await rejectionOf(inspectPdf(bytes, { ...uploadLimits, maxBytes: bytes.length - 1 }))).toBe('too-large');
  });

  it('refuses 5,000 pages', async () => {
    expect(await rejectionOf(inspectPdf(await buildManyPagesPdf(5000), uploadLimits))).toBe('too-many-pages');
  });

  it('counts objects, including those packed in object streams, against the bound', async () => {
    const bytes = readSharedPdf('GeoTopo-komprimiert.pdf');
    const { objectCount } = await scanPdfStructure(bytes, uploadLimits);
    expect(objectCount).toBeGreaterThan(500);
    expect(await rejectionOf(inspectPdf(bytes, { ...uploadLimits, maxObjects: objectCount - 1 }))).toBe(
      'too-many-objects',
    );
  });

  it('refuses a zip-bomb content stream without inflating it whole', async () => {
    const bytes = await buildContentStreamBombPdf(uploadLimits.maxStreamBytes + mib);
    expect(bytes.length).toBeLessThan(mib);
    expect(await rejectionOf(inspectPdf(bytes, uploadLimits))).toBe('stream-too-large');
  });

  // Building and scanning 4.7 GiB of bombs takes seconds on a loaded machine.
  it('refuses many bombs, each under the per-stream bound, once their total passes the budget', {
    timeout: 60_000,
  }, async () => {
    const eachBytes = 120 * mib;
    const bytes = await buildManyStreamBombsPdf(40, eachBytes);
    expect(await rejectionOf(inspectPdf(bytes, uploadLimits))).toBe('inflates-too-large');
    // Every byte counts: three 1 MiB streams (and the page's own) fit a budget of their sum, and not one byte less.
    const three = await buildManyStreamBombsPdf(3, mib);
    const { inflatedBytes } = await scanPdfStructure(three, uploadLimits);
    expect(inflatedBytes).toBeGreaterThanOrEqual(3 * mib);
    expect((await inspectPdf(three, { ...uploadLimits, maxInflatedBytes: inflatedBytes })).pageCount).toBe(1);
    expect(await rejectionOf(inspectPdf(three, { ...uploadLimits, maxInflatedBytes: inflatedBytes - 1 }))).toBe(
      'inflates-too-large',
    );
  });

  it('refuses a zip-bomb object stream before pdf-lib would inflate it while loading', async () => {
    const before = process.memoryUsage().arrayBuffers;
    const bytes = buildObjectStreamBombPdf(uploadLimits.maxStreamBytes + mib);
    expect(await rejectionOf(inspectPdf(bytes, uploadLimits))).toBe('stream-too-large');
    // The check stops at the bound; it never holds the whole inflated stream.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(uploadLimits.maxStreamBytes + mib);
  });
});

function sha256(bytes: Uint8Array) {
  return createHash('sha256').update(bytes).digest('hex');
}

// The shared fixtures must be where the tests look for them (shared/ beside the checkout).
it('finds the shared fixtures', () => {
  expect(fs.existsSync(path.join(sharedPdfFixtures, 'README.md'))).toBe(true);
});
