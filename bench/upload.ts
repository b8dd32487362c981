/**
 * Upload plus validation (issue 6, "Figures") of a 20-page and a 200-page PDF through the real route
 * (`POST /v2/linktinker/files` via app.inject: body parsing, the PDF worker pool's pre-scan, inspection and
 * clean-up check, storage with SHA-256, the draft's transaction) next to pdf-lib's bare `PDFDocument.load` of the
 * same bytes on the main thread: the floor any upload that parses the PDF pays. Printed as ratios.
 *
 * Then the first upload after a quiet spell: the pool idles past its idle timeout (shortened to BENCH_IDLE_MS, so
 * the run need not wait the real 60 s; a thread beyond the warm one is ended by it), then one upload, against the
 * warm median of the same file (medians over BENCH_IDLE_CYCLES spells). With the warm thread (minThreads 1, as the
 * server runs) and, for comparison, without one (minThreads 0: how the pool was, every thread ended, so the
 * upload waits for a thread to start).
 *
 *   npm run bench:upload --workspace @signlink/bench
 *   BENCH_RUNS=20 npm run bench:upload --workspace @signlink/bench
 *   BENCH_IDLE_MS=61000 npm run bench:upload --workspace @signlink/bench   (the real idle timeout)
 */

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { PGlite } from '@electric-sql/pglite';
import { createStorage } from '@signlink/providers/storage/create-storage';
import { buildApp } from '@signlink/server/app';
import type { AppContext } from '@signlink/server/app-context';
import { loadConfig } from '@signlink/server/config/config';
import { createPublicUrls } from '@signlink/server/config/public-urls';
import { migrateDatabase, openDatabase } from '@signlink/server/db/open-database';
import { ensureDemoAccount } from '@signlink/server/db/seed/demo-account';
import { jobDefinitions } from '@signlink/server/job-catalog';
import { silentJobLogger } from '@signlink/server/jobs/job-definition';
import { createJobQueue } from '@signlink/server/jobs/job-queue';
import { startMessaging } from '@signlink/server/modules/messaging/start-messaging';
import { startSealing } from '@signlink/server/modules/sealing/start-sealing';
import { createUploadPdfPool } from '@signlink/server/pdf/pdf-pool';
import { median, time } from './timing.ts';

const runs = Number(process.env.BENCH_RUNS ?? 10);
const idleTimeoutMs = Number(process.env.BENCH_IDLE_MS ?? 2000);
const idleCycles = Number(process.env.BENCH_IDLE_CYCLES ?? 3);

/** A realistic text document: a heading and a paragraph of lines on every page, fonts shared. */
async function buildPdf(pageCount: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  for (let index = 0; index < pageCount; index++) {
    const page = doc.addPage([595.28, 841.89]);
    page.drawText(`Section ${index + 1}`, { x: 56, y: 780, font: bold, size: 16 });
    for (let line = 0; line < 40; line++) {
      page.drawText(`${line + 1}. The parties agree that clause ${index + 1}.${line + 1} applies as written above.`, {
        x: 56,
        y: 750 - line * 16,
        font,
        size: 10,
      });
    }
  }
  return doc.save();
}

