import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

export interface FileLockOptions {
  /** How long to wait for another holder before giving up. */
  timeoutMs?: number;
  /** A lock older than this is taken over: its holder hung or died on another host, where its pid means nothing. */
  staleAfterMs?: number;
}

const pollMs = 20;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(lockFile: string): { text: string; ageMs: number } | undefined {
  try {
    return { text: readFileSync(lockFile, 'utf8'), ageMs: Date.now() - statSync(lockFile).mtimeMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function isStale(holder: { text: string; ageMs: number }, staleAfterMs: number): boolean {
  if (holder.ageMs > staleAfterMs) return true;
  const [host, pid] = holder.text.split(' ');
  // A half-written lock (its holder died between create and write) has no pid; the age rule removes it.
  return host === hostname() && Number.isInteger(Number(pid)) && Number(pid) > 0 && !isAlive(Number(pid));
}

/**
 * Removes a stale lock unless someone replaced it since it was judged: it is moved aside first (only one remover
 * wins the rename), and put back when what was moved is not what was judged.
 */
function takeOver(lockFile: string, staleText: string): void {
  const aside = `${lockFile}.${randomBytes(6).toString('hex')}.stale`;
  try {
    renameSync(lockFile, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    if (readFileSync(aside, 'utf8') !== staleText) linkSync(aside, lockFile);
  } catch {
    // A new holder created the lock meanwhile: it stays theirs.
  } finally {
    rmSync(aside, { force: true });
  }
}

/**
 * Runs `work` while this process holds `lockFile`, an exclusive-create file naming host and pid: across processes
 * and threads on one machine (or one shared folder), one runs it at a time and the others wait.
 */
export async function withFileLock<T>(
  lockFile: string,
  work: () => T | Promise<T>,
  { timeoutMs = 30_000, staleAfterMs = 60_000 }: FileLockOptions = {},
): Promise<T> {
  const text = `${hostname()} ${process.pid} ${randomBytes(8).toString('hex')}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      writeFileSync(lockFile, text, { flag: 'wx', mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(lockFile);
    if (holder && isStale(holder, staleAfterMs)) {
      takeOver(lockFile, holder.text);
      continue;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `${lockFile} is held by ${holder?.text.split(' ').slice(0, 2).join(' pid ') ?? 'another process'}`,
      );
    }
    await sleep(pollMs);
  }
  try {
    return await work();
  } finally {
    if (readHolder(lockFile)?.text === text) rmSync(lockFile, { force: true });
  }
}
