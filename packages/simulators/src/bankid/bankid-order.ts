import type { BankIdCompletionData } from './bankid-completion.ts';
import type { BankIdOrderRequest } from './bankid-requests.ts';

/* An order as the simulator keeps it, and the hint codes collect may report with it (RP API v6.0 lists). */

export const BANKID_PENDING_HINTS = [
  'outstandingTransaction',
  'noClient',
  'started',
  'userMrtd',
  'userCallConfirm',
  'userSign',
] as const;
export const BANKID_FAILED_HINTS = [
  'expiredTransaction',
  'certificateErr',
  'userCancel',
  'cancelled',
  'startFailed',
  'userDeclinedCall',
  'notSupportedByUserApp',
] as const;
export type BankIdPendingHint = (typeof BANKID_PENDING_HINTS)[number];
export type BankIdFailedHint = (typeof BANKID_FAILED_HINTS)[number];

export interface BankIdOrder {
  orderRef: string;
  request: BankIdOrderRequest;
  /** Epoch milliseconds, by the simulator's clock. */
  createdAt: number;
  expiresAt: number;
  status: 'pending' | 'failed' | 'complete';
  hintCode?: BankIdPendingHint | BankIdFailedHint | undefined;
  /** Absent for phone orders, which are started by BankID calling the user's app. */
  autoStartToken?: string;
  qrStartToken?: string;
  qrStartSecret?: string;
  completionData?: BankIdCompletionData;
}

export interface BankIdSimulatedFailure {
  /** HTTP status, e.g. 500 or 503. */
  status: number;
  /** BankID error code, e.g. internalError or maintenance. */
  errorCode: string;
  details?: string;
}
