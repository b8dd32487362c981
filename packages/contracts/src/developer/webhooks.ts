/**
 * Webhooks (SPEC section 3 "Webhook"; issue 26, part 3): the document events an endpoint may ask for, as SPEC names
 * them, and `paid` (Sign & Pay). Each is delivered with `type` `document.<event>` by the Standard Webhooks scheme.
 */
export const webhookEvents = ['created', 'opened', 'signed', 'completed', 'revoked', 'deleted', 'paid'] as const;
export type WebhookEvent = (typeof webhookEvents)[number];

/** pending: waiting for its next try; delivered: a 2xx came; failed: tries ran out (72 hours) or the endpoint went. */
export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/** One try's outcome: a 2xx, another status, no answer in time, an address refused by the guard, or no connection. */
export const webhookAttemptOutcomes = ['delivered', 'http-error', 'timeout', 'refused', 'network-error'] as const;
export type WebhookAttemptOutcome = (typeof webhookAttemptOutcomes)[number];
