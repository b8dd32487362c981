/**
 * The bounds an untrusted PDF is held to. The caller passes them (the server takes them from
 * `limits` in packages/contracts), so this package holds no business numbers of its own.
 */
export interface PdfLimits {
  maxBytes: number;
  maxPages: number;
  maxObjects: number;
  /** No stream may inflate beyond this many bytes (zip bombs). */
  maxStreamBytes: number;
  /** All streams together may inflate to no more than this (many bombs each under `maxStreamBytes`). */
  maxInflatedBytes: number;
}

/** Why a PDF is refused; the server maps each reason onto its error catalogue. */
export type PdfRejection =
  | 'not-a-pdf'
  | 'too-large'
  | 'damaged'
  | 'password-protected'
  | 'restricted'
  | 'too-many-pages'
  | 'too-many-objects'
  | 'stream-too-large'
  | 'inflates-too-large'
  | 'active-content';

export class PdfRejectedError extends Error {
  override readonly name = 'PdfRejectedError';
  readonly reason: PdfRejection;

  constructor(reason: PdfRejection, message?: string) {
    super(message ?? reason);
    this.reason = reason;
  }
}

export function isPdfRejectedError(error: unknown): error is PdfRejectedError {
  return error instanceof Error && error.name === 'PdfRejectedError' && 'reason' in error;
}
