import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * poppler and qpdf on a PDF we produced, as the issue asks for every sealed file. pdfsig exits 0 even when a
 * digest does not match, so its lines are what count.
 */
function withFile<T>(bytes: Uint8Array, run: (file: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'signlink-pdf-check-'));
  const file = join(dir, 'file.pdf');
  writeFileSync(file, bytes);
  try {
    return run(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function pdfsig(bytes: Uint8Array) {
  return withFile(bytes, (file) => {
    const run = spawnSync('pdfsig', [file], { encoding: 'utf8' });
    const output = `${run.stdout}${run.stderr}`;
    return {
      output,
      signatureValid: /Signature Validation: Signature is Valid/.test(output),
      wholeDocument: /Total document signed/.test(output),
    };
  });
}

export function qpdfCheck(bytes: Uint8Array): boolean {
  return withFile(bytes, (file) => {
    const run = spawnSync('qpdf', ['--check', file], { encoding: 'utf8' });
    return run.status === 0 && /No syntax or stream encoding errors found/.test(run.stdout);
  });
}

export function pdfText(bytes: Uint8Array): string {
  return withFile(bytes, (file) => execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }));
}
