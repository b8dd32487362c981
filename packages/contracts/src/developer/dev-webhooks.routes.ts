import { z } from 'zod';
import { defineRoute } from '../http/route-contract.ts';

/**
 * The development webhook inbox (issue 26, part 4): a receiver on this server for trying webhooks without one of
 * your own, the one address the SSRF guard lets through outside production. Registered only with simulators, so it
 * never exists in production; open like the developer mailbox.
 */
const tags = ['development'];
const callers = ['public'] as const;

export const ZDevWebhookInboxParams = z.object({ name: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
export type DevWebhookInboxParams = z.infer<typeof ZDevWebhookInboxParams>;

export const ZDevWebhookHeaders = z.object({
  'webhook-id': z.string().max(200).optional(),
  'webhook-timestamp': z.string().max(40).optional(),
  'webhook-signature': z.string().max(2000).optional(),
});
export type DevWebhookHeaders = z.infer<typeof ZDevWebhookHeaders>;

export const ZDevReceivedWebhook = z.object({
  Id: z.string(),
  /** The inbox's name: the last part of the URL the endpoint was given. */
  Inbox: z.string(),
  WebhookId: z.string().nullable(),
  Type: z.string().nullable(),
  ReceivedAt: z.iso.datetime({ offset: true }),
  /** Whether the signature holds with the secret of the endpoint that sent it; null when no endpoint of ours did. */
  SignatureValid: z.boolean().nullable(),
  Headers: z.record(z.string(), z.string()),
  Body: z.string(),
});
export type DevReceivedWebhook = z.infer<typeof ZDevReceivedWebhook>;

export const receiveDevWebhookRoute = defineRoute({
  method: 'POST',
  path: '/dev/webhooks/inbox/:name',
  tags,
  callers,
  summary: 'Receives a webhook delivery and checks its signature (development only)',
  params: ZDevWebhookInboxParams,
  headers: ZDevWebhookHeaders,
  body: z.unknown(),
  responses: { 204: null },
  errors: [],
});

export const listDevWebhooksRoute = defineRoute({
  method: 'GET',
  path: '/dev/webhooks',
  tags,
  callers,
  summary: 'Webhook deliveries the development inbox received, newest first (development only)',
  responses: { 200: z.object({ Webhooks: z.array(ZDevReceivedWebhook) }) },
  errors: [],
});
