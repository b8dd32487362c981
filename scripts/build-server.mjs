// Compiles the server and the workspace packages it uses to plain JavaScript in apps/server/dist, so `npm start`
// runs Node on JavaScript: no TypeScript is compiled at run time, in the main thread or in a PDF worker thread.
//
//   node scripts/build-server.mjs            build now into apps/server/dist
//   node scripts/build-server.mjs <folder>   into another folder of the same depth (the build's own test)
//   import { isServerBuildStale, buildServer } from './build-server.mjs'
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'apps/server');
export const serverDist = path.join(serverDir, 'dist');
export const serverMain = path.join(serverDist, 'main.js');

/** What the build reads: a file here newer than the build means the build is stale. */
function sourceFolders() {
  const packages = fs.readdirSync(path.join(root, 'packages')).map((name) => path.join(root, 'packages', name));
  return [
    path.join(serverDir, 'src'),
    ...packages.map((folder) => path.join(folder, 'src')),
    // The locales' JSON is bundled in too.
    ...packages.map((folder) => path.join(folder, 'locales')),
  ].filter((folder) => fs.existsSync(folder));
}

function newestChange(folder) {
  let newest = fs.statSync(folder).mtimeMs;
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(file) : fs.statSync(file).mtimeMs);
  }
  return newest;
}

/** Missing, or older than a source file, a migration, a locale or this script. */
export function isServerBuildStale() {
  if (!fs.existsSync(serverMain)) return true;
  const builtAt = fs.statSync(serverMain).mtimeMs;
  const newestSource = Math.max(
    fs.statSync(fileURLToPath(import.meta.url)).mtimeMs,
    ...sourceFolders().map(newestChange),
  );
  return newestSource > builtAt;
}

/**
 * The workspace packages (@signlink/*) export TypeScript source, so they are bundled in; every other package is
 * left to node_modules, where Node loads it as it is (native addons, PGlite's wasm, CommonJS).
 */
const keepPackagesExternal = {
  name: 'keep-packages-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@signlink/') || args.kind === 'entry-point') return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * Paths made from import.meta.url (./migrations, ../../web/dist, ./pdf-worker.js) assume outDir sits beside
 * apps/server/src, and packages resolve from node_modules above it.
 */
export async function buildServer({ outDir = serverDist } = {}) {
  const started = performance.now();
  const startedAt = new Date();
  const staging = `${outDir}.building`;
  fs.rmSync(staging, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: {
      main: path.join(serverDir, 'src/main.ts'),
      // The PDF worker threads' entry (pdf-pool.ts picks it when it runs compiled).
      'pdf-worker': path.join(serverDir, 'src/pdf/pdf-worker.ts'),
    },
    outdir: staging,
    bundle: true,
    // Shared code lands in chunks beside the entries, in the same folder: paths made from import.meta.url
    // (./migrations, ../../web/dist, ./pdf-worker.js) resolve the same from any file here.
    splitting: true,
    chunkNames: '[name]-[hash]',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    plugins: [keepPackagesExternal],
    logLevel: 'warning',
  });
  // open-database.ts finds its migrations beside itself: in the build, beside main.js.
  fs.cpSync(path.join(serverDir, 'src/db/migrations'), path.join(staging, 'migrations'), { recursive: true });
  // Swapped in whole, so a build that fails halfway never leaves a half-written dist for the next start.
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.renameSync(staging, outDir);
  // Stamped with the time the build began: a source saved while it ran is newer, so the next start builds again.
  fs.utimesSync(path.join(outDir, 'main.js'), startedAt, startedAt);
  return { ms: performance.now() - started };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2] ? path.resolve(process.argv[2]) : serverDist;
  const { ms } = await buildServer({ outDir });
  console.log(`Built the server into ${path.relative(root, outDir)} in ${(ms / 1000).toFixed(1)} s`);
}
