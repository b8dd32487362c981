import type { WebhookEvent } from '@signlink/contracts/developer/webhooks';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/database.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/developer.ts';
import { documents } from '../../db/schema/documents.ts';
import { newId } from '../../lib/ids.ts';
import type { DocumentEventRow } from './document-events.repository.ts';

/** The history events an integrator can subscribe to (issue 26, part 3), by the webhook event SPEC names. */
const webhookEventOf: Partial<Record<DocumentEventRow['type'], WebhookEvent>> = {
  created: 'created',
  opened: 'opened',
  signed: 'signed',
  paid: 'paid',
  'completed-and-sealed': 'completed',
  withdrawn: 'revoked',
  deleted: 'deleted',
};

/**
 * The webhook outbox, in the transaction that appends the history event: one `webhook_deliveries` row per live
 * endpoint of the document's account that asked for the event, so the deliveries exist exactly when the event does.
 * A delivery is unique per (endpoint, history event): the same cause never makes a second row. The rows wait with
 * `next_attempt_at` set; the webhooks module's dispatcher hands them to delivery jobs (document-core sits below every
 * module and holds no queue). The payload carries ids and states only: no names, addresses or titles.
 */
export async function queueWebhookDeliveries(tx: Transaction, event: DocumentEventRow): Promise<number> {
  const webhookEvent = webhookEventOf[event.type];
  if (!webhookEvent) return 0;
  // One statement, and none for an event no endpoint can ask for: every document change passes here.
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, accountId: documents.accountId, state: documents.state })
    .from(webhookEndpoints)
    .innerJoin(documents, eq(documents.accountId, webhookEndpoints.accountId))
    .where(
      and(
        eq(documents.id, event.documentId),
        // Templates and public links' masters are no documents of the integrator's.
        eq(documents.kind, 'document'),
        isNull(webhookEndpoints.revokedAt),
        isNull(webhookEndpoints.disabledAt),
        sql`${webhookEndpoints.events} @> ${JSON.stringify([webhookEvent])}::jsonb`,
      ),
    );
  const [first] = endpoints;
  if (!first) return 0;
  const type = `document.${webhookEvent}`;
  const partyId = typeof event.data.partyId === 'string' ? { partyId: event.data.partyId } : {};
  const payload = {
    type,
    timestamp: event.createdAt.toISOString(),
    data: { documentId: event.documentId, status: first.state, eventId: event.id, ...partyId },
  };
  const rows = endpoints.map((endpoint) => ({
    id: newId('msg'),
    endpointId: endpoint.id,
    accountId: endpoint.accountId,
    sourceId: event.id,
    eventType: type,
    payload,
    nextAttemptAt: event.createdAt,
  }));
  const inserted = await tx
    .insert(webhookDeliveries)
    .values(rows)
    .onConflictDoNothing({ target: [webhookDeliveries.endpointId, webhookDeliveries.sourceId] })
    .returning({ id: webhookDeliveries.id });
  return inserted.length;
}
