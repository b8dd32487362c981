import { type ErrorCode, isErrorCode, messageKeyOf } from '@signlink/contracts/errors/error-codes';

/** Status used for a call that never got an HTTP answer (offline, DNS, connection reset). */
export const networkFailureStatus = 0;

/** A failed API call: the server's catalogue code when it sent one, and the i18n key of what to tell the user. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | null;
  readonly requestId: string | null;
  readonly details: unknown;
  /** Full i18n key (`errors:...` or `app:...`) of the user-facing message. */
  readonly messageKey: string;
  /** Set once a dialog has told the user, so screens do not tell them again. */
  shown = false;

  constructor(init: {
    status: number;
    code: ErrorCode | null;
    message: string;
    requestId?: string | null;
    details?: unknown;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId ?? null;
    this.details = init.details;
    this.messageKey = messageKeyFor(init.status, init.code);
  }

  get isNetworkFailure(): boolean {
    return this.status === networkFailureStatus;
  }
}

function messageKeyFor(status: number, code: ErrorCode | null): string {
  if (code) return messageKeyOf(code);
  if (status === networkFailureStatus) return 'app:api.networkError';
  if (status === 408) return messageKeyOf('REQUEST_TIMEOUT');
  if (status >= 500) return messageKeyOf('SERVER_ERROR');
  return messageKeyOf('UNEXPECTED_ERROR');
}

/** Reads the server's `{ code, message, details?, requestId }` body (SPEC section 8); anything else keeps the status only. */
export async function apiErrorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const code = isErrorCode(fields.code) ? fields.code : null;
  const message = typeof fields.message === 'string' ? fields.message : `HTTP ${response.status}`;
  const requestId = typeof fields.requestId === 'string' ? fields.requestId : null;
  return new ApiError({ status: response.status, code, message, requestId, details: fields.details });
}

export function networkError(cause: unknown): ApiError {
  const message = cause instanceof Error ? cause.message : 'Network failure';
  return new ApiError({ status: networkFailureStatus, code: null, message });
}

/** SPEC section 7: a call is tried again on a network failure, a server error or a timeout (408). */
export function isRetryable(error: ApiError): boolean {
  return error.isNetworkFailure || error.status === 408 || error.status >= 500;
}
