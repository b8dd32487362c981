import { isMaintenanceWindow } from '@signlink/contracts/maintenance/maintenance-state';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from '../../plugins/error-handler.ts';
import { createMaintenanceSource } from './maintenance-source.ts';

export interface MaintenancePluginOptions {
  maintenance: { file: string; json: string | undefined };
}

/**
 * API paths that answer during a maintenance window: the load balancer's health check, the server time the
 * countdown needs, and the development-only mailbox, webhook inbox and gift cards (never in production), so a
 * tester can still read what was sent. The web app, `/maintenance.json` and the simulators (`/sim`) are outside
 * `/v2` and never refused. Webhooks from Stripe, Twilio and the ID-scan vendor are refused too: they retry later.
 */
const answeringPaths = [/^\/v2\/health$/, /^\/v2\/linktinker\/time$/, /^\/v2\/dev\//, /^\/v2\/docs(\/|$)/];

const isRefusedPath = (path: string) =>
  path.startsWith('/v2/') && !answeringPaths.some((pattern) => pattern.test(path));

/**
 * SPEC section 4 and DECISIONS: serves the announced item at `GET /maintenance.json` (static, never cached) and,
 * from the window's start to its end, answers every other API call 503 MAINTENANCE with Retry-After until the end.
 */
export const maintenancePlugin = fp(
  async (app: FastifyInstance, options: MaintenancePluginOptions) => {
    const source = createMaintenanceSource({ ...options.maintenance, log: app.log });

    app.get('/maintenance.json', { schema: { hide: true } }, async (_request, reply) => {
      const item = await source.current();
      return reply
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(item));
    });

    app.addHook('onRequest', async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (!isRefusedPath(path)) return;
      const item = await source.current({ maxAgeMs: 1_000 });
      const now = Date.now();
      if (!item || !isMaintenanceWindow(item, now)) return;
      const retryAfterSeconds = Math.max(1, Math.ceil((Date.parse(item.endUtc) - now) / 1000));
      reply.header('retry-after', String(retryAfterSeconds));
      return sendError(request, reply, 'MAINTENANCE', { endUtc: item.endUtc });
    });
  },
  { name: 'maintenance', dependencies: ['error-handler'] },
);
