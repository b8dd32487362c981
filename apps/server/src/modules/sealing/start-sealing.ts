import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import { type LocalPki, sharedTestPki } from '@signlink/pdf/sealing/local-pki';
import { loadOrCreateLocalPki } from '@signlink/pdf/sealing/local-pki-folder';
import { readSealP12 } from '@signlink/pdf/sealing/seal-p12';
import {
  createTimestampingProvider,
  type TimestampingConfig,
} from '@signlink/providers/timestamping/create-timestamping-provider';
import type { TimestampingProvider } from '@signlink/providers/timestamping/timestamping.port';
import { type RunningTsaSimulator, startTsaSimulator } from '@signlink/simulators/tsa/tsa-simulator';
import type { Config } from '../../config/config.ts';

export interface RunningSealing {
  /** The seal key as @libpdf/core's P12Signer takes it; plain data, so it crosses into the PDF worker threads. */
  key: { p12: Uint8Array; password: string };
  /**
   * The CA certificate (PEM) published at GET /v2/linktinker/verify/ca: the local CA, or the root of SEAL_P12_FILE's
   * chain, else SEAL_TRUST_FILE's first certificate; absent when none of them names one.
   */
  caPem: string | undefined;
  /** Every certificate the verifier trusts (PEM): our CA, the TSA's CA when it is ours, and SEAL_TRUST_FILE's. */
  trustAnchorsPem: string[];
  /** Where the TSA is, as plain data for worker threads: `createTimestampingProvider(timestamping)` there. */
  timestamping: TimestampingConfig;
  /** A client of that TSA for this thread, with its retries. */
  timestampingProvider: TimestampingProvider;
  /** The stand-in TSA on loopback, without TSA_URL: tests take it down and count its requests. */
  tsaSimulator: RunningTsaSimulator | undefined;
  stop(): Promise<void>;
}

declare module '../../jobs/job-definition.ts' {
  interface JobServices {
    /** The seal key and the TSA, as plain data for the PDF worker threads. */
    sealing: Pick<RunningSealing, 'key' | 'timestamping' | 'trustAnchorsPem'>;
  }
}

type SealingConfig = Pick<Config, 'env' | 'sealing' | 'timestamping'>;

/**
 * Opens the seal key and the time-stamping authority as configured: SEAL_P12_FILE and TSA_URL, or (outside
 * production, which refuses to start without them) the local PKI under `<DATA_DIR>/keys` and the TSA simulator on
 * loopback with the local TSA certificate (DECISIONS "Real providers and their simulators").
 */
export async function startSealing(config: SealingConfig): Promise<RunningSealing> {
  const { key: keyConfig, trustFile } = config.sealing;
  const needsLocalPki = keyConfig.source === 'local-pki' || config.timestamping.driver === 'simulator';
  const localPki = needsLocalPki ? await openLocalPki(config) : undefined;

  let key: RunningSealing['key'];
  let sealRootPem: string | undefined;
  if (keyConfig.source === 'p12-file') {
    key = { p12: new Uint8Array(readFile('SEAL_P12_FILE', keyConfig.file)), password: keyConfig.password };
    const certificates = await readSealP12(key.p12, key.password).catch((error: Error) => {
      throw new Error(`SEAL_P12_FILE (${keyConfig.file}) cannot be opened with SEAL_P12_PASSWORD: ${error.message}`);
    });
    sealRootPem = certificates.rootPem;
  } else {
    const pki = localPki as LocalPki;
    key = { p12: pki.seal.p12, password: pki.seal.password };
    sealRootPem = pki.ca.certPem;
  }
  const extraAnchors = trustFile ? readPemBundle(trustFile) : [];

  let tsaSimulator: RunningTsaSimulator | undefined;
  let timestamping: TimestampingConfig;
  if (config.timestamping.driver === 'simulator') {
    const pki = localPki as LocalPki;
    tsaSimulator = await startTsaSimulator({ ...pki.tsa, chainPems: [pki.ca.certPem] });
    timestamping = { driver: 'rfc3161-http', url: tsaSimulator.url };
  } else {
    const { username, password } = config.timestamping;
    timestamping = {
      driver: 'rfc3161-http',
      url: config.timestamping.url,
      ...(username === undefined ? {} : { username, password: password ?? '' }),
    };
  }

  const tsaRootPem = tsaSimulator ? localPki?.ca.certPem : undefined;
  const caPem = sealRootPem ?? extraAnchors[0];
  return {
    key,
    // In node:crypto's form, as the trust anchors are, so one compares equal to the other.
    caPem: caPem ? new X509Certificate(caPem).toString() : undefined,
    trustAnchorsPem: distinctCertificates([sealRootPem, tsaRootPem, ...extraAnchors]),
    timestamping,
    timestampingProvider: createTimestampingProvider(timestamping),
    tsaSimulator,
    stop: async () => tsaSimulator?.close(),
  };
}

async function openLocalPki(config: SealingConfig): Promise<LocalPki> {
  // Tests build many apps, each on a fresh data folder: one PKI per process spares each the key generation.
  if (config.env === 'test') return sharedTestPki();
  const dir = config.sealing.localPkiDir;
  try {
    return await loadOrCreateLocalPki(dir);
  } catch (error) {
    throw new Error(`The local seal keys in ${dir} cannot be read or made: ${(error as Error).message}`);
  }
}

function readFile(variable: string, file: string): Buffer {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    throw new Error(`${variable} (${file}) cannot be read: ${(error as Error).message}`);
  }
}

/** Every certificate in a PEM bundle, each one checked, so a broken trust list stops start-up with its name. */
function readPemBundle(file: string): string[] {
  const blocks = readFile('SEAL_TRUST_FILE', file)
    .toString('utf8')
    .match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g);
  if (!blocks) throw new Error(`SEAL_TRUST_FILE (${file}) holds no PEM certificate`);
  return blocks.map((block, index) => {
    try {
      return new X509Certificate(block).toString();
    } catch (error) {
      throw new Error(`SEAL_TRUST_FILE (${file}): certificate ${index + 1} is broken: ${(error as Error).message}`);
    }
  });
}

function distinctCertificates(pems: (string | undefined)[]): string[] {
  const byFingerprint = new Map<string, string>();
  for (const pem of pems) {
    if (!pem) continue;
    const cert = new X509Certificate(pem);
    if (!byFingerprint.has(cert.fingerprint256)) byFingerprint.set(cert.fingerprint256, cert.toString());
  }
  return [...byFingerprint.values()];
}
