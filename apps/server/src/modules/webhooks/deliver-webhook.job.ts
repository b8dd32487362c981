import { z } from 'zod';
import type { Config } from '../../config/config.ts';
import type { Database, DatabaseHandle, Transaction } from '../../db/database.ts';
import { defineJob, type JobContext } from '../../jobs/job-definition.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { sendMessage } from '../messaging/send-message.ts';
import type { DeliverWebhookDeps } from './deliver-webhook.ts';
import { deliverWebhook } from './deliver-webhook.ts';
import type { GuardOptions } from './ssrf-guard.ts';
import { redactUrl } from './ssrf-guard.ts';
import { listAdministratorEmails, listDueDeliveries, type WebhookEndpointRow } from './webhooks.repository.ts';

/**
 * The guard as configuration allows it: loopback only in tests that ask, the dev inbox only outside production.
 * `ownOrigin` is this server's address as it listens (PORT=0 picks the port only then); configuration's by default.
 */
export function guardOptionsOf(config: Config, ownOrigin: string = config.publicUrl): GuardOptions {
  return {
    isProduction: config.isProduction,
    allowLoopback: !config.isProduction && config.webhooksAllowLoopback,
    ...(config.simulators && !config.isProduction ? { devInboxOrigin: ownOrigin } : {}),
  };
}

/** Enqueues an attempt; the key makes the dispatcher's and the retry's enqueue of one attempt a single job. */
export async function enqueueWebhookAttempt(
  queue: JobQueue,
  input: { deliveryId: string; attemptCount: number; at?: Date; key?: string; tx?: Transaction },
) {
  await queue.enqueue({
    job: deliverWebhookJob,
    data: { deliveryId: input.deliveryId },
    idempotencyKey: input.key ?? `${input.deliveryId}:${input.attemptCount}`,
    ...(input.at ? { startAfter: input.at } : {}),
    ...(input.tx ? { tx: input.tx } : {}),
  });
}

/** The e-mail to every administrator of the endpoint's account, queued in the disabling transaction. */
async function notifyDisabled(context: JobContext, tx: Transaction, endpoint: WebhookEndpointRow) {
  const { messaging, queue } = context.services;
  const admins = await listAdministratorEmails(tx, endpoint.accountId);
  for (const admin of admins) {
    if (!admin.email) continue;
    await sendMessage(
      { database: context.database, queue, messaging },
      {
        kind: 'webhook-disabled',
        data: { endpointUrl: redactUrl(endpoint.url) },
        channel: 'email',
        to: admin.email,
        locale: admin.locale ?? 'en-us',
        // An account has no brand of its own; the disabled notice is the product's.
        brand: 'signlink',
        accountId: endpoint.accountId,
        idempotencyKey: `webhook-disabled:${endpoint.id}:${endpoint.failingSince?.toISOString()}:${admin.email}`,
      },
      tx,
    );
  }
}

/** What a run of the job uses; tests build the same with their own clock, schedule and guard. */
export function deliveryDepsOf(context: JobContext): DeliverWebhookDeps {
  const { config, queue, messaging } = context.services;
  return {
    db: context.database.db,
    guard: guardOptionsOf(config, messaging.publicUrls.forBrand('signlink')),
    logger: context.logger,
    scheduleAttempt: (input) => enqueueWebhookAttempt(queue, input),
    notifyDisabled: (tx, endpoint) => notifyDisabled(context, tx, endpoint),
  };
}

/**
 * One attempt of one webhook delivery. Our own schedule (retry-schedule.ts) spaces the attempts, so the job's own
 * retries only cover a run that crashed: it runs again with the same delivery, so the same `webhook-id`.
 */
export const deliverWebhookJob = defineJob({
  id: 'webhooks.deliver',
  schema: z.object({ deliveryId: z.string().min(1).max(64) }),
  handler: async ({ data, context }) => {
    await deliverWebhook(deliveryDepsOf(context), data.deliveryId);
  },
  retry: { limit: 3, delaySeconds: 30, backoff: true },
  // Ten seconds of request at most; the rest is a few statements.
  expireInSeconds: 120,
});

/** Hands due deliveries (new ones from the history outbox, and any whose job was lost) to delivery jobs. */
export async function dispatchDueWebhooks(deps: { database: DatabaseHandle | { db: Database }; queue: JobQueue }) {
  const due = await listDueDeliveries(deps.database.db, new Date(), 500);
  for (const delivery of due) {
    await enqueueWebhookAttempt(deps.queue, { deliveryId: delivery.id, attemptCount: delivery.attemptCount });
  }
  return due.length;
}
