import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CompiledInstall, createCompiledInstall } from '../test/compiled-install.ts';
import { waitFor } from './jobs/job-test-helpers.ts';

type Launcher = 'npm start' | 'node scripts/start.mjs';
type Target = 'group' | 'npm' | 'wrapper' | 'server';

interface Started {
  leader: ChildProcess;
  pids: Record<Target, number>;
  output(): string;
  exited: Promise<number | null>;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * `npm start` and the wrapper it runs (scripts/start.mjs) as a terminal or systemd starts them: in a process group of
 * their own, which Ctrl-C and systemd's stop signal as a whole. A signal to any one of them, or to all, must end in
 * one graceful shutdown of the server, with no process left and the data folder free.
 */
describe('signals through npm start', () => {
  let install: CompiledInstall;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'signlink-signals-'));
  const running: Started[] = [];

  beforeAll(async () => {
    install = await createCompiledInstall();
  });
  afterEach(() => {
    // A failed case must not leave its processes behind for the next one.
    for (const { pids } of running.splice(0)) {
      for (const pid of Object.values(pids)) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    }
  });
  afterAll(() => {
    install?.remove();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(launcher: Launcher): Promise<Started> {
    const [command, ...args] = launcher === 'npm start' ? ['npm', 'start'] : [process.execPath, 'scripts/start.mjs'];
    const leader = spawn(command as string, args, {
      cwd: install.root,
      detached: true,
      env: {
        PATH: process.env.PATH ?? '',
        // The guard against outbound connections (test/no-outbound-network.mjs) reaches the server through it.
        NODE_OPTIONS: process.env.NODE_OPTIONS ?? '',
        npm_config_update_notifier: 'false',
        LOG_LEVEL: 'info',
        PORT: '0',
        DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    leader.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    leader.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => leader.once('exit', (code) => resolve(code)));
    await waitFor(() => /running at http/.test(output) || leader.exitCode !== null, { timeoutMs: 60_000 });
    expect(output).toMatch(/running at http/);
    const group = execFileSync('ps', ['-o', 'pid=,args=', '-g', String(leader.pid)], { encoding: 'utf8' });
    const pidOf = (pattern: RegExp) =>
      Number(
        group
          .split('\n')
          .find((line) => pattern.test(line))
          ?.trim()
          .split(' ')[0],
      );
    const pids = {
      group: leader.pid as number,
      npm: leader.pid as number,
      wrapper: pidOf(/node scripts\/start\.mjs/),
      server: pidOf(/dist\/main\.js/),
    };
    const started = { leader, pids, output: () => output, exited };
    running.push(started);
    return started;
  }

  const lockFile = () => path.join(dataDir, 'signlink.lock');
  const count = (output: string, message: string) =>
    output.split('\n').filter((line) => line.includes(`"msg":"${message}"`)).length;

  const cases: Array<[Launcher, NodeJS.Signals, Target]> = [
    ['npm start', 'SIGINT', 'group'],
    ['npm start', 'SIGTERM', 'group'],
    ['npm start', 'SIGTERM', 'npm'],
    ['npm start', 'SIGINT', 'npm'],
    ['npm start', 'SIGTERM', 'server'],
    ['node scripts/start.mjs', 'SIGTERM', 'wrapper'],
    ['node scripts/start.mjs', 'SIGINT', 'group'],
  ];
  it.each(cases)(
    '%s: %s to the %s ends in one graceful shutdown',
    async (launcher, signal, target) => {
      const started = await start(launcher);
      expect(started.pids.server).toBeGreaterThan(0);
      process.kill(target === 'group' ? -started.pids.group : started.pids[target], signal);
      await started.exited;
      await waitFor(() => !isAlive(started.pids.server) && !isAlive(started.pids.wrapper));
      const output = started.output();
      expect(count(output, 'shutting down'), output).toBe(1);
      expect(count(output, 'shut down'), output).toBe(1);
      expect(fs.existsSync(lockFile())).toBe(false);
    },
    90_000,
  );

  it('keeps shutting down gracefully when the signal comes again meanwhile, as a group signal forwarded does', async () => {
    const started = await start('node scripts/start.mjs');
    process.kill(started.pids.server, 'SIGTERM');
    await waitFor(() => started.output().includes('"msg":"shutting down"'));
    try {
      process.kill(started.pids.server, 'SIGTERM');
    } catch {
      // Already gone: the shutdown outran the second signal.
    }
    expect(await started.exited).toBe(0);
    expect(count(started.output(), 'shut down')).toBe(1);
    expect(fs.existsSync(lockFile())).toBe(false);
  }, 90_000);

  it('starts again on a folder whose server was killed, its lock left behind', async () => {
    const killed = await start('node scripts/start.mjs');
    process.kill(killed.pids.server, 'SIGKILL');
    expect(await killed.exited).toBe(1);
    expect(fs.existsSync(lockFile())).toBe(true);

    const next = await start('node scripts/start.mjs');
    expect(next.output()).not.toContain('could not start');
    process.kill(next.pids.wrapper, 'SIGTERM');
    expect(await next.exited).toBe(0);
    expect(fs.existsSync(lockFile())).toBe(false);
  }, 90_000);
});
