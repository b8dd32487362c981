/**
 * Draws the ID specimens the Onfido simulator reads (packages/simulators/src/onfido/specimens/) and the fake camera
 * file the browser tests film (e2e/fixtures/id-camera.y4m). Run from the repository root:
 *
 *   npx tsx packages/simulators/scripts/make-id-specimens.ts
 *
 * Each document is drawn as a PDF page (Courier for the machine-readable zone) and rasterised with poppler's
 * `pdftoppm`, so the output is an image as a phone would capture it. There is no OCR engine offline, so each MRZ is
 * printed a second time as a QR code beside the text: that is what the simulator reads. The data printed is that of
 * `idSpecimens` (src/onfido/id-specimens.ts); the script refuses to write a valid specimen whose MRZ `mrz` rejects.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from '@cantoo/pdf-lib';
import { parse as parseMrz } from 'mrz';
import QRCode from 'qrcode';
import { idSpecimens } from '../src/onfido/id-specimens.ts';
import { writeCamera } from './id-camera.ts';
import { type Person, td1, td3 } from './id-specimen-mrz.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const outDir = path.join(root, 'packages/simulators/src/onfido/specimens');
const mm = (value: number) => (value * 72) / 25.4;
const DPI = 200;

interface Fonts {
  courier: PDFFont;
  helvetica: PDFFont;
  bold: PDFFont;
}

function drawFace(page: PDFPage, x: number, y: number, width: number, height: number) {
  page.drawRectangle({ x, y, width, height, color: rgb(0.78, 0.78, 0.8) });
  const cx = x + width / 2;
  page.drawEllipse({
    x: cx,
    y: y + height * 0.22,
    xScale: width * 0.42,
    yScale: height * 0.2,
    color: rgb(0.3, 0.35, 0.5),
  });
  page.drawEllipse({
    x: cx,
    y: y + height * 0.62,
    xScale: width * 0.28,
    yScale: height * 0.24,
    color: rgb(0.93, 0.8, 0.68),
  });
  for (const side of [-1, 1]) {
    page.drawCircle({
      x: cx + side * width * 0.1,
      y: y + height * 0.66,
      size: width * 0.035,
      color: rgb(0.15, 0.15, 0.2),
    });
  }
  page.drawLine({
    start: { x: cx - width * 0.08, y: y + height * 0.52 },
    end: { x: cx + width * 0.08, y: y + height * 0.52 },
    thickness: 1.2,
    color: rgb(0.6, 0.3, 0.3),
  });
}

function drawFields(page: PDFPage, fonts: Fonts, x: number, top: number, fields: [string, string][]) {
  fields.forEach(([label, value], index) => {
    const y = top - index * mm(7.5);
    page.drawText(label, { x, y, size: 5.5, font: fonts.helvetica, color: rgb(0.35, 0.35, 0.45) });
    page.drawText(value, { x, y: y - mm(3.2), size: 8.5, font: fonts.bold, color: rgb(0.05, 0.05, 0.1) });
  });
}

interface CardOptions {
  width: number;
  height: number;
  title: string;
  background: [number, number, number];
  draw(page: PDFPage, fonts: Fonts): Promise<void>;
}

async function card({ width, height, title, background, draw }: CardOptions): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([mm(width), mm(height)]);
  const fonts = {
    courier: await pdf.embedFont(StandardFonts.Courier),
    helvetica: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  page.drawRectangle({ x: 0, y: 0, width: mm(width), height: mm(height), color: rgb(...background) });
  page.drawText(title, { x: mm(5), y: mm(height - 8), size: 9, font: fonts.bold, color: rgb(0.1, 0.2, 0.45) });
  await draw(page, fonts);
  return pdf.save();
}

async function drawMrz(page: PDFPage, fonts: Fonts, lines: string[], qrSizeMm: number) {
  const pdf = page.doc;
  const qr = await QRCode.toBuffer(lines.join('\n'), { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6 });
  const image = await pdf.embedPng(qr);
  const { width } = page.getSize();
  page.drawImage(image, { x: width - mm(qrSizeMm + 4), y: mm(4), width: mm(qrSizeMm), height: mm(qrSizeMm) });
  lines.forEach((line, index) => {
    page.drawText(line, { x: mm(4), y: mm(4 + (lines.length - 1 - index) * 5), size: 8.6, font: fonts.courier });
  });
}

function rasterise(pdfBytes: Uint8Array, name: string, options: { dpi?: number; jpeg?: boolean } = {}): string {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'id-specimen-'));
  try {
    const input = path.join(work, 'page.pdf');
    fs.writeFileSync(input, pdfBytes);
    const format = options.jpeg ? ['-jpeg', '-jpegopt', 'quality=85'] : ['-png'];
    execFileSync('pdftoppm', [
      ...format,
      '-r',
      String(options.dpi ?? DPI),
      '-singlefile',
      input,
      path.join(work, 'out'),
    ]);
    const produced = path.join(work, options.jpeg ? 'out.jpg' : 'out.png');
    const target = path.join(outDir, name);
    fs.copyFileSync(produced, target);
    return target;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

function assertValid(lines: string[], expected: boolean) {
  const result = parseMrz(lines);
  if (result.valid !== expected) {
    const failing = result.details.filter((detail) => !detail.valid).map((detail) => detail.field);
    throw new Error(`MRZ ${lines.join(' / ')} should be ${expected ? 'valid' : 'invalid'}: ${failing.join(', ')}`);
  }
}

async function passport(person: Person, mrz: string[]): Promise<Uint8Array> {
  return card({
    width: 125,
    height: 88,
    title: 'PASS / PASSPORT  ·  KONUNGARIKET SVERIGE  ·  SPECIMEN',
    background: [0.9, 0.93, 0.97],
    async draw(page, fonts) {
      drawFace(page, mm(5), mm(27), mm(30), mm(40));
      drawFields(page, fonts, mm(40), mm(75), [
        ['Type / Type  ·  Code / Code', `P  ·  ${person.country}`],
        ['Efternamn / Surname', person.surname],
        ['Förnamn / Given names', person.givenNames],
        ['Födelsedatum / Date of birth', person.birthDate],
        ['Passnummer / Passport No.', person.number],
        ['Giltig till / Date of expiry', person.expiry],
      ]);
      await drawMrz(page, fonts, mrz, 34);
    },
  });
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const base = { country: 'SWE', sex: 'F' as const, birthDate: idSpecimens.passportValid.birthDate };
  const valid = { ...base, ...idSpecimens.passportValid };
  const validMrz = td3(valid);
  assertValid(validMrz, true);
  rasterise(await passport(valid, validMrz), 'passport-valid.png');

  const expired = { ...base, ...idSpecimens.passportExpired };
  const expiredMrz = td3(expired);
  assertValid(expiredMrz, true);
  rasterise(await passport(expired, expiredMrz), 'passport-expired.png');

  const badDigit = { ...base, ...idSpecimens.passportBadCheckDigit };
  const badDigitMrz = td3(badDigit, true);
  assertValid(badDigitMrz, false);
  rasterise(await passport(badDigit, badDigitMrz), 'passport-bad-check-digit.png');

  const id = { ...base, ...idSpecimens.nationalIdBack };
  const idMrz = td1(id);
  assertValid(idMrz, true);
  const idFront = await card({
    width: 85.6,
    height: 54,
    title: 'IDENTITETSKORT  ·  SVERIGE  ·  SPECIMEN',
    background: [0.93, 0.95, 0.9],
    async draw(page, fonts) {
      drawFace(page, mm(4), mm(6), mm(24), mm(32));
      drawFields(page, fonts, mm(32), mm(40), [
        ['Efternamn / Surname', id.surname],
        ['Förnamn / Given names', id.givenNames],
        ['Identitetskortsnummer / Card No.', id.number],
        ['Giltig till / Date of expiry', id.expiry],
      ]);
    },
  });
  rasterise(idFront, 'national-id-front.png', { dpi: 300 });
  const idBack = await card({
    width: 85.6,
    height: 54,
    title: 'IDENTITETSKORT  ·  BAKSIDA',
    background: [0.93, 0.95, 0.9],
    async draw(page, fonts) {
      const pdf = page.doc;
      const qr = await QRCode.toBuffer(idMrz.join('\n'), {
        type: 'png',
        errorCorrectionLevel: 'M',
        margin: 2,
        scale: 6,
      });
      page.drawImage(await pdf.embedPng(qr), { x: mm(56), y: mm(21), width: mm(26), height: mm(26) });
      idMrz.forEach((line, index) => {
        page.drawText(line, { x: mm(4), y: mm(4 + (2 - index) * 5), size: 9.5, font: fonts.courier });
      });
    },
  });
  rasterise(idBack, 'national-id-back.png', { dpi: 300 });

  const licence = idSpecimens.drivingLicence;
  const licencePdf = await card({
    width: 85.6,
    height: 54,
    title: 'KÖRKORT  ·  SVERIGE  ·  SPECIMEN',
    background: [0.97, 0.9, 0.92],
    async draw(page, fonts) {
      drawFace(page, mm(4), mm(6), mm(24), mm(32));
      drawFields(page, fonts, mm(32), mm(40), [
        ['1. Surname', licence.surname],
        ['2. Given names', licence.givenNames],
        ['5. Licence No.', licence.number],
        ['4b. Expiry', licence.expiry],
      ]);
    },
  });
  rasterise(licencePdf, 'driving-licence.png', { dpi: 300 });

  const unreadable = await card({
    width: 85.6,
    height: 54,
    title: '',
    background: [0.82, 0.82, 0.82],
    async draw(page) {
      // A glare-washed card: pale smudges where the data would be, nothing a reader could decode.
      for (let index = 0; index < 6; index++) {
        page.drawRectangle({
          x: mm(8 + index * 3),
          y: mm(10 + index * 5),
          width: mm(50),
          height: mm(3),
          color: rgb(0.86, 0.86, 0.86),
        });
      }
    },
  });
  rasterise(unreadable, 'unreadable.png', { dpi: 150 });

  const facePdf = await PDFDocument.create();
  const facePage = facePdf.addPage([mm(60), mm(80)]);
  drawFace(facePage, 0, 0, mm(60), mm(80));
  rasterise(await facePdf.save(), 'face.jpg', { dpi: 120, jpeg: true });

  writeCamera(await passport(valid, validMrz), path.join(root, 'e2e/fixtures/id-camera.y4m'));
}

await main();
