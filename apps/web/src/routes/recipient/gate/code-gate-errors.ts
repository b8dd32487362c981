import { messageKeyOf } from '@signlink/contracts/errors/error-codes';

/** A failed call as the API client rejects it (ApiError): the fields the dialogs decide on. */
interface CallError {
  status?: number;
  code?: string | null;
  details?: unknown;
}

export interface GateErrorMessage {
  /** i18n key of what to tell the person. */
  key: string;
  /** The gate is locked (too many wrong codes): nothing more can be tried until the sender re-sends the link. */
  isLocked?: boolean;
  /** RATE_LIMITED: no new code until then (milliseconds since the epoch). */
  retryAt?: number;
}

function detailsOf(error: CallError): Record<string, unknown> {
  return error.details && typeof error.details === 'object' ? (error.details as Record<string, unknown>) : {};
}

/**
 * What an SMS or e-mail dialog says about a failed call (SPEC sections 4 and 8): the catalogue's wrong code, phone or
 * e-mail and invalid values; a locked gate its own message; the send limit with its wait; a lost connection as such;
 * anything else (406, 500, 401…) "could not access".
 */
export function gateErrorMessage(error: unknown, now = Date.now()): GateErrorMessage {
  const fields: CallError = error && typeof error === 'object' ? (error as CallError) : {};
  const details = detailsOf(fields);
  if (details.reason === 'gate-locked') return { key: 'recipient.gate.locked', isLocked: true };
  switch (fields.code) {
    case 'WRONG_CODE':
    case 'WRONG_PHONE':
    case 'WRONG_EMAIL':
    case 'INVALID_PHONE':
    case 'INVALID_EMAIL':
    case 'DOCUMENT_WITHDRAWN':
    case 'LINK_RECALLED':
      return { key: messageKeyOf(fields.code) };
    case 'RATE_LIMITED': {
      const seconds = typeof details.retryAfterSeconds === 'number' ? details.retryAfterSeconds : 60;
      return { key: 'recipient.gate.rateLimited', retryAt: now + seconds * 1000 };
    }
  }
  if (fields.status === 0) return { key: 'app:api.networkError' };
  return { key: messageKeyOf('ACCESS_FAILED') };
}
