import {
  createWebhookRoute,
  listWebhookDeliveriesRoute,
  listWebhooksRoute,
  redeliverWebhookRoute,
  revokeWebhookRoute,
  testWebhookRoute,
  updateWebhookRoute,
} from '@signlink/contracts/developer/webhooks.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { guardOptionsOf } from './deliver-webhook.job.ts';
import {
  createWebhook,
  listWebhookDeliveries,
  listWebhooks,
  redeliverWebhook,
  revokeWebhook,
  sendTestWebhook,
  updateWebhook,
} from './webhook-endpoints.service.ts';

/** SPEC section 7's webhook calls and the delivery log's (issue 26, parts 3 and 7). */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({
    db: app.context.database.db,
    queue: app.context.queue,
    guard: guardOptionsOf(app.context.config, app.context.messaging.publicUrls.forBrand('signlink')),
  });

  route(app, listWebhooksRoute, (request) => listWebhooks(deps(), request.actor));
  route(app, createWebhookRoute, async (request, reply) =>
    reply.code(201).send(await createWebhook(deps(), request.actor, request.body)),
  );
  route(app, updateWebhookRoute, (request) => updateWebhook(deps(), request.actor, request.params.id, request.body));
  route(app, revokeWebhookRoute, (request) => revokeWebhook(deps(), request.actor, request.params.id));
  route(app, listWebhookDeliveriesRoute, (request) => listWebhookDeliveries(deps(), request.actor, request.params.id));
  route(app, redeliverWebhookRoute, async (request, reply) =>
    reply.code(202).send(await redeliverWebhook(deps(), request.actor, request.params.id, request.params.deliveryId)),
  );
  route(app, testWebhookRoute, async (request, reply) =>
    reply.code(202).send(await sendTestWebhook(deps(), request.actor, request.params.id)),
  );
};
