/**
 * `npm start` to healthy: from spawning the server to the first 200 from GET /v2/health, for the compiled server
 * (`node scripts/start.mjs` with its build up to date: the staleness check, then plain Node on apps/server/dist)
 * against the server's TypeScript run through tsx (`node --import tsx apps/server/src/main.ts`, what npm start
 * ran before), interleaved, on one data folder migrated beforehand (a restart, the usual start). The build itself
 * is timed once. Printed as a ratio.
 *
 *   npm run bench:start --workspace @signlink/bench
 *   BENCH_RUNS=10 npm run bench:start --workspace @signlink/bench
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { median } from './timing.ts';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const root = fileURLToPath(new URL('..', import.meta.url));

const ways = {
  'tsx (before)': [process.execPath, '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
  'compiled (now)': [process.execPath, path.join(root, 'scripts/start.mjs')],
} as const;

/** Spawns the server, waits for its health route to answer 200, stops it; the time to healthy in ms. */
async function timeToHealthy(command: readonly string[], dataDir: string): Promise<number> {
  const [executable = process.execPath, ...args] = command;
  const started = performance.now();
  const child = spawn(executable, args, {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', PORT: '0', DATA_DIR: dataDir },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const collect = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /running at (http:\/\/localhost:\d+)/.exec(output);
        if (match?.[1]) resolve(match[1]);
      };
      child.stdout.on('data', collect);
      child.stderr.on('data', collect);
      child.once('exit', (code) => reject(new Error(`exited (${code}):\n${output}`)));
    });
    for (;;) {
      const response = await fetch(`${url}/v2/health`).catch(() => undefined);
      if (response?.status === 200) return performance.now() - started;
      await sleep(10);
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'signlink-bench-start-'));
  const { buildServer, isServerBuildStale } = await import(path.join(root, 'scripts/build-server.mjs'));
  const build = (await buildServer()) as { ms: number };
  // Sources edited while the bench runs would make start.mjs build again inside a timed start: built here instead.
  const buildIfStale = async () => {
    if (isServerBuildStale()) await buildServer();
  };
  // The first start creates and migrates the database; every measured start after it finds it ready.
  await timeToHealthy(ways['compiled (now)'], dataDir);
  await timeToHealthy(ways['tsx (before)'], dataDir);

  console.log(`Signlink start-to-healthy bench: ${runs} runs each (median), PGlite, Node ${process.version}`);
  const times: Record<keyof typeof ways, number[]> = { 'tsx (before)': [], 'compiled (now)': [] };
  for (let run = 0; run < runs; run++) {
    for (const way of Object.keys(ways) as (keyof typeof ways)[]) {
      await buildIfStale();
      times[way].push(await timeToHealthy(ways[way], dataDir));
    }
  }
  const before = median(times['tsx (before)']);
  const now = median(times['compiled (now)']);
  console.table([
    { start: 'tsx (before)', 'to healthy ms': before.toFixed(0) },
    { start: 'compiled (now)', 'to healthy ms': now.toFixed(0) },
  ]);
  console.log(`building the server (once, when missing or stale): ${build.ms.toFixed(0)} ms`);
  console.log(`ratio compiled / tsx start to healthy: ${(now / before).toFixed(2)}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

void main();
