/**
 * The company registry could not answer. `isRetryable` says whether asking again later can help: a timeout, a
 * refused connection, HTTP 429 or 5xx can; refused credentials (401/403), a refused request (other 4xx) or an answer
 * that is not the registry's cannot, until someone fixes the configuration. Callers show either as "company lookup
 * failed", never as "you are not authorised".
 */
export class CompanyRegistryError extends Error {
  readonly isRetryable: boolean;
  /** The registry's HTTP status; absent when there was no answer. */
  readonly status?: number;

  constructor(input: { message: string; isRetryable: boolean; status?: number; cause?: unknown }) {
    super(input.message, { cause: input.cause });
    this.name = 'CompanyRegistryError';
    this.isRetryable = input.isRetryable;
    if (input.status !== undefined) this.status = input.status;
  }
}
