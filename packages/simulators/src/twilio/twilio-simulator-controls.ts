import { createMemoryTwilioMessageStore, type TwilioMessageStore } from './twilio-message-store.ts';

export interface TwilioSimulatedFailure {
  /** HTTP status, e.g. 500 or 429. */
  status: number;
  /** Twilio error code in the body, e.g. 20500 or 20429. */
  code: number;
  message?: string;
}

/** A status callback the simulator posted, with the receiver's answer (or why there was none). */
export interface TwilioCallbackRecord {
  url: string;
  params: Record<string, string>;
  signature: string;
  /** The receiver's HTTP status; absent when the request failed. */
  responseStatus?: number;
  error?: string;
}

/** Steers a running simulator from tests, or from the developer tools of a local setup. */
export class TwilioSimulatorControls {
  /** E.164 numbers whose messages end `undelivered` (error 30003), as numbers ending in 9999 always do. */
  readonly undeliverable = new Set<string>();
  /** Every status callback posted, oldest first. */
  readonly callbacks: TwilioCallbackRecord[] = [];
  /** The messages the API knows; the developer mailbox keeps its own copy. */
  readonly messages: TwilioMessageStore;
  /** Counts resets: a status change scheduled before one is dropped. */
  generation = 0;
  #failures: TwilioSimulatedFailure[] = [];
  #holds = 0;
  #heldCount = 0;
  #releases = new Set<() => void>();
  #inFlight = new Set<Promise<void>>();

  /** In memory unless given a store that outlives the process (createFolderTwilioMessageStore). */
  constructor(options: { messages?: TwilioMessageStore } = {}) {
    this.messages = options.messages ?? createMemoryTwilioMessageStore();
  }

  /** The next `times` (default 1) message creations fail with this HTTP status and Twilio error body. */
  failNext({ times = 1, ...failure }: TwilioSimulatedFailure & { times?: number }): void {
    for (let i = 0; i < times; i++) this.#failures.push(failure);
  }

  /** The failure the next message creation must answer with, if one is queued. */
  takeFailure(): TwilioSimulatedFailure | undefined {
    return this.#failures.shift();
  }

  /**
   * The next `times` messages are taken (stored, their status life begun) but the reply to their creation is held
   * until the client leaves or `releaseHeld` is called: a client that dies then never learns the sid.
   */
  holdNext({ times = 1 }: { times?: number } = {}): void {
    this.#holds = times;
    this.#heldCount = 0;
  }

  /** How many messages the last `holdNext` has taken and held the reply to. */
  countHeld(): number {
    return this.#heldCount;
  }

  /** Holds this reply if a `holdNext` asks for it; resolves when the client has left or the hold is released. */
  async holdReply(client: { once(event: 'close', listener: () => void): unknown }): Promise<void> {
    if (this.#holds <= 0) return;
    this.#holds -= 1;
    this.#heldCount += 1;
    await new Promise<void>((resolve) => {
      this.#releases.add(resolve);
      client.once('close', resolve);
    });
  }

  releaseHeld(): void {
    for (const release of this.#releases) release();
    this.#releases.clear();
  }

  /** Keeps a status change in flight, so that `reset` can wait for it. */
  track(work: Promise<void>): void {
    this.#inFlight.add(work);
    void work.finally(() => this.#inFlight.delete(work));
  }

  /**
   * Forgets failures, numbers, callbacks and messages, then waits for status changes already in flight; messages
   * still pending get no further ones. Await it before clearing the mailbox, which those changes write to.
   */
  async reset(): Promise<void> {
    this.#failures = [];
    this.#holds = 0;
    this.releaseHeld();
    this.generation += 1;
    this.undeliverable.clear();
    this.callbacks.length = 0;
    await this.idle();
    await this.messages.clear();
  }

  /** Resolves once no status change is in flight (a pending one, still waiting for its delay, may start later). */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.#inFlight]);
  }
}
