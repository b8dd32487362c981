import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  buildEmbeddedFilePdf,
  buildJavaScriptPdf,
  buildLaunchActionPdf,
  buildPlainPdf,
  buildRotatedFormPdf,
  readSharedPdf,
} from '../../../apps/server/test/fixtures/hostile-pdfs.ts';
import { inspectPdf } from './inspect-pdf.ts';
import { mergePdfs } from './merge-pdfs.ts';
import { sanitizePdf } from './sanitize-pdf.ts';
import { uploadLimits } from './upload-limits.test-helpers.ts';

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('sanitizePdf', () => {
  it('finds scripts in the name tree, /OpenAction and /AA, and removes every one', async () => {
    const bytes = await buildJavaScriptPdf();
    expect((await inspectPdf(bytes, uploadLimits)).findings).toEqual(['javascript']);
    const result = await sanitizePdf(bytes, uploadLimits);
    expect(result.removed).toEqual(['javascript']);
    expect(result.isUploadedBytes).toBe(false);
    expect(result.inspection.findings).toEqual([]);
    expect(result.inspection.pageCount).toBe(2);
    expect(latin1(result.bytes)).not.toMatch(/app\.alert|\/JavaScript|\/OpenAction/);
  });

  it('removes launch actions', async () => {
    const result = await sanitizePdf(await buildLaunchActionPdf(), uploadLimits);
    expect(result.removed).toEqual(['launch-actions']);
    expect(latin1(result.bytes)).not.toMatch(/calc\.exe|\/Launch/);
  });

  it('removes embedded files and file attachments with their bytes', async () => {
    const bytes = await buildEmbeddedFilePdf();
    expect((await inspectPdf(bytes, uploadLimits)).findings).toEqual(['embedded-files']);
    const result = await sanitizePdf(bytes, uploadLimits);
    expect(result.removed).toEqual(['embedded-files']);
    expect(latin1(result.bytes)).not.toMatch(/\/EmbeddedFile|\/FileAttachment|invoice\.exe/);
    const attachment = await sanitizePdf(readSharedPdf('with-attachment.pdf'), uploadLimits);
    expect(attachment.removed).toEqual(['embedded-files']);
    expect(latin1(attachment.bytes)).not.toMatch(/\/EmbeddedFiles/);
  });

  it('keeps a clean file byte for byte', async () => {
    const bytes = await buildPlainPdf(3);
    const result = await sanitizePdf(bytes, uploadLimits);
    expect(result.bytes).toBe(bytes);
    expect(result.removed).toEqual([]);
  });
});

describe('mergePdfs', () => {
  it('puts the pages of each file in order into one, with their form fields', async () => {
    const merged = await mergePdfs([await buildPlainPdf(2), await buildRotatedFormPdf(), await buildPlainPdf(1)]);
    const inspection = await inspectPdf(merged, uploadLimits);
    expect(inspection.pageCount).toBe(4);
    expect(inspection.pages[2]).toEqual({ width: 800, height: 600 });
    expect(inspection.formFields.map((field) => [field.name, field.page])).toEqual([
      ['customer.name', 3],
      ['agree', 3],
    ]);
    const form = (await PDFDocument.load(merged)).getForm();
    expect(form.getFields().map((field) => field.getName())).toEqual(['customer.name', 'agree']);
  });
});
