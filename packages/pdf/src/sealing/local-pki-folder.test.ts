import { spawn } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { P12Signer } from '@libpdf/core';
import { afterAll, describe, expect, it } from 'vitest';
import { loadOrCreateLocalPki } from './local-pki-folder.ts';

const folderModule = fileURLToPath(new URL('./local-pki-folder.ts', import.meta.url));

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'local-pki-'));
  dirs.push(dir);
  return dir;
}

const fingerprint = (pem: string) => new X509Certificate(pem).fingerprint256;

/**
 * A process that loads the folder's module, says "ready", and on "go" (so that several start the making together)
 * makes or reads the PKI and prints its CA's and seal's fingerprints.
 */
function startMaker(dir: string) {
  const script = `
    const { loadOrCreateLocalPki } = await import(${JSON.stringify(folderModule)});
    const { X509Certificate } = await import('node:crypto');
    process.stdout.write('ready\\n');
    process.stdin.once('data', async () => {
      const pki = await loadOrCreateLocalPki(${JSON.stringify(dir)});
      const print = (pem) => new X509Certificate(pem).fingerprint256;
      process.stdout.write(JSON.stringify({ ca: print(pki.ca.certPem), seal: print(pki.seal.certPem) }) + '\\n');
      process.exit(0);
    });`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  const lines = new Promise<string[]>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => (code === 0 ? resolve(output.trim().split('\n')) : reject(new Error(output))));
  });
  const ready = new Promise<void>((resolve) => {
    child.stdout.on('data', () => {
      if (output.startsWith('ready')) resolve();
    });
  });
  return { ready, go: () => child.stdin.write('go\n'), result: lines.then((all) => JSON.parse(all[1] ?? '{}')) };
}

describe('loadOrCreateLocalPki', () => {
  it('creates its files on the first call and reads the same ones later', async () => {
    const dir = freshDir();
    const first = await loadOrCreateLocalPki(dir);
    for (const name of ['ca-key.pem', 'seal.p12', 'seal-password.txt', 'tsa-key.pem']) {
      expect(statSync(join(dir, name)).mode & 0o777).toBe(0o600);
    }
    expect(readFileSync(join(dir, 'ca.pem'), 'utf8')).toBe(first.ca.certPem);
    expect(existsSync(join(dir, '.lock'))).toBe(false);

    const second = await loadOrCreateLocalPki(dir);
    expect(second.ca).toEqual(first.ca);
    expect(second.tsa).toEqual(first.tsa);
    expect(second.seal.password).toBe(first.seal.password);
    expect(Buffer.from(second.seal.p12).equals(Buffer.from(first.seal.p12))).toBe(true);
    expect(fingerprint(second.seal.certPem)).toBe(fingerprint(first.seal.certPem));
    await expect(P12Signer.create(second.seal.p12, second.seal.password)).resolves.toBeDefined();
  });

  it('reissues a missing TSA certificate from the CA that is there', async () => {
    const dir = freshDir();
    const first = await loadOrCreateLocalPki(dir);
    rmSync(join(dir, 'tsa.pem'));
    const second = await loadOrCreateLocalPki(dir);
    expect(second.ca).toEqual(first.ca);
    expect(second.tsa.certPem).not.toBe(first.tsa.certPem);
    expect(new X509Certificate(second.tsa.certPem).checkIssued(new X509Certificate(first.ca.certPem))).toBe(true);
  });

  it('makes one PKI when calls in one process overlap', async () => {
    const dir = freshDir();
    const all = await Promise.all([loadOrCreateLocalPki(dir), loadOrCreateLocalPki(dir), loadOrCreateLocalPki(dir)]);
    expect(new Set(all.map((pki) => fingerprint(pki.ca.certPem))).size).toBe(1);
    expect(new Set(all.map((pki) => fingerprint(pki.seal.certPem))).size).toBe(1);
  });

  it('makes one PKI when processes start on a fresh folder together, and each uses the one on disk', async () => {
    const dir = freshDir();
    const makers = Array.from({ length: 4 }, () => startMaker(dir));
    await Promise.all(makers.map((maker) => maker.ready));
    for (const maker of makers) maker.go();
    const results = await Promise.all(makers.map((maker) => maker.result));
    const onDisk = {
      ca: fingerprint(readFileSync(join(dir, 'ca.pem'), 'utf8')),
      seal: fingerprint((await loadOrCreateLocalPki(dir)).seal.certPem),
    };
    expect(results).toEqual(makers.map(() => onDisk));
  }, 30_000);
});
