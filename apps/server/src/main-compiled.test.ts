import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlainPdf } from '../test/fixtures/hostile-pdfs.ts';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const buildScript = fileURLToPath(new URL('../../../scripts/build-server.mjs', import.meta.url));

/**
 * `npm start` runs the server compiled by scripts/build-server.mjs on plain Node. This builds it into a folder of
 * its own beside src (git-ignored as .vitest-*), so a developer's running build is left alone.
 */
describe('the compiled server', () => {
  const outDir = path.join(serverDir, `.vitest-dist-${process.pid}`);
  let dataDir: string;
  let child: ChildProcess | undefined;

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'signlink-compiled-'));
    const build = spawnSync(process.execPath, [buildScript, outDir], { encoding: 'utf8' });
    expect(build.stderr).toBe('');
    expect(build.status).toBe(0);
  });

  afterAll(() => {
    child?.kill('SIGKILL');
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts on plain Node, answers health, and parses an upload in its compiled PDF thread', async () => {
    const server = spawn(process.execPath, [path.join(outDir, 'main.js')], {
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', PORT: '0', DATA_DIR: dataDir },
    });
    child = server;
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      const collect = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /running at (http:\/\/localhost:\d+)/.exec(output);
        if (match?.[1]) resolve(match[1]);
      };
      server.stdout.on('data', collect);
      server.stderr.on('data', collect);
      server.on('exit', (code) => reject(new Error(`exited (${code}):\n${output}`)));
    });

    const health = await fetch(`${url}/v2/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });

    // The PDF thread loads dist/pdf-worker.js: a thread that looked for TypeScript would fail the upload.
    const login = await fetch(`${url}/v2/oauth/generatetoken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@signlink.test', password: 'signlink-demo' }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const upload = await fetch(`${url}/v2/linktinker/files?name=compiled.pdf`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/pdf' },
      body: Buffer.from(await buildPlainPdf(2)),
    });
    expect(upload.status).toBe(201);
    expect(await upload.json()).toMatchObject({ Files: [{ PageCount: 2 }] });

    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).not.toContain('could not start');
  }, 60_000);
});
