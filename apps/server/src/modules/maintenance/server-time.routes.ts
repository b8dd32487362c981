import { findServerTimeRoute } from '@signlink/contracts/maintenance/server-time.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';

export const serverTimeRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, findServerTimeRoute, async (_request, reply) => {
    // A countdown must read the time as it is now, never a cached answer.
    reply.header('cache-control', 'no-store');
    return { utc: new Date().toISOString() };
  });
};
