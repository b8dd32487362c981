import { describe, expect, it } from 'vitest';
import { createFairTaskQueue, type FairTaskQueue, type PdfLane } from './fair-task-queue.ts';

/** A task that runs until the test ends it: the queue's choices are seen in the order tasks start. */
function harness(capacity: number) {
  const queue = createFairTaskQueue(capacity);
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const submit = (name: string, lane: PdfLane, owner: string) =>
    queue.run(lane, owner, () => {
      started.push(name);
      return new Promise<string>((resolve) => finishers.set(name, () => resolve(name)));
    });
  const finish = async (name: string) => {
    finishers.get(name)?.();
    // The next task starts once the finished one's promise has settled.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { queue, started, submit, finish, settle: () => new Promise((resolve) => setImmediate(resolve)) };
}

async function runningNow(queue: FairTaskQueue) {
  await new Promise((resolve) => setImmediate(resolve));
  return queue.counts();
}

describe('the PDF threads are shared fairly (issue 20)', () => {
  it('keeps one thread for sealing however many uploads and verifications wait', async () => {
    const { queue, started, submit, settle } = harness(3);
    for (let index = 0; index < 5; index++) {
      void submit(`upload-${index}`, 'upload', `account-${index}`);
      void submit(`verify-${index}`, 'verify', `address-${index}`);
    }
    void submit('seal', 'internal', 'sealing');
    await settle();
    expect(started).toEqual(['upload-0', 'verify-0', 'seal']);
    expect(await runningNow(queue)).toEqual({ running: 3, waiting: 8 });
  });

  it('lets a verification run beside an upload, so uploads cannot make it wait', async () => {
    const { started, submit, finish, settle } = harness(3);
    void submit('upload-a', 'upload', 'account-a');
    void submit('upload-b', 'upload', 'account-b');
    void submit('verify', 'verify', 'address');
    await settle();
    expect(started).toEqual(['upload-a', 'verify']);
    await finish('upload-a');
    expect(started).toEqual(['upload-a', 'verify', 'upload-b']);
  });

  it('serves the owner with the fewest running first: a second account overtakes the first one’s queue', async () => {
    const { started, submit, finish, settle } = harness(2);
    for (let index = 0; index < 4; index++) void submit(`a-${index}`, 'upload', 'account-a');
    void submit('b-0', 'upload', 'account-b');
    await settle();
    expect(started).toEqual(['a-0']);
    await finish('a-0');
    expect(started).toEqual(['a-0', 'b-0']);
    await finish('b-0');
    expect(started).toEqual(['a-0', 'b-0', 'a-1']);
  });

  it('never gives one owner every thread', async () => {
    const { queue, started, submit, settle } = harness(4);
    for (let index = 0; index < 6; index++) void submit(`v-${index}`, 'verify', 'one-address');
    await settle();
    expect(started).toEqual(['v-0', 'v-1', 'v-2']);
    expect(queue.counts()).toEqual({ running: 3, waiting: 3 });
  });

  it('holds one link’s merges to the share as well, though merging is our own files', async () => {
    const { started, submit, settle } = harness(3);
    for (let index = 0; index < 4; index++) void submit(`merge-${index}`, 'internal', 'link:one');
    void submit('seal', 'internal', 'sealing');
    await settle();
    expect(started).toEqual(['merge-0', 'merge-1', 'seal']);
  });

  it('shares one thread among everyone in turn when there is only one', async () => {
    const { started, submit, finish, settle } = harness(1);
    void submit('upload', 'upload', 'account');
    void submit('verify', 'verify', 'address');
    void submit('seal', 'internal', 'sealing');
    await settle();
    expect(started).toEqual(['upload']);
    await finish('upload');
    await finish('verify');
    expect(started).toEqual(['upload', 'verify', 'seal']);
  });

  it('frees the thread of a task that fails, and passes its error on', async () => {
    const queue = createFairTaskQueue(1);
    const failing = queue.run('upload', 'account', () => Promise.reject(new Error('unreadable')));
    const throwing = queue.run('upload', 'account', () => {
      throw new Error('at once');
    });
    const next = queue.run('upload', 'account', async () => 'ran');
    await expect(failing).rejects.toThrow('unreadable');
    await expect(throwing).rejects.toThrow('at once');
    await expect(next).resolves.toBe('ran');
    expect(queue.counts()).toEqual({ running: 0, waiting: 0 });
  });
});
