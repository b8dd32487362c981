import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withFileLock } from './file-lock.ts';
import {
  createLocalCa,
  issueSealCertificate,
  issueTsaCertificate,
  type LocalCa,
  type LocalPki,
  type SealCertificate,
  sealCertificateFromP12,
  type TsaCertificate,
} from './local-pki.ts';

export const LOCAL_PKI_FILES = {
  caCert: 'ca.pem',
  caKey: 'ca-key.pem',
  sealP12: 'seal.p12',
  sealPassword: 'seal-password.txt',
  tsaCert: 'tsa.pem',
  tsaKey: 'tsa-key.pem',
} as const;

type FileName = keyof typeof LOCAL_PKI_FILES;

const LOCK_FILE = '.lock';

function writePrivate(path: string, data: string | Uint8Array, mode: number): void {
  // Written beside and renamed, so a crash mid-write never leaves a half file that a later start would trust; the
  // random suffix keeps two threads of one process off each other's temporary file.
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, data, { mode });
  renameSync(temporary, path);
}

function openFolder(dir: string) {
  const path = (name: FileName) => join(dir, LOCAL_PKI_FILES[name]);
  return {
    path,
    has: (...names: FileName[]) => names.every((name) => existsSync(path(name))),
    text: (name: FileName) => readFileSync(path(name), 'utf8'),
  };
}

function readSeal(folder: ReturnType<typeof openFolder>): SealCertificate {
  const p12 = new Uint8Array(readFileSync(folder.path('sealP12')));
  const password = folder.text('sealPassword').trim();
  return { p12, password, certPem: sealCertificateFromP12(p12, password) };
}

function readAll(folder: ReturnType<typeof openFolder>): LocalPki {
  return {
    ca: { certPem: folder.text('caCert'), keyPem: folder.text('caKey') },
    seal: readSeal(folder),
    tsa: { certPem: folder.text('tsaCert'), keyPem: folder.text('tsaKey') },
  };
}

/**
 * Makes what is missing. A missing CA remakes everything; a missing seal or TSA is reissued from the CA that is
 * there, so the published CA stays. The second file of each pair is written last: once all are there, each pair is whole.
 */
function completeFolder(folder: ReturnType<typeof openFolder>): LocalPki {
  const isCaFresh = !folder.has('caCert', 'caKey');
  let ca: LocalCa;
  if (isCaFresh) {
    ca = createLocalCa();
    writePrivate(folder.path('caKey'), ca.keyPem, 0o600);
    writePrivate(folder.path('caCert'), ca.certPem, 0o644);
  } else {
    ca = { certPem: folder.text('caCert'), keyPem: folder.text('caKey') };
  }

  let seal: SealCertificate;
  if (isCaFresh || !folder.has('sealP12', 'sealPassword')) {
    seal = issueSealCertificate(ca);
    writePrivate(folder.path('sealPassword'), seal.password, 0o600);
    writePrivate(folder.path('sealP12'), seal.p12, 0o600);
  } else {
    seal = readSeal(folder);
  }

  let tsa: TsaCertificate;
  if (isCaFresh || !folder.has('tsaCert', 'tsaKey')) {
    tsa = issueTsaCertificate(ca);
    writePrivate(folder.path('tsaKey'), tsa.keyPem, 0o600);
    writePrivate(folder.path('tsaCert'), tsa.certPem, 0o644);
  } else {
    tsa = { certPem: folder.text('tsaCert'), keyPem: folder.text('tsaKey') };
  }
  return { ca, seal, tsa };
}

/**
 * The local PKI under `dir` (the server's `<DATA_DIR>/keys`): made once, read by every later call. Processes
 * started together on one folder (an API and a worker) must publish one CA, or each calls the other's seals
 * foreign: the making runs under a lock file in the folder, and whoever waited reads what the first one made.
 */
export async function loadOrCreateLocalPki(dir: string): Promise<LocalPki> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const folder = openFolder(dir);
  const all = Object.keys(LOCAL_PKI_FILES) as FileName[];
  if (folder.has(...all)) return readAll(folder);
  return withFileLock(join(dir, LOCK_FILE), () => completeFolder(folder));
}
