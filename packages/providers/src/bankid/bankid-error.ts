/**
 * BankID refused a call, or could not be reached. `errorCode` is BankID's own (`{ errorCode, details }` in the
 * error body), `unreachable` for network and TLS failures and timeouts, or `invalidResponse` for an answer that is
 * not BankID's (not JSON, fields missing). Input that fails our own checks is `invalidParameters` without a status.
 */
export type BankIdErrorCode =
  | 'alreadyInProgress'
  | 'invalidParameters'
  | 'unauthorized'
  | 'notFound'
  | 'methodNotAllowed'
  | 'requestTimeout'
  | 'unsupportedMediaType'
  | 'internalError'
  | 'maintenance'
  | 'unreachable'
  | 'invalidResponse'
  | (string & {});

/**
 * Per BankID's error table: `requestTimeout`, `maintenance` and `internalError` may succeed when tried again, as may
 * a connection that failed; the rest are verdicts on the request (or our setup) and repeat unchanged.
 */
const retryableCodes: ReadonlySet<string> = new Set(['requestTimeout', 'maintenance', 'internalError', 'unreachable']);

export class BankIdError extends Error {
  readonly errorCode: BankIdErrorCode;
  /** BankID's `details`, or our own description; for logs, never shown to the user as is. */
  readonly details: string;
  /** Absent when there was no HTTP answer (`unreachable`) or the input failed our own checks. */
  readonly httpStatus?: number;
  readonly isRetryable: boolean;

  constructor(input: { errorCode: BankIdErrorCode; details: string; httpStatus?: number; cause?: unknown }) {
    const status = input.httpStatus === undefined ? '' : ` (HTTP ${input.httpStatus})`;
    super(`BankID ${input.errorCode}${status}: ${input.details}`, { cause: input.cause });
    this.name = 'BankIdError';
    this.errorCode = input.errorCode;
    this.details = input.details;
    if (input.httpStatus !== undefined) this.httpStatus = input.httpStatus;
    this.isRetryable = retryableCodes.has(input.errorCode);
  }
}
