import type { LinkGate } from '@signlink/contracts/links/link-access';
import type { Transaction } from '../../db/database.ts';
import { appendDocumentEvent } from '../document-core/document-history.ts';
import { setPartyOpenedOnce } from './links.repository.ts';

/**
 * A party's first access is the document's `opened` event (SPEC section 4, history events). Setting `opened_at` only
 * while it is empty is one conditional UPDATE: of racing first accesses, one sets it and writes the event.
 */
export async function markPartyOpened(tx: Transaction, input: { documentId: string; partyId: string; gate: LinkGate }) {
  const openedAt = await setPartyOpenedOnce(tx, input.partyId);
  if (!openedAt) return;
  await appendDocumentEvent(tx, {
    documentId: input.documentId,
    type: 'opened',
    at: openedAt,
    data: { partyId: input.partyId, gate: input.gate },
  });
}
