import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface CompiledInstall {
  /** The folder `npm start` runs in: scripts/, the compiled server, a stand-in web app and package.json. */
  root: string;
  remove(): void;
}

/**
 * An installation as `npm start` sees it once everything is built, in a folder of its own: our real start and build
 * scripts and the server compiled once, so tests of what start.mjs does run it as it is, without building the web
 * app and without touching a developer's apps/server/dist.
 */
export async function createCompiledInstall(): Promise<CompiledInstall> {
  const install = fs.mkdtempSync(path.join(os.tmpdir(), 'signlink-install-'));
  // Copied with their times: a script newer than the build would make start.mjs build again.
  for (const script of ['start.mjs', 'build-server.mjs']) {
    fs.cpSync(path.join(root, 'scripts', script), path.join(install, 'scripts', script), { preserveTimestamps: true });
  }
  fs.mkdirSync(path.join(install, 'packages'));
  fs.mkdirSync(path.join(install, 'apps/web/dist'), { recursive: true });
  fs.writeFileSync(path.join(install, 'apps/web/dist/index.html'), '<!doctype html><title>Signlink</title>');
  // Packages resolve as in the repository: the root's, and the server's own where its version differs.
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(install, 'node_modules'));
  fs.mkdirSync(path.join(install, 'apps/server'), { recursive: true });
  if (fs.existsSync(path.join(root, 'apps/server/node_modules'))) {
    fs.symlinkSync(path.join(root, 'apps/server/node_modules'), path.join(install, 'apps/server/node_modules'));
  }
  // The root's own start script, so that how npm runs it is what is tested.
  const { scripts } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  fs.writeFileSync(
    path.join(install, 'package.json'),
    JSON.stringify({ name: 'signlink-install', private: true, type: 'module', scripts: { start: scripts.start } }),
  );
  const { buildServer } = (await import(path.join(root, 'scripts/build-server.mjs'))) as {
    buildServer(options: { outDir: string }): Promise<unknown>;
  };
  await buildServer({ outDir: path.join(install, 'apps/server/dist') });
  return { root: install, remove: () => fs.rmSync(install, { recursive: true, force: true }) };
}
