import type { ErrorCode } from '../errors/error-codes.ts';

/**
 * A PDF we cannot take safely is refused with the reason (SPEC section 5: only PDF, not password-protected, no
 * restrictions, within the maximum size): every route that takes one — the sender's upload, a recipient's
 * attachment, the assistant's knowledge files — answers these.
 */
export const pdfUploadErrors = [
  'FILE_TOO_LARGE',
  'UPLOAD_WRONG_TYPE',
  'UPLOAD_DAMAGED',
  'UPLOAD_PASSWORD_PROTECTED',
  'UPLOAD_RESTRICTED',
  'UPLOAD_TOO_COMPLEX',
  'UPLOAD_ACTIVE_CONTENT',
] as const satisfies readonly ErrorCode[];
