import { randomBytes } from 'node:crypto';
import {
  type CreatedWebhookEndpoint,
  type CreateWebhookRequest,
  type UpdateWebhookRequest,
  type WebhookDelivery,
  type WebhookEndpoint,
  webhookTestEventType,
} from '@signlink/contracts/developer/webhook-endpoints';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../http/actor.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { newId } from '../../lib/ids.ts';
import { authorizeIntegrations } from '../document-core/account.policy.ts';
import { enqueueWebhookAttempt } from './deliver-webhook.job.ts';
import { checkWebhookUrl, type GuardOptions, UrlRefusedError } from './ssrf-guard.ts';
import {
  findDelivery,
  findEndpoint,
  insertDelivery,
  insertEndpoint,
  listDeliveriesWithAttempts,
  listEndpoints,
  updateDelivery,
  updateEndpoint,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from './webhooks.repository.ts';

export interface WebhookServiceDeps {
  db: Database;
  queue: JobQueue;
  guard: GuardOptions;
}

const deliveriesShown = 50;

/** Standard Webhooks' secret format: `whsec_` and base64 of the key (32 random bytes). */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

async function checkUrl(deps: WebhookServiceDeps, url: string): Promise<string> {
  try {
    return (await checkWebhookUrl(url, deps.guard)).url.toString();
  } catch (error) {
    if (!(error instanceof UrlRefusedError)) throw error;
    // The reason and the URL without its query: never the secret a refused URL may carry.
    throw new AppError('WEBHOOK_URL_REFUSED', { details: { reason: error.reason, url: error.redactedUrl } });
  }
}

export function presentEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    Id: row.id,
    Url: row.url,
    Events: row.events,
    Status: row.revokedAt ? 'revoked' : row.disabledAt ? 'disabled' : 'active',
    CreatedAt: row.createdAt.toISOString(),
    FailingSince: row.failingSince?.toISOString() ?? null,
    DisabledAt: row.disabledAt?.toISOString() ?? null,
    RevokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

type DeliveryWithAttempts = Awaited<ReturnType<typeof listDeliveriesWithAttempts>>[number];

function presentDelivery(row: WebhookDeliveryRow, attempts: DeliveryWithAttempts['attempts'] = []): WebhookDelivery {
  return {
    Id: row.id,
    EventType: row.eventType,
    Status: row.status,
    AttemptCount: row.attemptCount,
    CreatedAt: row.createdAt.toISOString(),
    NextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    DeliveredAt: row.deliveredAt?.toISOString() ?? null,
    Attempts: attempts.map((attempt) => ({
      Id: attempt.id,
      AttemptedAt: attempt.attemptedAt.toISOString(),
      DurationMs: attempt.durationMs,
      Outcome: attempt.outcome,
      StatusCode: attempt.statusCode,
      ResponseExcerpt: attempt.responseExcerpt,
      Error: attempt.error,
    })),
  };
}

/** The endpoint of the caller's account, or NOT_FOUND (another account's ids cannot be probed). */
async function ownEndpoint(deps: WebhookServiceDeps, actor: Actor, id: string): Promise<WebhookEndpointRow> {
  authorizeIntegrations(actor);
  const endpoint = await findEndpoint(deps.db, id);
  if (!endpoint) throw new AppError('NOT_FOUND');
  authorizeIntegrations(actor, endpoint);
  return endpoint;
}

export async function listWebhooks(deps: WebhookServiceDeps, actor: Actor) {
  authorizeIntegrations(actor);
  return { Webhooks: (await listEndpoints(deps.db, actor.accountId)).map(presentEndpoint) };
}

export async function createWebhook(
  deps: WebhookServiceDeps,
  actor: Actor,
  input: CreateWebhookRequest,
): Promise<CreatedWebhookEndpoint> {
  authorizeIntegrations(actor);
  const url = await checkUrl(deps, input.Url);
  const row = await insertEndpoint(deps.db, {
    id: newId('whe'),
    accountId: actor.accountId,
    createdBy: actor.userId,
    url,
    events: input.Events,
    secret: newSecret(),
  });
  return { ...presentEndpoint(row), Secret: row.secret };
}

export async function updateWebhook(deps: WebhookServiceDeps, actor: Actor, id: string, input: UpdateWebhookRequest) {
  const endpoint = await ownEndpoint(deps, actor, id);
  if (endpoint.revokedAt) throw new AppError('WEBHOOK_ENDPOINT_DISABLED');
  const url = input.Url === undefined ? endpoint.url : await checkUrl(deps, input.Url);
  // Saving is the owner saying the receiver is fixed: a disabled endpoint starts afresh.
  const row = await updateEndpoint(deps.db, id, {
    url,
    events: input.Events ?? endpoint.events,
    disabledAt: null,
    failingSince: null,
    updatedAt: new Date(),
  });
  return presentEndpoint(row);
}

export async function revokeWebhook(deps: WebhookServiceDeps, actor: Actor, id: string) {
  const endpoint = await ownEndpoint(deps, actor, id);
  if (endpoint.revokedAt) return presentEndpoint(endpoint);
  const now = new Date();
  return presentEndpoint(await updateEndpoint(deps.db, id, { revokedAt: now, updatedAt: now }));
}

export async function listWebhookDeliveries(deps: WebhookServiceDeps, actor: Actor, id: string) {
  const endpoint = await ownEndpoint(deps, actor, id);
  const rows = await listDeliveriesWithAttempts(deps.db, endpoint.id, deliveriesShown);
  return { Deliveries: rows.map((row) => presentDelivery(row, row.attempts)) };
}

function assertLive(endpoint: WebhookEndpointRow) {
  if (endpoint.revokedAt || endpoint.disabledAt) {
    throw new AppError('WEBHOOK_ENDPOINT_DISABLED', {
      details: { status: endpoint.revokedAt ? 'revoked' : 'disabled' },
    });
  }
}

/** A new attempt now, same delivery (same webhook-id); a failed delivery is pending again. */
export async function redeliverWebhook(deps: WebhookServiceDeps, actor: Actor, id: string, deliveryId: string) {
  const endpoint = await ownEndpoint(deps, actor, id);
  const delivery = await findDelivery(deps.db, deliveryId);
  if (delivery?.endpointId !== endpoint.id) throw new AppError('NOT_FOUND');
  assertLive(endpoint);
  const now = new Date();
  const row = await deps.db.transaction(async (tx) => {
    const updated = await updateDelivery(tx, delivery.id, { status: 'pending', nextAttemptAt: now });
    await enqueueWebhookAttempt(deps.queue, {
      deliveryId: delivery.id,
      attemptCount: delivery.attemptCount,
      key: `${delivery.id}:by-hand:${delivery.attemptCount}:${now.getTime()}`,
      tx,
    });
    return updated;
  });
  return presentDelivery(row);
}

/** A `webhook.test` event, delivered now and logged like any other. */
export async function sendTestWebhook(deps: WebhookServiceDeps, actor: Actor, id: string) {
  const endpoint = await ownEndpoint(deps, actor, id);
  assertLive(endpoint);
  const now = new Date();
  const deliveryId = newId('msg');
  const row = await deps.db.transaction(async (tx) => {
    const inserted = await insertDelivery(tx, {
      id: deliveryId,
      endpointId: endpoint.id,
      accountId: endpoint.accountId,
      sourceId: `test:${deliveryId}`,
      eventType: webhookTestEventType,
      payload: { type: webhookTestEventType, timestamp: now.toISOString(), data: { endpointId: endpoint.id } },
      nextAttemptAt: now,
      createdAt: now,
    });
    await enqueueWebhookAttempt(deps.queue, { deliveryId, attemptCount: 0, tx });
    return inserted;
  });
  return presentDelivery(row);
}
