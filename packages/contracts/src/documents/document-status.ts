/**
 * SPEC section 4, Document statuses, computed in one place (issue 6, part 9) from what happened to a document
 * and its parties, so the lists, the overview and the API never disagree. Archived and handled are flags
 * shown beside the status, not statuses of their own.
 */
export const documentStatuses = [
  'draft',
  'awaiting-signatures',
  'awaiting-signatures-and-payment',
  'awaiting-payment',
  /** Every party signed (and paid); the sealed PDF is being made (issue 7). */
  'processing',
  /** Signed by all parties and sealed. */
  'signed',
  /** Signed by all parties, paid, and sealed. */
  'signed-and-paid',
  /** Sealing failed after its retries: the owner sees it, never a document pending forever (issue 7). */
  'error',
  /** A public link's submission in the inbox. */
  'submitted',
  'expired',
  'withdrawn',
] as const;
export type DocumentStatus = (typeof documentStatuses)[number];

export type DocumentState = 'draft' | 'active' | 'completed' | 'withdrawn' | 'expired';

export interface StatusInput {
  state: DocumentState;
  parties: readonly { signedAt: Date | string | null; getPaid: boolean; paidAt: Date | string | null }[];
  /** Set by sealing when it gave up (issue 7). */
  hasSealError?: boolean;
}

export function documentStatusOf({ state, parties, hasSealError }: StatusInput): DocumentStatus {
  if (state === 'draft') return 'draft';
  if (state === 'withdrawn') return 'withdrawn';
  if (state === 'expired') return 'expired';
  const needsPayment = parties.some((party) => party.getPaid);
  // SPEC section 4, Sign & Pay: payment only after all signatures. The document is sealed when signed (issue 25,
  // part 4), so a sealed document can still await its payment; the payment record follows the seal.
  if (state === 'completed') {
    if (parties.some((party) => party.getPaid && !party.paidAt)) return 'awaiting-payment';
    return needsPayment ? 'signed-and-paid' : 'signed';
  }
  const allSigned = parties.length > 0 && parties.every((party) => party.signedAt);
  if (!allSigned) return needsPayment ? 'awaiting-signatures-and-payment' : 'awaiting-signatures';
  return hasSealError ? 'error' : 'processing';
}

/** A document whose parties still act: reminders, contact corrections and withdrawal apply to it. */
export function isOpenStatus(status: DocumentStatus): boolean {
  return (
    status === 'awaiting-signatures' || status === 'awaiting-signatures-and-payment' || status === 'awaiting-payment'
  );
}

/** SPEC section 9: the late warning shows 7 days after sending while signatures are still awaited. */
export function isLate(input: { status: DocumentStatus; sentAt: Date | string | null; now: Date; lateDays: number }) {
  if (!input.sentAt || !isOpenStatus(input.status)) return false;
  const sent = new Date(input.sentAt).getTime();
  return input.now.getTime() - sent >= input.lateDays * 24 * 60 * 60 * 1000;
}
