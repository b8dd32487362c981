import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(
      `Another Signlink process (pid ${pid}) is using the data folder ${path.dirname(lockFile)}. ` +
        'PGlite allows one process per folder: stop it, or start this one with another DATA_DIR ' +
        '(or set DATABASE_URL to share a PostgreSQL database between processes).',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** When the process started, in clock ticks since boot (Linux); elsewhere unknown. */
function startTimeOf(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22; the command name (field 2, in parentheses) may hold spaces, so count from after it.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** The pid of the lock's holder if it still runs: alive and, where the lock and the system tell, started when it did. */
function runningHolderOf(lockText: string): number | undefined {
  const [pidText, startTime] = lockText.trim().split(' ');
  const pid = Number.parseInt(pidText ?? '', 10);
  if (!Number.isInteger(pid) || pid === process.pid || !isAlive(pid)) return undefined;
  // A pid outlives its process in the lock: after a crash and restart another process may have it now.
  const liveStartTime = startTimeOf(pid);
  if (startTime && liveStartTime && liveStartTime !== startTime) return undefined;
  return pid;
}

/**
 * PGlite has no locking of its own: two processes on one folder corrupt it. An exclusive-create lock
 * file holding our pid and start time guards it; a lock left by a process that died is taken over.
 */
export function lockDataDir(dataDir: string): { release(): void } {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'signlink.lock');
  const lockText = [process.pid, startTimeOf(process.pid)].filter(Boolean).join(' ');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, lockText, { flag: 'wx' });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(lockFile, 'utf8') === lockText) fs.unlinkSync(lockFile);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = runningHolderOf(fs.readFileSync(lockFile, 'utf8'));
      if (holder !== undefined) throw new DataDirLockedError(lockFile, holder);
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not take the data folder lock ${lockFile}`);
}
