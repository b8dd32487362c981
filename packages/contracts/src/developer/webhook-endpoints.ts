import { z } from 'zod';
import { webhookAttemptOutcomes, webhookDeliveryStatuses, webhookEvents } from './webhooks.ts';

/**
 * The webhook calls' schemas (SPEC section 7 "webhooks"; issue 26, part 3). The URL is only bounded here: whether it
 * may be used (https, a public address, no credentials or secrets in it) is the server's SSRF guard's to say, with
 * WEBHOOK_URL_REFUSED, because it needs a DNS answer.
 */
export const webhookUrlMaxLength = 2000;

/**
 * The `type` of the test event the "send test event" button delivers: not a document event, so no endpoint
 * subscribes to it, and its data names only the endpoint.
 */
export const webhookTestEventType = 'webhook.test';

/** active: receives its events; disabled: we stopped after 5 days of failures (editing turns it on); revoked: ended. */
export const webhookEndpointStatuses = ['active', 'disabled', 'revoked'] as const;
export type WebhookEndpointStatus = (typeof webhookEndpointStatuses)[number];

export const ZWebhookEvent = z.enum(webhookEvents);
export type WebhookEventName = z.infer<typeof ZWebhookEvent>;

const ZEvents = z
  .array(ZWebhookEvent)
  .min(1)
  .max(webhookEvents.length)
  .refine((events) => new Set(events).size === events.length, 'each event once');

const ZUrl = z.string().trim().min(1).max(webhookUrlMaxLength);

export const ZCreateWebhookRequest = z.object({ Url: ZUrl, Events: ZEvents });
export type CreateWebhookRequest = z.infer<typeof ZCreateWebhookRequest>;

/** Either or both; saving turns a disabled endpoint on again (its owner fixed it). */
export const ZUpdateWebhookRequest = z.object({ Url: ZUrl.optional(), Events: ZEvents.optional() });
export type UpdateWebhookRequest = z.infer<typeof ZUpdateWebhookRequest>;

export const ZWebhookIdParams = z.object({ id: z.string().min(1).max(64) });
export type WebhookIdParams = z.infer<typeof ZWebhookIdParams>;
export const ZWebhookDeliveryParams = z.object({
  id: z.string().min(1).max(64),
  deliveryId: z.string().min(1).max(64),
});
export type WebhookDeliveryParams = z.infer<typeof ZWebhookDeliveryParams>;

const ZTime = z.iso.datetime({ offset: true });

export const ZWebhookEndpoint = z.object({
  /** SPEC's WebhookUrlId. */
  Id: z.string(),
  Url: z.string(),
  Events: z.array(ZWebhookEvent),
  Status: z.enum(webhookEndpointStatuses),
  CreatedAt: ZTime,
  /** When its current run of failed deliveries began. */
  FailingSince: ZTime.nullable(),
  DisabledAt: ZTime.nullable(),
  RevokedAt: ZTime.nullable(),
});
export type WebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

/** The create answer, the only one that carries the signing secret (`whsec_…`, Standard Webhooks). */
export const ZCreatedWebhookEndpoint = ZWebhookEndpoint.extend({ Secret: z.string() });
export type CreatedWebhookEndpoint = z.infer<typeof ZCreatedWebhookEndpoint>;

export const ZWebhookEndpointsResponse = z.object({ Webhooks: z.array(ZWebhookEndpoint) });
export type WebhookEndpointsResponse = z.infer<typeof ZWebhookEndpointsResponse>;

export const ZWebhookAttempt = z.object({
  Id: z.string(),
  AttemptedAt: ZTime,
  DurationMs: z.number().int(),
  Outcome: z.enum(webhookAttemptOutcomes),
  StatusCode: z.number().int().nullable(),
  /** At most about 1 KB of the receiver's answer. */
  ResponseExcerpt: z.string().nullable(),
  Error: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof ZWebhookAttempt>;

export const ZWebhookDelivery = z.object({
  /** The `webhook-id` header, the same on every attempt. */
  Id: z.string(),
  EventType: z.string(),
  Status: z.enum(webhookDeliveryStatuses),
  AttemptCount: z.number().int(),
  CreatedAt: ZTime,
  NextAttemptAt: ZTime.nullable(),
  DeliveredAt: ZTime.nullable(),
  /** Latest first. */
  Attempts: z.array(ZWebhookAttempt),
});
export type WebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookDeliveriesResponse = z.object({ Deliveries: z.array(ZWebhookDelivery) });
export type WebhookDeliveriesResponse = z.infer<typeof ZWebhookDeliveriesResponse>;
