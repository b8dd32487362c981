import { ZHealthResponse } from '@signlink/contracts/system/health';
import { checkHealthRoute } from '@signlink/contracts/system/health.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { checkHealth } from './check-health.ts';

/**
 * A degraded process answers 503 with the health body, not the error catalogue's: a load balancer reads the status,
 * an operator the body. The contract's schemas are its success and error answers, so this one is serialised here by
 * the same schema as the 200 (same bytes, same key order).
 */
const serializeDegraded = serializerCompiler({ schema: ZHealthResponse, method: 'GET', url: checkHealthRoute.path });

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, checkHealthRoute, async (_request, reply) => {
    const health = await checkHealth(app.context);
    if (health.status === 'ok') return health;
    return reply.code(503).serializer(serializeDegraded).send(health);
  });
};
