import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { loadOrCreateLocalPki } from '@signlink/pdf/sealing/local-pki-folder';
import { type RunningTsaSimulator, startTsaSimulator } from '@signlink/simulators/tsa/tsa-simulator';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { documentEvents } from '../src/db/schema/document-events.ts';
import { isIdle, waitFor } from '../src/jobs/job-test-helpers.ts';
import { findSeal } from '../src/modules/sealing/seal.repository.ts';
import { readQueueHealth, type ServerProcess } from '../test/start-server-process.ts';
import {
  createFaultDeployment,
  type FaultDeployment,
  faultDrivers,
  ownerApi,
  type SeededSignedDocument,
  waitUntilSealed,
} from './fault-deployment.ts';
import { recordFigure } from './fault-figures.ts';

/** Issue 21's goal: an interrupted seal is done within a minute of a worker being up again. */
const recoveryGoalMs = 60_000;

let deployment: FaultDeployment | undefined;
let tsa: RunningTsaSimulator | undefined;
afterEach(async () => {
  await deployment?.close();
  await tsa?.close();
  deployment = undefined;
  tsa = undefined;
});

/**
 * The deployment's own local keys, made here before any process starts, and a TSA in the test with them, so the test
 * can hold a seal inside its time-stamp request and kill the worker there.
 */
async function deploymentWithHeldTsa(driver: (typeof faultDrivers)[number]) {
  const created = await createFaultDeployment(driver);
  deployment = created;
  const pki = await loadOrCreateLocalPki(path.join(created.dataDir, 'keys'));
  tsa = await startTsaSimulator({ ...pki.tsa, chainPems: [pki.ca.certPem] });
  return { deployment: created, tsa, env: { TSA_URL: tsa.url } };
}

/** Exactly one seal, one completion event, and the sealed PDF poppler calls valid. */
async function expectSealedOnce(deployment: FaultDeployment, seeded: SeededSignedDocument) {
  const { seal, completions } = await deployment.withDatabase(async ({ db }) => ({
    seal: await findSeal(db, seeded.documentId),
    completions: await db
      .select()
      .from(documentEvents)
      .where(and(eq(documentEvents.documentId, seeded.documentId), eq(documentEvents.type, 'completed-and-sealed'))),
  }));
  expect(seal?.status).toBe('sealed');
  expect(completions).toHaveLength(1);
  const sealedKey = seal?.sealedStorageKey as string;
  const report = execFileSync('pdfsig', [path.join(deployment.dataDir, 'files', sealedKey)], { encoding: 'utf8' });
  expect(report).toContain('Signature Validation: Signature is Valid.');
}

/** The worker's process: the one process on PGlite, a worker beside an API process on PostgreSQL. */
async function startWorker(deployment: FaultDeployment, env: Record<string, string>) {
  return deployment.start({ roles: deployment.driver === 'pglite' ? 'api,worker' : 'worker', env });
}

/** An API process to watch from: on PGlite the worker's own (one process holds the folder). */
async function startWatcher(deployment: FaultDeployment, env: Record<string, string>, worker?: ServerProcess) {
  if (deployment.driver === 'pglite') return worker as ServerProcess;
  return deployment.start({ roles: 'api', env });
}

describe.each(faultDrivers)('a worker killed around a seal, on %s', (driver) => {
  it('before the seal: a worker started later seals once', async () => {
    const { deployment, env } = await deploymentWithHeldTsa(driver);
    // A worker that dies with nothing in hand, then a signature whose seal waits for the next one.
    const doomed = await startWorker(deployment, env);
    await doomed.stop({ signal: 'SIGKILL' });
    const seeded = await deployment.seedSignedDocument();
    const startedAt = Date.now();
    const worker = await startWorker(deployment, env);
    const watcher = await startWatcher(deployment, env, worker);
    await waitUntilSealed(watcher.url, seeded);
    const tookMs = Date.now() - startedAt;
    expect(tookMs).toBeLessThan(recoveryGoalMs);
    recordFigure(`${driver}: seal queued while no worker ran, done after start`, `${tookMs} ms`);
    await worker.stop();
    await watcher.stop();
    await expectSealedOnce(deployment, seeded);
  });

  it('during the seal: the next worker takes over the dead one’s seal within a minute', async () => {
    const { deployment, tsa, env } = await deploymentWithHeldTsa(driver);
    const seeded = await deployment.seedSignedDocument();
    // The first time-stamp request is held, so the worker is inside the seal when it dies.
    tsa.controls.delayNext(120_000);
    const first = await startWorker(deployment, env);
    await waitFor(() => tsa.controls.requestsReceived > 0, { timeoutMs: 60_000 });
    await first.stop({ signal: 'SIGKILL' });

    const restartedAt = Date.now();
    const worker = await startWorker(deployment, env);
    const watcher = await startWatcher(deployment, env, worker);
    await waitUntilSealed(watcher.url, seeded, { timeoutMs: 5 * 60_000 });
    const recoveryMs = Date.now() - restartedAt;
    recordFigure(`${driver}: worker restart to the interrupted seal done`, `${recoveryMs} ms`);
    expect(recoveryMs).toBeLessThan(recoveryGoalMs);
    await worker.stop();
    await watcher.stop();
    await expectSealedOnce(deployment, seeded);
  });

  it('right after the seal: a restart seals nothing twice', async () => {
    const { deployment, tsa, env } = await deploymentWithHeldTsa(driver);
    const seeded = await deployment.seedSignedDocument();
    const first = await startWorker(deployment, env);
    const watcher = await startWatcher(deployment, env, first);
    const api = await ownerApi(watcher.url, seeded.owner);
    // Killed the moment the owner sees it sealed: the job may not have reported its end yet.
    await waitFor(async () => (await api.documentStatus(seeded.documentId)) === 'signed', { timeoutMs: 90_000 });
    await first.stop({ signal: 'SIGKILL' });
    const tokensBefore = tsa.controls.tokensIssued;

    const worker = await startWorker(deployment, env);
    const secondWatcher = await startWatcher(deployment, env, worker);
    await waitFor(async () => isIdle(await readQueueHealth(secondWatcher.url)), { timeoutMs: 90_000 });
    expect(tsa.controls.tokensIssued).toBe(tokensBefore);
    await worker.stop();
    await secondWatcher.stop();
    if (watcher !== first) await watcher.stop();
    await expectSealedOnce(deployment, seeded);
  });
});
