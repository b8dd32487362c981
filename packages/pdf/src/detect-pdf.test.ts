import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectPdfVersion, isPdf } from './detect-pdf.ts';

const fixtures = path.resolve(import.meta.dirname, '../../../../shared/fixtures/pdfs');
const encoder = new TextEncoder();

describe('detectPdfVersion', () => {
  it('recognises every real-world fixture PDF', () => {
    const files = fs.readdirSync(fixtures).filter((name) => name.endsWith('.pdf'));
    expect(files.length).toBeGreaterThanOrEqual(15);
    for (const name of files) {
      const version = detectPdfVersion(fs.readFileSync(path.join(fixtures, name)));
      expect(version, name).toMatch(/^[12]\.\d$/);
    }
  });

  it('accepts junk before the header, within 1024 bytes', () => {
    expect(detectPdfVersion(encoder.encode(`${' '.repeat(100)}%PDF-1.4\n`))).toBe('1.4');
    expect(isPdf(encoder.encode(`${' '.repeat(2000)}%PDF-1.4\n`))).toBe(false);
  });

  it('refuses what is not a PDF', () => {
    expect(isPdf(encoder.encode('<html>%PDF</html>'))).toBe(false);
    expect(isPdf(encoder.encode('%PDF-x.y'))).toBe(false);
    expect(isPdf(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBe(false);
    expect(isPdf(new Uint8Array())).toBe(false);
  });
});
