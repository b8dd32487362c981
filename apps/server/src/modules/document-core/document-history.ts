import { createHash } from 'node:crypto';
import type { historyEventTypes } from '@signlink/contracts/documents/documents';
import type { Transaction } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import { canonicalJson } from './canonical-json.ts';
import {
  type DocumentEventRow,
  findLastDocumentEvent,
  insertDocumentEvent,
  lockDocumentEvents,
} from './document-events.repository.ts';
import { queueWebhookDeliveries } from './webhook-outbox.repository.ts';

/**
 * SPEC section 4's history events, plus `delivery-failed` (issue 3: a message that could not reach a party) and
 * the owner's own changes (archived, handled, access level, deleted): every state change writes one.
 */
export type DocumentEventType = (typeof historyEventTypes)[number];

export interface NewDocumentEvent {
  documentId: string;
  type: DocumentEventType;
  data: Record<string, unknown>;
  at?: Date;
}

/** The hash an event carries: over the previous event's hash and everything the event says. */
export function hashDocumentEvent(event: Omit<DocumentEventRow, 'id' | 'hash'>): string {
  return createHash('sha256')
    .update(
      canonicalJson([
        event.previousHash,
        event.documentId,
        event.sequence,
        event.type,
        event.data,
        event.createdAt.toISOString(),
      ]),
    )
    .digest('hex');
}

/**
 * Appends an event in the caller's transaction, chained to the document's last one. A transaction-scoped
 * advisory lock per document orders concurrent appends, so the chain never forks.
 */
export async function appendDocumentEvent(tx: Transaction, event: NewDocumentEvent): Promise<DocumentEventRow> {
  await lockDocumentEvents(tx, event.documentId);
  const last = await findLastDocumentEvent(tx, event.documentId);
  // A Date holds milliseconds and timestamptz keeps them exactly, so the hash re-computes from the stored row.
  const createdAt = new Date((event.at ?? new Date()).getTime());
  const unhashed = {
    documentId: event.documentId,
    sequence: (last?.sequence ?? 0) + 1,
    type: event.type,
    data: event.data,
    createdAt,
    previousHash: last?.hash ?? null,
  };
  const row = { id: newId('evt'), ...unhashed, hash: hashDocumentEvent(unhashed) };
  // The lists sort by the latest event and expiry counts 90 days from it (DECISIONS, document expiry).
  await insertDocumentEvent(tx, row);
  // Outbox: the account's webhook deliveries commit with the event or not at all.
  await queueWebhookDeliveries(tx, row);
  return row;
}

/** The first event whose hash or link does not hold, or null when the chain is whole. */
export function findBrokenEvent(events: DocumentEventRow[]): DocumentEventRow | null {
  let previous: DocumentEventRow | undefined;
  for (const event of events) {
    const expectedSequence = (previous?.sequence ?? 0) + 1;
    if (event.sequence !== expectedSequence || event.previousHash !== (previous?.hash ?? null)) return event;
    if (hashDocumentEvent(event) !== event.hash) return event;
    previous = event;
  }
  return null;
}