async function main() {
  const client = await PGlite.create();
  const database = await openDatabase({ driver: 'pglite-instance', client });
  await migrateDatabase(database);
  const demo = await ensureDemoAccount(database.db);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'signlink-bench-upload-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SIMULATORS: 'off', DATA_DIR: dataDir });
  const { messaging } = await startMessaging({ config, publicUrls: createPublicUrls(config) });
  const storage = createStorage({ driver: 'local', root: path.join(dataDir, 'files') });
  const pdf = createUploadPdfPool(config);
  const sealing = await startSealing(config);
  const queue = createJobQueue({
    database,
    definitions: jobDefinitions,
    logger: silentJobLogger,
    concurrency: 1,
    isMaintainer: false,
    services: (self) => ({
      config,
      messaging,
      queue: self,
      storage,
      pdf,
      sealing,
      payments: { provider: undefined },
      idVerification: { provider: undefined },
    }),
  });
  await queue.start();
  const context: AppContext = {
    config,
    database,
    storage,
    queue,
    messaging,
    bankId: { client: undefined, simulator: undefined },
    companyRegistry: { registry: undefined, simulator: undefined, stop: async () => {} },
    vatValidation: { validator: undefined, simulator: undefined, stop: async () => {} },
    payments: { provider: undefined, simulator: undefined },
    idVerification: { provider: undefined, simulator: undefined },
    assistantModel: { provider: undefined, simulator: undefined },
    pdf,
    sealing,
  };
  const app = await buildApp({ context, webRoot: null });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/v2/oauth/generatetoken',
    payload: { email: demo.email, password: demo.password },
  });
  const token = login.json().accessToken as string;

  const uploadTo = (target: typeof app) => async (bytes: Uint8Array) => {
    const response = await target.inject({
      method: 'POST',
      url: '/v2/linktinker/files?name=bench.pdf',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/pdf' },
      payload: Buffer.from(bytes),
    });
    if (response.statusCode !== 201) throw new Error(`upload answered ${response.statusCode}: ${response.body}`);
  };
  const upload = uploadTo(app);

  /**
   * The first upload after the pool has idled past its idle timeout, against the warm median, in one pool. A few
   * idle spells, each after both threads were busy, since a single upload on a shared machine is a noisy figure.
   */
  const measureAfterIdle = async (minThreads: number) => {
    const idlePool = createUploadPdfPool(config, { minThreads, maxThreads: 2, idleTimeoutMs });
    const idleApp = await buildApp({ context: { ...context, pdf: idlePool }, webRoot: null });
    await idleApp.ready();
    const uploadIdle = uploadTo(idleApp);
    const bytes = await buildPdf(20);
    const warm: number[] = [];
    const afterIdle: number[] = [];
    let threads = '';
    for (let cycle = 0; cycle < idleCycles; cycle++) {
      // Two tasks at once start both threads (an upload and a merge: with two threads, uploads take one at a time);
      // then warm runs, as a server that has been taking uploads is.
      const pair = Promise.all([idlePool.sanitize(bytes, 'account:a'), idlePool.merge([bytes], 'account:b')]);
      const threadsBusy = idlePool.threadCount();
      await pair;
      for (let run = 0; run < 3; run++) await uploadIdle(bytes);
      for (let run = 0; run < runs; run++) warm.push(await time(() => uploadIdle(bytes)));
      await sleep(idleTimeoutMs * 2 + 500);
      threads = `${threadsBusy} busy, ${idlePool.threadCount()} after idle`;
      afterIdle.push(await time(() => uploadIdle(bytes)));
    }
    await idleApp.close();
    await idlePool.close();
    const warmMs = median(warm);
    const afterIdleMs = median(afterIdle);
    return {
      pool: minThreads > 0 ? 'one thread kept warm (now)' : 'no thread kept (before)',
      threads,
      'first upload after idle ms': afterIdleMs.toFixed(1),
      'warm median ms': warmMs.toFixed(1),
      ratio: (afterIdleMs / warmMs).toFixed(2),
    };
  };

  console.log(
    `Signlink upload bench: ${runs} runs each (median), PGlite, Node ${process.version}, ${os.cpus().length} cores`,
  );
  const rows = [];
  for (const pageCount of [20, 200]) {
    const bytes = await buildPdf(pageCount);
    // Warm up: the worker thread starts (and loads TypeScript) on the first upload; JIT both paths.
    await upload(bytes);
    await PDFDocument.load(bytes);
    const uploads: number[] = [];
    const loads: number[] = [];
    for (let run = 0; run < runs; run++) {
      loads.push(await time(() => PDFDocument.load(bytes, { updateMetadata: false })));
      uploads.push(await time(() => upload(bytes)));
    }
    const uploadMs = median(uploads);
    const loadMs = median(loads);
    rows.push({
      pdf: `${pageCount} pages, ${(bytes.length / 1024).toFixed(0)} kB`,
      'upload + validation ms': uploadMs.toFixed(1),
      'bare PDFDocument.load ms': loadMs.toFixed(1),
      ratio: (uploadMs / loadMs).toFixed(2),
    });
  }
  console.table(rows);
  for (const row of rows) console.log(`ratio upload / bare load, ${row.pdf}: ${row.ratio}`);

  console.log(
    `\nFirst upload of a 20-page PDF after ${idleTimeoutMs * 2 + 500} ms idle (idle timeout ${idleTimeoutMs} ms), median of ${idleCycles}`,
  );
  const idleRows = [await measureAfterIdle(1), await measureAfterIdle(0)];
  console.table(idleRows);
  for (const row of idleRows) console.log(`ratio first upload after idle / warm median, ${row.pool}: ${row.ratio}`);
  console.log('goal for the warm pool: at most 1.5');

  await app.close();
  await sealing.stop();
  await queue.stop({ graceful: false });
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}

void main();
