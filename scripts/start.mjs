// `npm start`: build what is missing or stale, then run the compiled server (API, worker and simulators in one
// process) on plain Node. REBUILD=1 builds both again.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, isServerBuildStale, serverMain } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webIndex = path.join(root, 'apps/web/dist/index.html');
const isRebuild = process.env.REBUILD === '1';

if (!fs.existsSync(webIndex) || isRebuild) {
  console.log('Building the web app (first start) ...');
  const build = spawnSync('npm', ['run', 'build', '--workspace', '@signlink/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (isRebuild || isServerBuildStale()) {
  console.log('Building the server ...');
  try {
    await buildServer();
  } catch {
    // esbuild has printed what failed.
    process.exit(1);
  }
}

// Source maps make a stack trace name the TypeScript file and line.
const server = spawn(process.execPath, ['--enable-source-maps', serverMain], {
  cwd: process.cwd(),
  stdio: 'inherit',
  env: process.env,
});
// One signal, one graceful shutdown: Ctrl-C and systemd signal the whole process group, so the server has its own
// copy already; npm passes one on too. Only the first is forwarded, and this process waits for the server's end.
let isForwarded = false;
function stopServer(signal) {
  if (isForwarded) return;
  isForwarded = true;
  server.kill(signal);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopServer(signal));
// npm passes SIGTERM to the shell it started us with, which dies of it without passing it on: we are left to init.
// A changed parent means whoever started us is gone, so the server stops rather than run on as an orphan.
const parent = process.ppid;
const parentWatch = setInterval(() => {
  if (process.ppid !== parent) stopServer('SIGTERM');
}, 250);
server.on('exit', (code, signal) => {
  clearInterval(parentWatch);
  process.exit(code ?? (signal ? 1 : 0));
});
