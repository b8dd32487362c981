import {
  createApiClientRoute,
  listApiClientsRoute,
  revokeApiClientRoute,
  updateApiClientRoute,
} from '@signlink/contracts/developer/api-clients.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { createApiClient, listApiClients, revokeApiClient, updateApiClient } from './api-clients.service.ts';

/** SPEC section 7 "API clients": a company's administrators manage the keys their systems call with (issue 26). */
export const apiClientRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.context.database.db });

  route(app, listApiClientsRoute, (request) => listApiClients(deps(), request.actor));
  route(app, createApiClientRoute, async (request, reply) =>
    reply.code(201).send(await createApiClient(deps(), request.actor, request.body)),
  );
  route(app, revokeApiClientRoute, (request) => revokeApiClient(deps(), request.actor, request.params.id));
  route(app, updateApiClientRoute, (request) =>
    updateApiClient(deps(), request.actor, request.params.id, request.body),
  );
};
