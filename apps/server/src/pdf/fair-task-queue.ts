/**
 * Who gets the next free PDF thread (issue 20: one hostile upload held the only worker and the good files behind
 * it timed out). Tasks wait here, not in the thread pool, so the choice is ours:
 * - untrusted work (an upload's check, a verification of any file) may hold every thread but one, so sealing and
 *   the other work on our own stored files always finds one within a task's time;
 * - with three threads or more, uploads leave one more thread free, for verification: a stream of uploads cannot
 *   make a verification wait (with two, they take turns by the rules below);
 * - one owner (an account, a link, a client address) may hold every thread but one; among waiting tasks the owner
 *   with the fewest running goes first, then the one served longest ago, so owners take turns and a second
 *   account's single upload overtakes a first account's hundred.
 */
export type PdfLane = 'upload' | 'verify' | 'internal';

export interface FairTaskQueue {
  /** Runs `start` when a thread is free for it; settles as its task does. */
  run<T>(lane: PdfLane, owner: string, start: () => Promise<T>): Promise<T>;
  /** Tasks running and waiting (for the tests and the bench). */
  counts(): { running: number; waiting: number };
}

interface WaitingTask {
  lane: PdfLane;
  owner: string;
  order: number;
  begin(): void;
}

export function createFairTaskQueue(capacity: number): FairTaskQueue {
  if (!(capacity >= 1)) throw new Error('a PDF pool needs at least one thread');
  // With one thread there is nothing to share: every lane and owner may use it.
  const shareCap = Math.max(1, capacity - 1);
  const laneCaps: Record<PdfLane, number> = {
    upload: capacity >= 3 ? capacity - 2 : shareCap,
    verify: shareCap,
    internal: capacity,
  };
  const runningByLane: Record<PdfLane, number> = { upload: 0, verify: 0, internal: 0 };
  const runningByOwner = new Map<string, number>();
  // When each owner with work here last had a task started: owners take turns.
  const lastStartByOwner = new Map<string, number>();
  const waiting: WaitingTask[] = [];
  let running = 0;
  let lastOrder = 0;
  let lastStart = 0;

  const ownerRunning = (owner: string) => runningByOwner.get(owner) ?? 0;
  const untrustedRunning = () => runningByLane.upload + runningByLane.verify;

  function mayStart(task: WaitingTask): boolean {
    if (runningByLane[task.lane] >= laneCaps[task.lane]) return false;
    if (task.lane !== 'internal' && untrustedRunning() >= shareCap) return false;
    // Internal work may be a recipient's too (a multi-file download is merged): its owner is held to the share alike.
    return ownerRunning(task.owner) < shareCap;
  }

  /** Negative when `a` should start before `b`. */
  function compare(a: WaitingTask, b: WaitingTask): number {
    return (
      ownerRunning(a.owner) - ownerRunning(b.owner) ||
      (lastStartByOwner.get(a.owner) ?? 0) - (lastStartByOwner.get(b.owner) ?? 0) ||
      a.order - b.order
    );
  }

  function next(): WaitingTask | undefined {
    let chosen: WaitingTask | undefined;
    for (const task of waiting) {
      if (mayStart(task) && (!chosen || compare(task, chosen) < 0)) chosen = task;
    }
    return chosen;
  }

  function dispatch() {
    while (running < capacity) {
      const task = next();
      if (!task) return;
      waiting.splice(waiting.indexOf(task), 1);
      task.begin();
    }
  }

  return {
    run<T>(lane: PdfLane, owner: string, start: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        waiting.push({
          lane,
          owner,
          order: ++lastOrder,
          begin() {
            running++;
            runningByLane[lane]++;
            runningByOwner.set(owner, ownerRunning(owner) + 1);
            lastStartByOwner.set(owner, ++lastStart);
            const finish = () => {
              running--;
              runningByLane[lane]--;
              const left = ownerRunning(owner) - 1;
              if (left > 0) runningByOwner.set(owner, left);
              else runningByOwner.delete(owner);
              if (left === 0 && !waiting.some((task) => task.owner === owner)) lastStartByOwner.delete(owner);
              dispatch();
            };
            // A start that throws at once fails its task, not the dispatch of the others.
            Promise.resolve()
              .then(start)
              .then(
                (value) => {
                  finish();
                  resolve(value);
                },
                (error: unknown) => {
                  finish();
                  reject(error);
                },
              );
          },
        });
        dispatch();
      });
    },
    counts: () => ({ running, waiting: waiting.length }),
  };
}
