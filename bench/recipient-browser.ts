/**
 * Issue 8 figures, browser half. The real service (built web app in apps/web/dist, `npm run build` first) with a
 * 10-page document sent by the demo sender to one party without a gate; the link opened in Chromium on loopback,
 * each load in a fresh browser context (cold HTTP cache), on a 390x844 phone. Prints:
 *   (a) navigation start -> page 1's canvas drawn by pdf.js (`[data-page="1"] canvas[data-rendered="true"]`), median;
 *   (b) the JavaScript the page loaded until then, gzip, apart from the pdf.js worker; React and pdf.js for reference.
 * Goals (issue 8): first page within 1.5 s, JavaScript at most 280 KB gzip. Printed, never asserted.
 *
 *   npm run build && npm run bench:recipient-browser --workspace @signlink/bench
 *   BENCH_RUNS=9 CHROMIUM_PATH=/usr/bin/chromium npm run bench:recipient-browser --workspace @signlink/bench
 */

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser, Response } from 'playwright-core';
import { startServerProcess } from '../apps/server/test/start-server-process.ts';
import { launchBrowser, phoneViewport } from '../e2e/support/launch-browser.ts';
import { tenPagePdf } from './ten-page-pdf.ts';
import { median } from './timing.ts';

const runs = Number(process.env.BENCH_RUNS ?? 7);
const goals = { firstPageMs: 1500, scriptKbGzip: 280 };
const clientAuthorization = `Basic ${Buffer.from('signlink-web:').toString('base64')}`;

