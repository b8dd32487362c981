import type { ErrorCode } from '../errors/error-codes.ts';

/** A link's own refusals before anything else (SPEC section 8): unknown, or recalled with its document. */
export const linkErrors = ['INVALID_LINK', 'LINK_RECALLED'] as const satisfies readonly ErrorCode[];

/**
 * A recipient's call after the gate carries the RequestToken of `links/{id}/access`: missing or made for another link
 * it is ACCESS_FAILED, past its time SESSION_EXPIRED (the recipient goes through the gate again).
 */
export const requestTokenErrors = [
  ...linkErrors,
  'ACCESS_FAILED',
  'SESSION_EXPIRED',
] as const satisfies readonly ErrorCode[];

/** A slot is signed once, by its own party, while the document is open and the slot's method is this one. */
export const slotSigningErrors = [
  ...requestTokenErrors,
  'NOT_FOUND',
  'FORBIDDEN',
  'MANDATORY_FIELDS_MISSING',
  'SIGNATURE_METHOD_UNAVAILABLE',
  'DOCUMENT_SAVE_FAILED',
  'DOCUMENT_WITHDRAWN',
  'DOCUMENT_COMPLETED',
  'DOCUMENT_NOT_OPEN',
] as const satisfies readonly ErrorCode[];
