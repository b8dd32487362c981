import { randomUUID } from 'node:crypto';
import { listTestCompanies, type SimCompany } from './company-registry-test-companies.ts';

/** Roaring's tokens last an hour. */
const DEFAULT_TOKEN_LIFETIME_SECONDS = 3600;
// The request log is for tests and the developer's eye, not an archive.
const MAX_LOGGED_REQUESTS = 1000;

/** Steers a running company registry simulator from tests, or from a local setup. */
export class CompanyRegistrySimulatorControls {
  /** The companies the registry knows, by organisation number (10 digits); a test may add or change some. */
  readonly companies = new Map<string, SimCompany>();
  /** Calls received, oldest first, e.g. `POST /token`, `GET /se/company/overview/2.0/5591000012`. */
  readonly requests: string[] = [];
  /** `expires_in` of the tokens issued from now on. */
  tokenLifetimeSeconds = DEFAULT_TOKEN_LIFETIME_SECONDS;
  #tokensIssued = 0;
  /** Token → epoch milliseconds when it expires. */
  #tokens = new Map<string, number>();
  #failures: { status: number; pathPrefix: string }[] = [];
  #delays: number[] = [];

  constructor() {
    this.reset();
  }

  /** How many access tokens the token endpoint has issued since the last reset. */
  get tokensIssued(): number {
    return this.#tokensIssued;
  }

  /**
   * The next `times` (default 1) requests, the token endpoint's included, answer this HTTP status; with `pathPrefix`
   * only requests whose path starts with it (e.g. `/se/company/board-members`), so one of a lookup's calls can fail.
   */
  failNext(status: number, { times = 1, pathPrefix = '' }: { times?: number; pathPrefix?: string } = {}): void {
    for (let i = 0; i < times; i++) this.#failures.push({ status, pathPrefix });
  }

  /** The next `times` (default 1) requests wait this long before they are answered (for clients' timeouts). */
  delayNext(ms: number, { times = 1 }: { times?: number } = {}): void {
    for (let i = 0; i < times; i++) this.#delays.push(ms);
  }

  /** Every token issued so far stops working, as when the registry revokes them before their expiry. */
  revokeTokens(): void {
    this.#tokens.clear();
  }

  /**
   * The registry's companies back to the test companies; failures, delays, the request log and counts cleared.
   * Tokens already issued keep working, as they would at Roaring.
   */
  reset(): void {
    this.companies.clear();
    for (const company of listTestCompanies()) this.companies.set(company.orgNumber, company);
    this.requests.length = 0;
    this.tokenLifetimeSeconds = DEFAULT_TOKEN_LIFETIME_SECONDS;
    this.#tokensIssued = 0;
    this.#failures = [];
    this.#delays = [];
  }

  /** The status a request for `path` must fail with, if a failure is queued for it. */
  takeFailure(path: string): number | undefined {
    const index = this.#failures.findIndex((failure) => path.startsWith(failure.pathPrefix));
    if (index === -1) return undefined;
    return this.#failures.splice(index, 1)[0]?.status;
  }

  takeDelay(): number | undefined {
    return this.#delays.shift();
  }

  logRequest(line: string): void {
    this.requests.push(line);
    if (this.requests.length > MAX_LOGGED_REQUESTS) this.requests.shift();
  }

  issueToken(): { value: string; expiresIn: number } {
    const value = randomUUID();
    const expiresIn = this.tokenLifetimeSeconds;
    this.#tokens.set(value, Date.now() + expiresIn * 1000);
    this.#tokensIssued++;
    return { value, expiresIn };
  }

  isTokenValid(value: string): boolean {
    const expiresAt = this.#tokens.get(value);
    return expiresAt !== undefined && Date.now() < expiresAt;
  }
}
