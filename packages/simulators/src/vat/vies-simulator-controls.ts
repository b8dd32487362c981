import { listTestVatNumbers, type SimVatRegistration } from './vies-test-vat-numbers.ts';

// The request log is for tests and the developer's eye, not an archive.
const MAX_LOGGED_REQUESTS = 1000;

/** A check the simulator received: the JSON body's fields, as sent (undefined when absent or not a string). */
export interface ViesSimRequest {
  countryCode?: string;
  vatNumber?: string;
  requesterMemberStateCode?: string;
  requesterNumber?: string;
}

/** An answer given instead of the real one: HTTP status and body text, verbatim. */
export interface ViesSimAnswer {
  status: number;
  body: string;
}

/** Steers a running VIES simulator from tests, or from a local setup. */
export class ViesSimulatorControls {
  /** The registered VAT numbers, by compact number (`SE559100001201`); a test may add or change some. */
  readonly registrations = new Map<string, SimVatRegistration>();
  /** Checks received, oldest first, bodies that were not JSON included as `{}`. */
  readonly requests: ViesSimRequest[] = [];
  #answers: ViesSimAnswer[] = [];

  constructor() {
    this.reset();
  }

  /**
   * The next `times` (default 1) checks fail with this VIES error code (`MS_UNAVAILABLE`, `TIMEOUT`,
   * `MS_MAX_CONCURRENT_REQ`, `INVALID_INPUT`…), as `{ actionSucceed: false, errorWrappers }` with HTTP `status`:
   * 200, as VIES reports its own errors, unless told otherwise (500 for the gateway's `VOW-ERR-1`).
   */
  failNext(error: string, { times = 1, status = 200 }: { times?: number; status?: number } = {}): void {
    const body = JSON.stringify({ actionSucceed: false, errorWrappers: [{ error, message: 'Simulated failure' }] });
    this.answerNext({ status, body }, { times });
  }

  /** The next `times` (default 1) checks get this answer, for what VIES should not say: a proxy's page, a new shape. */
  answerNext(answer: ViesSimAnswer, { times = 1 }: { times?: number } = {}): void {
    for (let i = 0; i < times; i++) this.#answers.push(answer);
  }

  /** The registrations back to the test VAT numbers; queued answers and the request log cleared. */
  reset(): void {
    this.registrations.clear();
    for (const registration of listTestVatNumbers()) {
      this.registrations.set(`${registration.countryCode}${registration.vatNumber}`, registration);
    }
    this.requests.length = 0;
    this.#answers = [];
  }

  /** The answer the next check must get instead of the real one, if one is queued. */
  takeAnswer(): ViesSimAnswer | undefined {
    return this.#answers.shift();
  }

  logRequest(request: ViesSimRequest): void {
    this.requests.push(request);
    if (this.requests.length > MAX_LOGGED_REQUESTS) this.requests.shift();
  }
}
