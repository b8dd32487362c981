/*
 * BankID RP API v6.0 error codes ("Errors" in the API description) and the HTTP status each comes with.
 * The body is always `{ errorCode, details }`; `details` is free text meant for the relying party's logs.
 */

export const BANKID_ERROR_STATUS = {
  alreadyInProgress: 400,
  invalidParameters: 400,
  unauthorized: 401,
  notFound: 404,
  methodNotAllowed: 405,
  requestTimeout: 408,
  unsupportedMediaType: 415,
  internalError: 500,
  maintenance: 503,
} as const;

export type BankIdErrorCode = keyof typeof BANKID_ERROR_STATUS;

export class BankIdError extends Error {
  readonly status: number;
  readonly errorCode: string;
  readonly details: string;

  constructor(errorCode: BankIdErrorCode, details: string, status: number = BANKID_ERROR_STATUS[errorCode]) {
    super(`${errorCode}: ${details}`);
    this.name = 'BankIdError';
    this.errorCode = errorCode;
    this.details = details;
    this.status = status;
  }

  toJSON(): { errorCode: string; details: string } {
    return { errorCode: this.errorCode, details: this.details };
  }
}

export function invalidParameters(details: string): BankIdError {
  return new BankIdError('invalidParameters', details);
}
