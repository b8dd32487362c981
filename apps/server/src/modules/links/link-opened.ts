import type { LinkGate } from '@signlink/contracts/links/link-access';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/database.ts';
import { documentParties } from '../../db/schema/documents.ts';
import { appendDocumentEvent } from '../document-core/document-history.ts';

/**
 * A party's first access is the document's `opened` event (SPEC section 4, history events). Setting `opened_at` only
 * while it is empty is one conditional UPDATE: of racing first accesses, one sets it and writes the event.
 */
export async function markPartyOpened(tx: Transaction, input: { documentId: string; partyId: string; gate: LinkGate }) {
  const [opened] = await tx
    .update(documentParties)
    .set({ openedAt: sql`now()` })
    .where(and(eq(documentParties.id, input.partyId), isNull(documentParties.openedAt)))
    .returning({ openedAt: documentParties.openedAt });
  if (!opened?.openedAt) return;
  await appendDocumentEvent(tx, {
    documentId: input.documentId,
    type: 'opened',
    at: opened.openedAt,
    data: { partyId: input.partyId, gate: input.gate },
  });
}
