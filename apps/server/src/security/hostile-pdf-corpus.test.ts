import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type HostilePdf, hostilePdfCorpus } from '../../test/fixtures/hostile-pdf-corpus.ts';
import { buildPlainPdf } from '../../test/fixtures/hostile-pdfs.ts';
import { signInSeededUser } from '../../test/sign-in.ts';

/**
 * Issue 20: the hostile-PDF corpus, uploaded all at once over real HTTP, each file answered as it must be, while the
 * service stays responsive: a verification of a good file still gets its verdict, and the health check answers
 * within a second throughout (PDF work runs in worker threads, shared fairly: pdf/fair-task-queue.ts).
 */
let testApp: TestApp;
let base: string;
beforeAll(async () => {
  testApp = await buildTestApp();
  base = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => testApp?.close());

const healthLimitMs = 1000;

/** A draft (201) or a catalogue error. */
type UploadAnswer = { code?: string; Files: { RemovedContent: string[] }[] };

async function upload(token: string, file: HostilePdf, bytes: Uint8Array) {
  const response = await fetch(`${base}/v2/linktinker/files?name=${file.name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/pdf', authorization: `Bearer ${token}` },
    body: Buffer.from(bytes),
  });
  return { file, status: response.status, body: (await response.json()) as UploadAnswer };
}

/** Asks for health one call after another until `done`; answers each call's time. */
async function watchHealth(done: Promise<unknown>): Promise<number[]> {
  let finished = false;
  void done.finally(() => {
    finished = true;
  });
  const latencies: number[] = [];
  while (!finished) {
    const started = performance.now();
    const response = await fetch(`${base}/v2/health`);
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    expect(response.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return latencies;
}

describe('the hostile-PDF corpus (issue 20)', () => {
  it('refuses or cleans every file as it must, while verification and the health check go on', {
    timeout: 180_000,
  }, async () => {
    const user = await signInSeededUser(testApp);
    const good = await buildPlainPdf(2);
    // Built before the clock runs: this test's process is the server's too, and building blocks its event loop.
    const files = await Promise.all(hostilePdfCorpus.map(async (file) => ({ file, bytes: await file.build() })));
    const work = Promise.all([
      Promise.all(files.map(({ file, bytes }) => upload(user.token, file, bytes))),
      fetch(`${base}/v2/linktinker/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/pdf' },
        body: Buffer.from(good),
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as { Verdict?: string } })),
    ]);
    const [latencies, [answers, verification]] = await Promise.all([watchHealth(work), work]);

    for (const { file, status, body } of answers) {
      const label = `${file.name} (${file.attack}): ${status} ${JSON.stringify(body)}`;
      if ('refused' in file.outcome) {
        expect(body.code, label).toBe(file.outcome.refused);
      } else {
        expect(status, label).toBe(201);
        expect(body.Files[0]?.RemovedContent, label).toEqual(file.outcome.removed);
      }
    }
    expect(verification.status, JSON.stringify(verification.body)).toBe(200);
    expect(verification.body.Verdict).toBe('not-sealed-by-us');

    const slowest = Math.max(...latencies);
    console.info(
      `hostile PDFs: ${answers.length} tried; health answered ${latencies.length} times, slowest ${slowest.toFixed(0)} ms`,
    );
    expect(latencies.length).toBeGreaterThan(0);
    expect(slowest).toBeLessThan(healthLimitMs);
  });
});
