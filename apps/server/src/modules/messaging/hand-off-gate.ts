/**
 * Lets one hand-off through at a time. A provider that cannot be asked afterwards whether it took a message (plain
 * SMTP) leaves a crashed worker not knowing about every message it had in flight, and each would be sent again; one
 * at a time, a crash repeats at most one. The slot covers marking the message sending, the hand-off, and recording
 * the outcome.
 */
export interface HandOffGate {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Hand-offs waiting for the slot, for tests and metrics. */
  countWaiting(): number;
}

export function createOneSlotGate(): HandOffGate {
  let tail: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  return {
    run(work) {
      waiting += 1;
      const result = tail.then(() => {
        waiting -= 1;
        return work();
      });
      tail = result.catch(() => {});
      return result;
    },
    countWaiting: () => waiting,
  };
}
