import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDict, type PDFDocument, PDFName, PDFStream } from '@cantoo/pdf-lib';
import type { AuditTrailTexts, StampTexts } from './seal-input.ts';

/** Sealing's tests check their output with the tools a reader would use: poppler and qpdf, not pdf-lib alone. */

export const fixtures = path.resolve(import.meta.dirname, '../../../../../shared/fixtures/pdfs');
export const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(fixtures, name)));

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'signlink-sealing-'));

export function writeTemp(name: string, bytes: Uint8Array): string {
  const file = path.join(workDir, name);
  fs.writeFileSync(file, bytes);
  return file;
}

/** The texts the server passes, straight from the sealing namespace of a language (packages/i18n). */
export function sealingTextsOf(language: 'en-us' | 'sv' | 'es'): { auditTrail: AuditTrailTexts; stamp: StampTexts } {
  const file = path.resolve(import.meta.dirname, `../../../i18n/locales/${language}/sealing.json`);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** pdfsig exits 0 even when a digest does not match: its lines are what count. */
export function pdfsig(bytes: Uint8Array) {
  const file = writeTemp(`sig-${Math.random().toString(36).slice(2)}.pdf`, bytes);
  const run = spawnSync('pdfsig', [file], { encoding: 'utf8' });
  const output = `${run.stdout}${run.stderr}`;
  return {
    output,
    signatureValid: /Signature Validation: Signature is Valid/.test(output),
    wholeDocument: /Total document signed/.test(output),
  };
}

/** `raw` keeps content-stream order: a stamp drawn over a page's text stays one run instead of interleaving with it. */
export function pdftotext(
  bytes: Uint8Array,
  options: { first?: number; last?: number; layout?: boolean; raw?: boolean } = {},
) {
  const file = writeTemp(`text-${Math.random().toString(36).slice(2)}.pdf`, bytes);
  const args = [...(options.layout ? ['-layout'] : []), ...(options.raw ? ['-raw'] : []), '-enc', 'UTF-8'];
  if (options.first) args.push('-f', String(options.first));
  if (options.last) args.push('-l', String(options.last));
  return execFileSync('pdftotext', [...args, file, '-'], { encoding: 'utf8' });
}

export interface WordBox {
  text: string;
  page: number;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
  pageWidth: number;
  pageHeight: number;
}

/** Every word with its box, in points from the top-left corner of the page as shown (poppler applies /Rotate). */
export function wordBoxes(bytes: Uint8Array): WordBox[] {
  const file = writeTemp(`bbox-${Math.random().toString(36).slice(2)}.pdf`, bytes);
  const html = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  const words: WordBox[] = [];
  let page = 0;
  let size = { width: 0, height: 0 };
  for (const match of html.matchAll(/<page width="([\d.]+)" height="([\d.]+)">|<word ([^>]*)>([^<]*)<\/word>/g)) {
    if (match[1]) {
      page++;
      size = { width: Number(match[1]), height: Number(match[2]) };
      continue;
    }
    const attribute = (name: string) => Number(new RegExp(`${name}="([\\d.-]+)"`).exec(match[3] ?? '')?.[1]);
    words.push({
      text: decodeEntities(match[4] ?? ''),
      page,
      xMin: attribute('xMin'),
      yMin: attribute('yMin'),
      xMax: attribute('xMax'),
      yMax: attribute('yMax'),
      pageWidth: size.width,
      pageHeight: size.height,
    });
  }
  return words;
}

const decodeEntities = (text: string) =>
  text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&amp;', '&');

/** qpdf's verdict: it exits 0 only for a file without errors (2 for errors, 3 for warnings). */
export function qpdfCheck(bytes: Uint8Array): { ok: boolean; output: string } {
  const file = writeTemp(`check-${Math.random().toString(36).slice(2)}.pdf`, bytes);
  try {
    return { ok: true, output: execFileSync('qpdf', ['--check', file], { encoding: 'utf8' }) };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

/** A page as PNG (pdftoppm), kept in the temporary folder for a person to look at; returns its path. */
export function renderPage(bytes: Uint8Array, page: number, name: string, resolution = 50): string {
  const file = writeTemp(`${name}.pdf`, bytes);
  const prefix = path.join(workDir, name);
  execFileSync('pdftoppm', [
    '-r',
    String(resolution),
    '-png',
    '-singlefile',
    '-f',
    String(page),
    '-l',
    String(page),
    file,
    prefix,
  ]);
  return `${prefix}.png`;
}

/** The image XObjects a page's resources name (directly or inside form XObjects drawn on it). */
export function imageXObjectsOn(doc: PDFDocument, pageIndex: number): number {
  const seen = new Set<PDFDict>();
  const count = (resources: PDFDict | undefined): number => {
    const xObjects = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    if (!xObjects) return 0;
    let images = 0;
    for (const key of xObjects.keys()) {
      const stream = xObjects.lookup(key);
      if (!(stream instanceof PDFStream) || seen.has(stream.dict)) continue;
      seen.add(stream.dict);
      const subtype = stream.dict.get(PDFName.of('Subtype'));
      if (subtype === PDFName.of('Image')) images++;
      else images += count(stream.dict.lookupMaybe(PDFName.of('Resources'), PDFDict));
    }
    return images;
  };
  return count(doc.getPage(pageIndex).node.Resources());
}

/** A page rendered in gray (pdftoppm's PGM): `dark(x, y)` in points from the top-left corner of the page. */
export function renderGray(bytes: Uint8Array, page: number, resolution: number) {
  const file = writeTemp(`gray-${Math.random().toString(36).slice(2)}.pdf`, bytes);
  const prefix = file.replace(/\.pdf$/, '');
  execFileSync('pdftoppm', [
    '-gray',
    '-r',
    String(resolution),
    '-singlefile',
    '-f',
    String(page),
    '-l',
    String(page),
    file,
    prefix,
  ]);
  const pgm = fs.readFileSync(`${prefix}.pgm`);
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'));
  if (!header) throw new Error('not a PGM');
  const [width, height] = [Number(header[1]), Number(header[2])];
  const pixels = pgm.subarray(header[0].length);
  const scale = resolution / 72;
  return {
    dark(x: number, y: number): boolean {
      const column = Math.floor(x * scale);
      const row = Math.floor(y * scale);
      if (column < 0 || row < 0 || column >= width || row >= height) return false;
      return (pixels[row * width + column] ?? 255) < 128;
    },
  };
}

/** poppler's pdfdetach: its list of embedded files, and each one's bytes as it saves them. */
export function pdfdetach(bytes: Uint8Array): { list: string; files: Uint8Array[] } {
  const file = writeTemp(`detach-${Math.random().toString(36).slice(2)}.pdf`, bytes);
  const list = execFileSync('pdfdetach', ['-list', '-enc', 'UTF-8', file], { encoding: 'utf8' });
  const count = Number(/(\d+) embedded files/.exec(list)?.[1] ?? 0);
  const files = Array.from({ length: count }, (_, index) => {
    const out = file.replace(/\.pdf$/, `-${index + 1}.bin`);
    execFileSync('pdfdetach', ['-save', String(index + 1), '-o', out, file]);
    return new Uint8Array(fs.readFileSync(out));
  });
  return { list, files };
}
