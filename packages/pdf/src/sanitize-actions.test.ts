import { PDFArray, PDFDict, PDFDocument, PDFName } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  activeContentPdfs,
  buildFieldSubmitFormPdf,
  buildGoToNextUriPdf,
  buildInDocumentLinksPdf,
  buildOutlineActionsPdf,
  buildUriLinkPdf,
  buildXfaPdf,
} from '../../../apps/server/test/fixtures/active-content-pdfs.ts';
import { inspectPdf } from './inspect-pdf.ts';
import { actionsIn, textOfObjects } from './pdf-objects.test-helpers.ts';
import { sanitizePdf } from './sanitize-pdf.ts';
import { uploadLimits } from './upload-limits.test-helpers.ts';

const firstPageAnnotations = async (bytes: Uint8Array) =>
  (await PDFDocument.load(bytes)).getPage(0).node.lookupMaybe(PDFName.of('Annots'), PDFArray);

describe('sanitizePdf: actions, XFA and media', () => {
  it.each(activeContentPdfs)('$name: found, removed and reported', async ({ build, removed }) => {
    const bytes = await build();
    const before = await inspectPdf(bytes, uploadLimits);
    expect(before.findings).toEqual(removed);
    const result = await sanitizePdf(bytes, uploadLimits);
    expect(result.removed).toEqual(removed);
    expect(result.isUploadedBytes).toBe(false);
    expect(result.inspection.findings).toEqual([]);
    expect(result.inspection.pageCount).toBe(before.pageCount);
    // qpdf reads every object, reachable or not: no action but in-document navigation is left anywhere.
    expect(actionsIn(result.bytes).filter((action) => action !== 'GoTo' && action !== 'Named NextPage')).toEqual([]);
    expect(textOfObjects(result.bytes)).not.toMatch(/attacker\.example|app\.alert|\/XFA|\/RichMedia|<script/);
  });

  it('keeps a file with only in-document navigation byte for byte', async () => {
    const bytes = await buildInDocumentLinksPdf();
    const result = await sanitizePdf(bytes, uploadLimits);
    expect(result.isUploadedBytes).toBe(true);
    expect(result.bytes).toBe(bytes);
    expect(result.removed).toEqual([]);
  });

  it('keeps a web link annotation and drops only its action', async () => {
    const result = await sanitizePdf(await buildUriLinkPdf(), uploadLimits);
    const link = (await firstPageAnnotations(result.bytes))?.lookup(0, PDFDict);
    expect(link?.get(PDFName.of('Subtype'))).toBe(PDFName.of('Link'));
    expect(link?.has(PDFName.of('A'))).toBe(false);
  });

  it('keeps an in-document link whose chain led to the web, without the chain', async () => {
    const result = await sanitizePdf(await buildGoToNextUriPdf(), uploadLimits);
    const action = (await firstPageAnnotations(result.bytes))?.lookup(0, PDFDict).lookup(PDFName.of('A'), PDFDict);
    expect(action?.get(PDFName.of('S'))).toBe(PDFName.of('GoTo'));
    expect(action?.has(PDFName.of('Next'))).toBe(false);
  });

  it('keeps the form field and the bookmarks, without their actions', async () => {
    const field = await sanitizePdf(await buildFieldSubmitFormPdf(), uploadLimits);
    expect(field.inspection.formFields.map((info) => info.name)).toEqual(['customer.name']);
    const outline = await sanitizePdf(await buildOutlineActionsPdf(), uploadLimits);
    expect(actionsIn(outline.bytes)).toEqual([]);
    expect(textOfObjects(outline.bytes)).toContain('Terms');
  });

  it('drops the XFA packets and /NeedsRendering, and keeps the AcroForm', async () => {
    const result = await sanitizePdf(await buildXfaPdf(), uploadLimits);
    const catalog = (await PDFDocument.load(result.bytes)).catalog;
    expect(catalog.has(PDFName.of('NeedsRendering'))).toBe(false);
    expect(catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict)?.has(PDFName.of('XFA'))).toBe(false);
  });
});
