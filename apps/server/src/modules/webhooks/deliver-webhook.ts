import type { WebhookAttemptOutcome } from '@signlink/contracts/developer/webhooks';
import { Webhook } from 'standardwebhooks';
import type { Database, Transaction } from '../../db/database.ts';
import type { JobLogger } from '../../jobs/job-definition.ts';
import { newId } from '../../lib/ids.ts';
import { disableAfterMs, nextAttemptAt } from './retry-schedule.ts';
import { type SafeResponse, safePost } from './safe-request.ts';
import { checkWebhookUrl, type GuardOptions, redactUrl, UrlRefusedError } from './ssrf-guard.ts';
import {
  disableEndpoint,
  findDelivery,
  findEndpoint,
  insertAttempt,
  lockDelivery,
  markEndpointFailing,
  updateDelivery,
  updateEndpoint,
  type WebhookEndpointRow,
} from './webhooks.repository.ts';

export interface DeliverWebhookDeps {
  db: Database;
  guard: GuardOptions;
  logger: JobLogger;
  /** Puts the delivery's next attempt on the queue at `at` (the job's startAfter). */
  scheduleAttempt(input: { deliveryId: string; attemptCount: number; at: Date }): Promise<void>;
  /** Tells the account's administrators that an endpoint was disabled; in the disabling transaction. */
  notifyDisabled(tx: Transaction, endpoint: WebhookEndpointRow): Promise<void>;
  now?: () => Date;
  random?: () => number;
  timeoutMs?: number;
}

export type DeliveryResult = 'skipped' | 'delivered' | 'retrying' | 'failed';

/**
 * One attempt of a delivery (issue 26, part 3), with the same `webhook-id` (the delivery's id) every time so receivers
 * can drop repeats: delivery is at least once. The URL is checked again now (a name may resolve elsewhere since it was
 * saved) and the request goes to the address checked. Every attempt is recorded; a failure schedules the next one
 * until 72 hours have passed, and an endpoint failing for 5 days is disabled.
 */
export async function deliverWebhook(deps: DeliverWebhookDeps, deliveryId: string): Promise<DeliveryResult> {
  const now = deps.now ?? (() => new Date());
  const delivery = await findDelivery(deps.db, deliveryId);
  if (delivery?.status !== 'pending') return 'skipped';
  const endpoint = await findEndpoint(deps.db, delivery.endpointId);
  if (!endpoint || endpoint.revokedAt || endpoint.disabledAt) {
    await updateDelivery(deps.db, deliveryId, { status: 'failed', nextAttemptAt: null });
    return 'failed';
  }

  const started = now();
  const response = await attempt(deps, endpoint, delivery.id, delivery.payload, started);
  const finished = now();
  let next: Date | null = null;
  let attemptsMade = delivery.attemptCount + 1;
  const result: DeliveryResult = await deps.db.transaction(async (tx) => {
    await insertAttempt(tx, {
      id: newId('wha'),
      deliveryId: delivery.id,
      attemptedAt: started,
      durationMs: response.durationMs,
      outcome: response.outcome,
      statusCode: response.statusCode,
      responseExcerpt: response.excerpt,
      error: response.error,
    });
    // Another run of the same delivery (a job given back while this one still ran) may have settled it meanwhile:
    // its outcome stands, this attempt is only logged.
    const current = await lockDelivery(tx, delivery.id);
    if (current?.status !== 'pending') return 'skipped';
    attemptsMade = current.attemptCount + 1;
    if (response.outcome === 'delivered') {
      await updateDelivery(tx, delivery.id, {
        status: 'delivered',
        attemptCount: attemptsMade,
        deliveredAt: finished,
        nextAttemptAt: null,
      });
      if (endpoint.failingSince) await updateEndpoint(tx, endpoint.id, { failingSince: null });
      return 'delivered';
    }
    next = nextAttemptAt({
      createdAt: current.createdAt,
      now: finished,
      attemptsMade,
      ...(deps.random ? { random: deps.random } : {}),
    });
    await updateDelivery(tx, delivery.id, {
      status: next ? 'pending' : 'failed',
      attemptCount: attemptsMade,
      nextAttemptAt: next,
    });
    const failing = await markEndpointFailing(tx, endpoint.id, started);
    const since = failing?.failingSince;
    if (since && finished.getTime() - since.getTime() >= disableAfterMs) {
      if (await disableEndpoint(tx, endpoint.id, finished)) await deps.notifyDisabled(tx, endpoint);
    }
    return next ? 'retrying' : 'failed';
  });
  const scheduled = next as Date | null;
  if (result === 'retrying' && scheduled) {
    await deps.scheduleAttempt({ deliveryId: delivery.id, attemptCount: attemptsMade, at: scheduled });
  }
  deps.logger.info(
    { deliveryId, endpointId: endpoint.id, url: redactUrl(endpoint.url), outcome: response.outcome, result },
    'webhook attempt',
  );
  return result;
}

async function attempt(
  deps: DeliverWebhookDeps,
  endpoint: WebhookEndpointRow,
  deliveryId: string,
  payload: Record<string, unknown>,
  at: Date,
): Promise<Omit<SafeResponse, 'outcome'> & { outcome: WebhookAttemptOutcome }> {
  let target: Awaited<ReturnType<typeof checkWebhookUrl>>;
  try {
    target = await checkWebhookUrl(endpoint.url, deps.guard);
  } catch (error) {
    if (!(error instanceof UrlRefusedError)) throw error;
    return { outcome: 'refused', statusCode: null, excerpt: null, error: error.reason, durationMs: 0 };
  }
  const body = JSON.stringify(payload);
  const signature = new Webhook(endpoint.secret).sign(deliveryId, at, body);
  return safePost(target, {
    body,
    headers: {
      'webhook-id': deliveryId,
      'webhook-timestamp': Math.floor(at.getTime() / 1000).toString(),
      'webhook-signature': signature,
    },
    ...(deps.timeoutMs === undefined ? {} : { timeoutMs: deps.timeoutMs }),
  });
}
