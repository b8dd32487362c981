import { defineRoute } from '../http/route-contract.ts';
import {
  ZCreatedWebhookEndpoint,
  ZCreateWebhookRequest,
  ZUpdateWebhookRequest,
  ZWebhookDeliveriesResponse,
  ZWebhookDelivery,
  ZWebhookDeliveryParams,
  ZWebhookEndpoint,
  ZWebhookEndpointsResponse,
  ZWebhookIdParams,
} from './webhook-endpoints.ts';

/**
 * SPEC section 7's webhook calls, and ours for the delivery log (issue 26, parts 3 and 7). A company's administrators
 * only: other roles and personal accounts are FORBIDDEN, another account's endpoint NOT_FOUND.
 */
const tags = ['webhooks'];
const callers = ['session'] as const;

export const listWebhooksRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/api/webhooks',
  tags,
  callers,
  summary: "The account's webhook endpoints, latest first (revoked ones too, for their log)",
  responses: { 200: ZWebhookEndpointsResponse },
  errors: ['FORBIDDEN'],
});

export const createWebhookRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/api/webhooks',
  tags,
  callers,
  summary: 'Adds an endpoint for the chosen events; the answer carries its signing secret, shown only here',
  body: ZCreateWebhookRequest,
  responses: { 201: ZCreatedWebhookEndpoint },
  errors: ['FORBIDDEN', 'WEBHOOK_URL_REFUSED'],
});

export const revokeWebhookRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/api/webhooks/:id/revoke',
  tags,
  callers,
  summary: 'Ends an endpoint: nothing more is delivered to it; its log stays',
  params: ZWebhookIdParams,
  responses: { 200: ZWebhookEndpoint },
  errors: ['FORBIDDEN', 'NOT_FOUND'],
});

export const updateWebhookRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/api/webhooks/:id/update',
  tags,
  callers,
  summary: "Changes an endpoint's URL or events; a disabled endpoint is turned on again",
  params: ZWebhookIdParams,
  body: ZUpdateWebhookRequest,
  responses: { 200: ZWebhookEndpoint },
  errors: ['FORBIDDEN', 'NOT_FOUND', 'WEBHOOK_URL_REFUSED', 'WEBHOOK_ENDPOINT_DISABLED'],
});

export const listWebhookDeliveriesRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/api/webhooks/:id/deliveries',
  tags,
  callers,
  summary: "The endpoint's latest 50 deliveries, each with its attempts (time, status, outcome, answer excerpt)",
  params: ZWebhookIdParams,
  responses: { 200: ZWebhookDeliveriesResponse },
  errors: ['FORBIDDEN', 'NOT_FOUND'],
});

export const redeliverWebhookRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/api/webhooks/:id/deliveries/:deliveryId/redeliver',
  tags,
  callers,
  summary: 'Tries a delivery again now, with the same webhook-id (a failed one becomes pending again)',
  params: ZWebhookDeliveryParams,
  responses: { 202: ZWebhookDelivery },
  errors: ['FORBIDDEN', 'NOT_FOUND', 'WEBHOOK_ENDPOINT_DISABLED'],
});

export const testWebhookRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/api/webhooks/:id/test',
  tags,
  callers,
  summary: 'Delivers a `webhook.test` event to the endpoint now, whatever events it chose',
  params: ZWebhookIdParams,
  responses: { 202: ZWebhookDelivery },
  errors: ['FORBIDDEN', 'NOT_FOUND', 'WEBHOOK_ENDPOINT_DISABLED'],
});
