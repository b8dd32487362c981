/**
 * VIES could not say whether a VAT number is valid. `isRetryable` says whether asking again later can help: a member
 * state that is down or busy, VIES itself busy, a timeout, a refused connection or HTTP 5xx can pass; a request VIES
 * refuses (our requester number, a blocked IP) or an answer that is not VIES's cannot, until someone fixes it. Callers
 * show either as "VAT validation unavailable" (VAT_VALIDATION_UNAVAILABLE), never as "VAT number invalid".
 */
export class VatValidationError extends Error {
  readonly isRetryable: boolean;
  /** VIES's HTTP status; absent when there was no answer. */
  readonly status?: number;
  /** VIES's error code, e.g. `MS_UNAVAILABLE`, when it named one. */
  readonly viesError?: string;

  constructor(input: { message: string; isRetryable: boolean; status?: number; viesError?: string; cause?: unknown }) {
    super(input.message, { cause: input.cause });
    this.name = 'VatValidationError';
    this.isRetryable = input.isRetryable;
    if (input.status !== undefined) this.status = input.status;
    if (input.viesError !== undefined) this.viesError = input.viesError;
  }
}
