import { listDevWebhooksRoute, receiveDevWebhookRoute } from '@signlink/contracts/developer/dev-webhooks.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { createDevWebhookInbox } from './dev-webhook-inbox.ts';

const shownHeaders = ['webhook-id', 'webhook-timestamp', 'webhook-signature', 'content-type', 'user-agent'];

/**
 * The development webhook inbox (issue 26, part 4). Registered only when simulators run, which configuration
 * forbids in production, so neither the inbox nor the guard's exemption for it exists there.
 */
export const devWebhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const inbox = createDevWebhookInbox(app.context.database.db);

  route(app, receiveDevWebhookRoute, async (request, reply) => {
    const headers: Record<string, string> = {};
    for (const name of shownHeaders) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    // Our deliveries are JSON.stringify of the payload, so the parsed body serialises back to the signed bytes.
    const body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body ?? null);
    await inbox.receive({ inbox: request.params.name, headers, body });
    return reply.code(204).send();
  });

  route(app, listDevWebhooksRoute, () => ({ Webhooks: inbox.list() }));
};
