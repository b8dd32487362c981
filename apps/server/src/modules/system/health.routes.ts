import { ZErrorResponse } from '@signlink/contracts/errors/error-response';
import { ZHealthResponse } from '@signlink/contracts/system/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkHealth } from './check-health.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and readiness: the database and the job queue',
        response: { 200: ZHealthResponse, 503: ZHealthResponse, 500: ZErrorResponse },
      },
    },
    async (_request, reply) => {
      const health = await checkHealth(app.context);
      return reply.code(health.status === 'ok' ? 200 : 503).send(health);
    },
  );
};