/** The demo sender's API: upload, one party by e-mail without verification, a signature on page 1, send. */
async function sendTenPageLink(origin: string): Promise<string> {
  let token: string | null = null;
  const call = async <T>(method: string, url: string, body?: unknown, type = 'application/json') => {
    const response = await fetch(`${origin}/v2/${url}`, {
      method,
      headers: { Authorization: token ? `Bearer ${token}` : clientAuthorization, 'Content-Type': type },
      body:
        body === undefined
          ? undefined
          : type === 'application/json'
            ? JSON.stringify(body)
            : (body as RequestInit['body']),
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const login = { email: 'demo@signlink.test', password: 'signlink-demo' };
  token = (await call<{ accessToken: string }>('POST', 'oauth/generatetoken', login)).accessToken;
  const { bytes } = await tenPagePdf();
  const draft = await call<{ Id: string; Files: { Id: string }[] }>(
    'POST',
    'linktinker/files?name=Agreement.pdf',
    bytes,
    'application/pdf',
  );
  await call('PUT', `linktinker/projects/${draft.Id}`, {
    Title: 'Agreement',
    AccessLevel: 'private',
    Settings: {},
    Message: '',
    Parties: [
      {
        SignatureIndex: 0,
        Name: 'Åsa Öberg',
        Email: 'asa.oberg@example.com',
        InvitationMethod: 'email',
        SignatureType: 'e-signature',
        GetPaid: false,
      },
    ],
  });
  await call('POST', `linktinker/files/${draft.Files[0]?.Id}/rules`, {
    Fields: [
      {
        id: 'sig',
        type: 'signature',
        signatureIndex: 0,
        page: 1,
        x: 72,
        y: 700,
        width: 200,
        height: 50,
        required: true,
      },
    ],
  });
  const sent = await call<{ Links: { Code: string }[] }>('POST', 'linktinker/links', { ProjectId: draft.Id });
  const code = sent.Links[0]?.Code;
  if (!code) throw new Error('no link sent');
  return code;
}

interface Script {
  url: string;
  gzipBytes: number;
  /** When its response arrived, after navigation start. */
  at: number;
}
interface Load {
  firstPageMs: number;
  scripts: Script[];
  /** Milestones after navigation start, for finding out where the time goes. */
  milestones: Record<string, number>;
}

const milestoneOf = (url: string): string | null => {
  const { pathname } = new URL(url);
  if (/\/access\/file$/.test(pathname)) return 'file bytes';
  if (/\/access$/.test(pathname)) return 'access';
  if (/^\/v2\/linktinker\/links\/[A-Z0-9]+$/.test(pathname)) return 'link details';
  if (/\/assets\/pdfjs-[^/]+\.js$/.test(pathname)) return 'pdf.js chunk';
  if (/\/assets\/recipient-document-[^/]+\.js$/.test(pathname)) return 'viewer chunk';
  if (/\/assets\/index-[^/]+\.js$/.test(pathname)) return 'entry script';
  return null;
};

const firstPageRecorder = `
  new MutationObserver((changes, observer) => {
    if (!document.querySelector('[data-page="1"] canvas[data-rendered="true"]')) return;
    window.firstPageAt ??= performance.timeOrigin + performance.now();
    observer.disconnect();
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-rendered'] });
`;

async function coldLoad(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext({ viewport: phoneViewport, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  // The moment page 1 is drawn, in wall-clock milliseconds, whatever document of the load draws it. A string: tsx
  // would wrap a function's inner functions in its own name helper, which the page does not have.
  await page.addInitScript(firstPageRecorder);
  const seen = new Map<string, Script>();
  const milestones: Record<string, number> = {};
  let started = 0;
  page.on('response', (response: Response) => {
    const at = Date.now() - started;
    const name = milestoneOf(response.url());
    if (name) milestones[name] ??= at;
    if (response.request().resourceType() !== 'script' || seen.has(response.url())) return;
    seen.set(response.url(), { url: response.url(), gzipBytes: gzipOfBuilt(response.url()), at });
  });
  started = Date.now();
  await page.goto(url);
  const drawnAt = await page.waitForFunction(() => (globalThis as { firstPageAt?: number }).firstPageAt, null, {
    timeout: 30_000,
  });
  const firstPageMs = ((await drawnAt.jsonValue()) as number) - started;
  const loaded = [...seen.values()];
  await context.close();
  return {
    firstPageMs,
    milestones,
    scripts: loaded.filter((script) => script.at <= firstPageMs && !/pdf\.worker/.test(script.url)),
  };
}

const webDist = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
const gzipSizes = new Map<string, number>();

/**
 * A script's gzip size from the built file the server sent (read from apps/web/dist, as a page left by the entry
 * redirect no longer hands its responses' bodies out).
 */
function gzipOfBuilt(url: string): number {
  const { pathname } = new URL(url);
  let size = gzipSizes.get(pathname);
  if (size === undefined) {
    size = gzipSync(fs.readFileSync(path.join(webDist, pathname)), { level: 9 }).length;
    gzipSizes.set(pathname, size);
  }
  return size;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const verdict = (isMet: boolean) => (isMet ? 'meets the goal' : 'MISSES the goal');

async function main() {
  const [server, browser] = await Promise.all([startServerProcess({ env: { LOG_LEVEL: 'error' } }), launchBrowser()]);
  try {
    const code = await sendTenPageLink(server.url);
    const url = `http://127.0.0.1:${server.port}/${code}`;
    console.log(`Signlink recipient browser bench: ${runs} cold loads of a 10-page link, Chromium, 390x844, loopback`);
    await coldLoad(browser, url); // warms the server (first reads, JIT), not counted
    const loads: Load[] = [];
    for (let run = 0; run < runs; run += 1) loads.push(await coldLoad(browser, url));

    const times = loads.map((load) => load.firstPageMs);
    const firstPage = median(times);
    console.log('\nWhere the time goes (median ms after navigation start):');
    const names = [...new Set(loads.flatMap((load) => Object.keys(load.milestones)))];
    for (const name of names) {
      const at = loads.map((load) => load.milestones[name]).filter((value) => value !== undefined);
      console.log(`  ${name.padEnd(16)} ${median(at).toFixed(0).padStart(6)}`);
    }
    console.log(`  ${'page 1 drawn'.padEnd(16)} ${firstPage.toFixed(0).padStart(6)}`);

    const scripts = loads.at(-1)?.scripts ?? [];
    const total = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
    console.log('\nJavaScript loaded until page 1 was drawn (gzip -9, pdf.js worker apart):');
    for (const script of [...scripts].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
      console.log(`  ${kb(script.gzipBytes).padStart(7)} KB  ${new URL(script.url).pathname}`);
    }
    const part = (pattern: RegExp) =>
      scripts.filter((script) => pattern.test(script.url)).reduce((sum, script) => sum + script.gzipBytes, 0);
    const react = part(/\/assets\/react-[^/]+\.js$/);
    const pdfjs = part(/\/assets\/pdfjs-[^/]+\.js$/);
    console.log(`  for reference: React ${kb(react)} KB + pdf.js ${kb(pdfjs)} KB = ${kb(react + pdfjs)} KB`);

    console.log('\nFigures:');
    console.log(
      `  first page visible: median ${firstPage.toFixed(0)} ms (min ${Math.min(...times).toFixed(0)}, max ` +
        `${Math.max(...times).toFixed(0)}); goal <= ${goals.firstPageMs} ms: ${verdict(firstPage <= goals.firstPageMs)}`,
    );
    console.log(
      `  recipient JavaScript: ${kb(total)} KB gzip in ${scripts.length} files; goal <= ${goals.scriptKbGzip} KB: ` +
        verdict(total / 1024 <= goals.scriptKbGzip),
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
