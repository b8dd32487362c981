import type { Transaction } from '../../db/database.ts';
import { appendDocumentEvent } from '../document-core/document-history.ts';
import {
  listDocumentParties,
  markDocumentEnded,
  withdrawDocumentLinks,
} from '../document-core/document-parts.repository.ts';
import type { DocumentRow } from '../document-core/document-rows.repository.ts';
import { releaseUnsignedReservations } from './balance-reservation.ts';

/**
 * A sent document ends without being completed: withdrawn by its sender, or expired after 90 days without activity
 * (SPEC section 4). Both are irreversible: every link stops working, unsigned parties' reservations return to the
 * balance, and the history says why, all in the caller's transaction.
 */
export async function endSentDocument(
  tx: Transaction,
  input: {
    document: DocumentRow;
    state: 'withdrawn' | 'expired';
    at: Date;
    data: Record<string, unknown>;
  },
) {
  const { document, at } = input;
  const parties = await listDocumentParties(tx, document.id, { lock: true });
  await withdrawDocumentLinks(tx, document.id, at);
  const releasedMinor = await releaseUnsignedReservations(tx, {
    accountId: document.accountId,
    documentId: document.id,
    parties,
    drawnAt: document.sentAt,
    now: at,
  });
  await markDocumentEnded(tx, { documentId: document.id, state: input.state, at });
  await appendDocumentEvent(tx, {
    documentId: document.id,
    type: input.state === 'withdrawn' ? 'withdrawn' : 'automatic-expiration',
    at,
    data: { ...input.data, releasedMinor },
  });
  return { parties, releasedMinor };
}
