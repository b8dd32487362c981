import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { testRateLimits } from './test-rate-limits.ts';

// A path from this file's own, not `new URL(…, import.meta.url)`: under jsdom (the web tests) the global URL is
// jsdom's, whose file: URLs node:url does not accept.
const mainFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/main.ts');

const startTimeoutMs = 60_000;
// A graceful stop (queue, database, open connections) can outlast a test hook on a loaded CI machine; a test's
// server has nothing worth the wait, so it is ended hard after this.
const hardStopAfterMs = 5_000;

export interface StartServerProcessInput {
  /** Added to the test process's environment, over the defaults below; with PUBLIC_URL, a PORT too. */
  env?: Record<string, string>;
  /**
   * A data folder to run on and keep, for a test that restarts the service on the same data. Without it the
   * process gets a fresh folder, removed when it stops.
   */
  dataDir?: string;
}

export interface ServerProcess {
  /** `http://localhost:PORT`, as the server prints it and a browser opens it; empty for a worker-only process. */
  url: string;
  /**
   * `http://127.0.0.1:PORT/v2/`, the web app's API base from Node: the server listens on IPv4 (HOST 0.0.0.0), and
   * Node may try `localhost` as ::1 first.
   */
  apiBase: string;
  /** 0 for a worker-only process (ROLES=worker), which listens on no port. */
  port: number;
  dataDir: string;
  /** The process id, as the server records it (a worker's row in job_workers). */
  pid: number;
  /** Resolves with the exit code (null when a signal ended it) once the process has ended, for whatever reason. */
  exited: Promise<number | null>;
  /** Everything the process has printed, for a failing test's message. */
  output(): string;
  /** SIGTERM by default, SIGKILL after five seconds if it is still running; SIGKILL at once plays a crash. */
  stop(options?: { signal?: NodeJS.Signals }): Promise<void>;
}

const isRunning = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

async function endProcess(child: ChildProcess, signal: NodeJS.Signals) {
  if (!isRunning(child)) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const hardStop = setTimeout(() => child.kill('SIGKILL'), hardStopAfterMs);
  await exited;
  clearTimeout(hardStop);
}

interface SpawnedService {
  child: ChildProcess;
  /** Resolves with the exit code (null when a signal ended it) once the process has ended. */
  exited: Promise<number | null>;
  output(): string;
  /** The first match of the pattern that says the service is ready. */
  ready: RegExpExecArray;
}

/**
 * The service's process from source, on a free port, not waited for: for a test that kills it at a moment of its
 * own choosing (mid start-up, mid migration). Most tests want startServerProcess.
 */
export function spawnServer({ dataDir, env = {} }: { dataDir: string; env?: Record<string, string> }) {
  return spawn(process.execPath, ['--import', 'tsx', mainFile], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...testRateLimits,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function spawnService(env: Record<string, string>, dataDir: string, readyWhen: RegExp): Promise<SpawnedService> {
  const child = spawnServer({ dataDir, env });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    const ready = await new Promise<RegExpExecArray>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), startTimeoutMs);
      const collect = (chunk: Buffer) => {
        output += chunk.toString();
        const match = readyWhen.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match);
        }
      };
      child.stdout.on('data', collect);
      child.stderr.on('data', collect);
      child.on('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`server exited (${code ?? signal}):\n${output}`));
      });
    });
    return { child, output: () => output, ready, exited };
  } catch (error) {
    // A start that timed out leaves a process behind unless it is ended here.
    await endProcess(child, 'SIGKILL');
    throw error;
  }
}

/**
 * The real service (API, worker, PDF code, an embedded database) as `npm start` runs it from source, on a free
 * port: for tests whose point is what the whole process does (the browser journeys, the web screens that need the
 * server's real answers, a crash and restart). Start it in `beforeAll` (a few seconds) and stop it in `afterAll`.
 * It inherits the test process's NODE_OPTIONS, and with them the guard against outbound connections.
 */
export async function startServerProcess({
  env = {},
  dataDir: keptDataDir,
}: StartServerProcessInput = {}): Promise<ServerProcess> {
  if (env.PUBLIC_URL && !env.PORT && env.ROLES !== 'worker')
    throw new Error('with PUBLIC_URL, give the PORT to listen on (findFreePort)');
  const dataDir = keptDataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'signlink-server-'));
  const removeDataDir = () => {
    if (!keptDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  let service: SpawnedService;
  try {
    // A worker-only process (ROLES=worker) listens on no port; it says when its workers run.
    service = await spawnService(env, dataDir, /running at https?:\/\/[^\s:/]+:(\d+)|Signlink worker is running/);
  } catch (error) {
    removeDataDir();
    throw error;
  }
  const { child, output } = service;
  // With PUBLIC_URL (a load balancer's address) the server prints that; its own port is then the one it was given.
  const port = service.ready[1] === undefined ? 0 : env.PUBLIC_URL ? Number(env.PORT) : Number(service.ready[1]);
  return {
    url: port ? `http://localhost:${port}` : '',
    apiBase: port ? `http://127.0.0.1:${port}/v2/` : '',
    port,
    dataDir,
    pid: child.pid as number,
    exited: service.exited,
    output,
    async stop({ signal = 'SIGTERM' } = {}) {
      await endProcess(child, signal);
      removeDataDir();
    },
  };
}

const portsHandedOut = new Set<number>();

/**
 * A port free on loopback now, for a process that must be told its port (one behind a load balancer). Never one
 * this test process handed out before: two callers in one `Promise.all` could otherwise be given the same port.
 */
export async function findFreePort(): Promise<number> {
  for (;;) {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    if (portsHandedOut.has(port)) continue;
    portsHandedOut.add(port);
    return port;
  }
}

/**
 * `startServerProcess` with PORT set to a free port, tried again on another one when something else (another test
 * file's server, an outgoing connection's ephemeral port) took it between the check and the process's listen.
 */
export async function startServerOnFreePort(input: StartServerProcessInput = {}): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerProcess({ ...input, env: { ...input.env, PORT: String(await findFreePort()) } });
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('is in use')) throw error;
    }
  }
}

/** The queue's counts in a running service's own health answer (at most a second old). */
export async function readQueueHealth(origin: string): Promise<{ queued: number; active: number }> {
  const response = await fetch(`${origin}/v2/health`);
  return ((await response.json()) as { queue: { queued: number; active: number } }).queue;
}

/** A message through the service's developer endpoint (simulators on), as the app would queue it. */
export async function sendDevMessage(
  origin: string,
  message: { to: string; channel?: 'email' | 'sms'; kind?: string; locale?: string },
) {
  return fetch(`${origin}/v2/dev/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'document-invitation', locale: 'sv', ...message }),
  });
}
