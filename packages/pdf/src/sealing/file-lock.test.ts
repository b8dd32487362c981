import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withFileLock } from './file-lock.ts';

const dir = mkdtempSync(join(tmpdir(), 'file-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('withFileLock', () => {
  it('runs one holder at a time and removes the lock after', async () => {
    const lockFile = join(dir, 'one-at-a-time.lock');
    const order: string[] = [];
    const hold = (name: string) =>
      withFileLock(lockFile, async () => {
        order.push(`${name} in`);
        await new Promise((resolve) => setImmediate(resolve));
        order.push(`${name} out`);
      });
    await Promise.all([hold('a'), hold('b')]);
    expect(order).toEqual(['a in', 'a out', 'b in', 'b out']);
    expect(existsSync(lockFile)).toBe(false);
  });

  it('takes over a lock whose holder on this host has died', async () => {
    const lockFile = join(dir, 'dead.lock');
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.on('exit', resolve));
    writeFileSync(lockFile, `${hostname()} ${dead.pid} token`);
    await expect(withFileLock(lockFile, () => 'ran', { timeoutMs: 1_000 })).resolves.toBe('ran');
  });

  it('waits for a live holder, and names it when the wait runs out', async () => {
    const lockFile = join(dir, 'live.lock');
    writeFileSync(lockFile, `${hostname()} ${process.pid} someone-else`);
    await expect(withFileLock(lockFile, () => 'ran', { timeoutMs: 100 })).rejects.toThrow(
      `held by ${hostname()} pid ${process.pid}`,
    );
    expect(existsSync(lockFile)).toBe(true);
    rmSync(lockFile);
  });
});
