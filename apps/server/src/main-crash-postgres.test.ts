import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sharedTestPki } from '@signlink/pdf/sealing/local-pki';
import { createStorage } from '@signlink/providers/storage/create-storage';
import { createFolderMailbox } from '@signlink/simulators/mailbox/sim-mailbox';
import { type SmtpSimulator, startSmtpSimulator } from '@signlink/simulators/smtp/smtp-simulator';
import { type RunningTsaSimulator, startTsaSimulator } from '@signlink/simulators/tsa/tsa-simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSignedDocument } from '../test/seed-signed-document.ts';
import { sendDevMessage, startServerProcess } from '../test/start-server-process.ts';
import { startTcpProxy } from '../test/tcp-proxy.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { silentJobLogger } from './jobs/job-definition.ts';
import { createJobQueue } from './jobs/job-queue.ts';
import { waitFor } from './jobs/job-test-helpers.ts';
import { workerLockSpace } from './jobs/worker-registry.ts';
import { sealDocumentJob } from './modules/sealing/seal-document.job.ts';

/**
 * The service on PostgreSQL, killed in the middle of a seal and of an e-mail: the next worker must finish both
 * within a minute of its start, once each, rather than after the jobs' expiry (which took 5 minutes). PGlite's
 * restart is main-crash.test.ts's.
 */
describe.runIf(process.env.TEST_DB === 'postgres')('a worker killed mid-job on PostgreSQL', () => {
  let database: TestDatabase;
  let tsa: RunningTsaSimulator;
  let smtp: SmtpSimulator;
  let dataDir: string;
  let trustFile: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    const pki = sharedTestPki();
    tsa = await startTsaSimulator({ ...pki.tsa, chainPems: [pki.ca.certPem] });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'signlink-crash-pg-'));
    smtp = await startSmtpSimulator({ mailbox: createFolderMailbox(path.join(dataDir, 'received')) });
    trustFile = path.join(dataDir, 'tsa-ca.pem');
    fs.writeFileSync(trustFile, pki.ca.certPem);
  });
  afterAll(async () => {
    await smtp?.close();
    await tsa?.close();
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const documentState = async (documentId: string) =>
    (await database.executeSql('SELECT state FROM documents WHERE id = $1', [documentId])).rows[0]?.state;
  const received = () => smtp.mailbox.list({ recipient: 'crash@example.com' });

  it('has its seal and its message finished by the next worker within 60 s of its start, once each', async () => {
    const relay = await startTcpProxy({ host: smtp.host, port: smtp.port });
    const env = { DATABASE_URL: database.url as string, TSA_URL: tsa.url, SEAL_TRUST_FILE: trustFile };
    const start = () => startServerProcess({ dataDir, env: { ...env, SMTP_URL: relay.url } });
    const first = await start();

    // The SMTP server holds its reply to DATA, so the worker is inside the SMTP transaction when it dies.
    const heldReply = smtp.delayNext({ ms: 30_000 });
    const sent = await sendDevMessage(first.url, { to: 'crash@example.com' });
    expect(sent.status).toBe(202);
    await heldReply.holding;

    // The TSA holds its answer (within the client's 10 s), so the worker is inside the seal when it dies.
    const storage = createStorage({ driver: 'local', root: path.join(dataDir, 'files') });
    const doc = await seedSignedDocument(database.db, storage);
    tsa.controls.delayNext(9_000);
    const queue = createJobQueue({ database, definitions: [sealDocumentJob], logger: silentJobLogger, concurrency: 1 });
    await queue.start();
    const sealJobId = await queue.enqueue({ job: sealDocumentJob, data: { documentId: doc.documentId } });
    await queue.stop();
    await waitFor(() => tsa.controls.requestsReceived === 1, { timeoutMs: 30_000 });

    await first.stop({ signal: 'SIGKILL' });
    expect(await heldReply.replied).toBe('refused');
    const { rows } = await database.executeSql('SELECT state FROM pgboss.job WHERE id = $1', [sealJobId]);
    expect(rows).toEqual([{ state: 'active' }]);
    expect(await documentState(doc.documentId)).toBe('active');
    expect(await received()).toEqual([]);

    const restartedAt = Date.now();
    const second = await start();
    try {
      const done = { seal: 0, message: 0 };
      await waitFor(
        async () => {
          const elapsed = (Date.now() - restartedAt) / 1000;
          if (!done.seal && (await documentState(doc.documentId)) === 'completed') done.seal = elapsed;
          if (!done.message && (await received()).length > 0) done.message = elapsed;
          return done.seal > 0 && done.message > 0;
        },
        { timeoutMs: 90_000 },
      );
      console.info(`after the new worker's start: seal done in ${done.seal} s, message delivered in ${done.message} s`);
      expect(done.seal).toBeLessThanOrEqual(60);
      expect(done.message).toBeLessThanOrEqual(60);

      // Until they completed, the jobs were queued or active: a second run would have come before.
      await waitFor(async () => {
        const active = await database.executeSql(
          `SELECT count(*)::int AS n FROM pgboss.job WHERE name IN ('sealing.seal-document', 'messaging.deliver')
             AND state < 'completed'`,
        );
        return active.rows[0]?.n === 0;
      });
      expect(await received()).toHaveLength(1);
      const sealed = await database.executeSql(
        `SELECT count(*)::int AS n FROM document_events WHERE document_id = $1 AND type = 'completed-and-sealed'`,
        [doc.documentId],
      );
      expect(sealed.rows).toEqual([{ n: 1 }]);
    } finally {
      await second.stop();
      await relay.close();
    }
  }, 180_000);

  it('ends a worker whose lock connection is cut, since the others now run its jobs', async () => {
    const server = await startServerProcess({
      dataDir,
      env: { DATABASE_URL: database.url as string, TSA_URL: tsa.url, SEAL_TRUST_FILE: trustFile },
    });
    try {
      // Its lock session, found through its row: what a network cut or a restart of PostgreSQL would end.
      const lockSession = async () =>
        (
          await database.executeSql(
            `SELECT l.pid FROM job_workers w
             JOIN pg_locks l ON l.locktype = 'advisory' AND l.classid = ${workerLockSpace} AND l.objid = w.id
             WHERE w.pid = $1`,
            [server.pid],
          )
        ).rows[0]?.pid;
      await waitFor(async () => (await lockSession()) !== undefined, { timeoutMs: 20_000 });
      await database.executeSql('SELECT pg_terminate_backend($1)', [await lockSession()]);
      expect(await server.exited).toBe(1);
    } finally {
      await server.stop();
    }
  }, 60_000);
});
