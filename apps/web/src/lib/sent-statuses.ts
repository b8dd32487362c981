import type { DocumentStatus } from '@signlink/contracts/documents/document-status';

/** What a sent document can be; drafts and inbox submissions are elsewhere. */
export const sentStatuses: readonly DocumentStatus[] = [
  'awaiting-signatures',
  'awaiting-signatures-and-payment',
  'awaiting-payment',
  'processing',
  'signed',
  'signed-and-paid',
  'error',
  'expired',
  'withdrawn',
];
