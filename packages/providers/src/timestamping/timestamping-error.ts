/**
 * No time-stamp token. `isRetryable`: a timeout, no connection, HTTP 408, 429 or 5xx may pass if asked again later
 * (the seal job retries); credentials refused (401/403), a request the TSA rejects, or a token that does not match
 * the request will not, until someone changes the configuration.
 */
export class TimestampingError extends Error {
  readonly isRetryable: boolean;
  /** The TSA's HTTP status; absent when there was no answer. */
  readonly status?: number;

  constructor(input: { message: string; isRetryable: boolean; status?: number; cause?: unknown }) {
    super(input.message, { cause: input.cause });
    this.name = 'TimestampingError';
    this.isRetryable = input.isRetryable;
    if (input.status !== undefined) this.status = input.status;
  }
}
