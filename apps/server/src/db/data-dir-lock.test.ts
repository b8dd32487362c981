import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'signlink-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('lockDataDir', () => {
  it('refuses a folder another live process holds', async () => {
    const dir = tempDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      fs.writeFileSync(path.join(dir, 'signlink.lock'), String(holder.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(/another DATA_DIR/);
    } finally {
      holder.kill();
    }
  });

  it('takes over a lock left by a process that died', async () => {
    const dir = tempDir();
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.on('exit', resolve));
    fs.writeFileSync(path.join(dir, 'signlink.lock'), String(dead.pid));
    const lock = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'signlink.lock'), 'utf8').split(' ')[0]).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(path.join(dir, 'signlink.lock'))).toBe(false);
  });

  it('takes over a lock whose pid now belongs to another process', async () => {
    // After a crash and restart (a container's, most often) the dead server's pid may be some other live process's.
    const dir = tempDir();
    const stranger = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      fs.writeFileSync(path.join(dir, 'signlink.lock'), `${stranger.pid} 1`);
      const lock = lockDataDir(dir);
      expect(fs.readFileSync(path.join(dir, 'signlink.lock'), 'utf8')).toMatch(new RegExp(`^${process.pid} \\d+$`));
      lock.release();
    } finally {
      stranger.kill();
    }
  });

  it('lets two folders be locked side by side', () => {
    const a = lockDataDir(tempDir());
    const b = lockDataDir(tempDir());
    a.release();
    b.release();
  });
});
