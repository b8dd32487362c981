/** Steers a running TSA simulator from tests, or from a local setup. */
export class TsaSimulatorControls {
  /** While true every request is answered 503, as a time-stamping authority that is down. */
  isDown = false;
  /** Every POST that reached the simulator, the failed and the refused ones included. */
  requestsReceived = 0;
  /** Requests answered with a TimeStampResp, granted or rejected. */
  requestsServed = 0;
  /** Requests answered with a token. */
  tokensIssued = 0;
  #failures: number[] = [];
  #delays: number[] = [];
  #lastSerial = 0n;

  /** The next `times` (default 1) requests answer this HTTP status (503 unless told) and no body. */
  failNext(status = 503, { times = 1 }: { times?: number } = {}): void {
    for (let i = 0; i < times; i++) this.#failures.push(status);
  }

  /** The next `times` (default 1) requests wait this long before they are answered (for clients' timeouts). */
  delayNext(ms: number, { times = 1 }: { times?: number } = {}): void {
    for (let i = 0; i < times; i++) this.#delays.push(ms);
  }

  /** Up again, counts zeroed, queued failures and delays dropped. Serial numbers keep rising. */
  reset(): void {
    this.isDown = false;
    this.requestsReceived = 0;
    this.requestsServed = 0;
    this.tokensIssued = 0;
    this.#failures = [];
    this.#delays = [];
  }

  takeFailure(): number | undefined {
    return this.#failures.shift();
  }

  takeDelay(): number | undefined {
    return this.#delays.shift();
  }

  /**
   * RFC 3161 section 2.4.2: a serial is unique for each token from one TSA. Seeding from the clock keeps them
   * unique across restarts of a simulator that keeps its certificate (development's keys folder).
   */
  nextSerial(): bigint {
    const fromClock = BigInt(Date.now()) * 1000n;
    this.#lastSerial = fromClock > this.#lastSerial ? fromClock : this.#lastSerial + 1n;
    return this.#lastSerial;
  }
}
