import { type ErrorCode, statusOf } from '@signlink/contracts/errors/error-codes';

/**
 * The one error type services throw. The code is a stable entry of SPEC section 8; the HTTP status
 * and the localised message come from the catalogue table, never from the throw site.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: unknown;

  constructor(code: ErrorCode, options: { details?: unknown; cause?: unknown; message?: string } = {}) {
    super(options.message ?? code, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = statusOf(code);
    this.details = options.details;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
