import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// A path from this file's own (jsdom's URL class does not make file: URLs that node:url accepts).
const mainFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server/src/main.ts');

export interface RealApiServer {
  /** Origin plus /v2/, as the app's API base. */
  apiBase: string;
  stop(): Promise<void>;
}

/**
 * The real service (API, worker, PDF code, an embedded database) as `npm start` runs it, on a free port with a
 * fresh data folder: for the screens whose point is what the server really answers, such as the verifier's
 * verdict on a real PDF. Start it in `beforeAll` (about five seconds) and stop it in `afterAll`.
 */
export async function startRealApiServer(): Promise<RealApiServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'signlink-web-test-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    env: { ...process.env, NODE_ENV: 'development', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${output}`));
    });
  });
  return {
    apiBase: `http://127.0.0.1:${port}/v2/`,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        // A graceful stop (queue, database, open connections) can outlast a hook's 10 s on a loaded CI machine; its
        // data folder is thrown away, so nothing is lost by ending it hard after a while.
        const hardStop = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(hardStop);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
