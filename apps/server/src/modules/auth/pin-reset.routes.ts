import { checkPinResetRoute, requestPinResetRoute, resetPinRoute } from '@signlink/contracts/auth/pin-reset.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { checkPinReset, requestPinReset, resetPin } from './pin-reset.ts';

/** SPEC section 7: `linktinker/account/pin/reset` and `…/{id}` (GET checks the link, POST sets the PIN). */
export const pinResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ database: app.context.database, queue: app.context.queue, messaging: app.context.messaging });

  route(app, requestPinResetRoute, (request) =>
    requestPinReset(deps(), { ...request.body, brand: request.brand.id, locale: request.locale }),
  );
  route(app, checkPinResetRoute, (request) => checkPinReset(deps(), request.params.id));
  route(app, resetPinRoute, async (request, reply) => {
    await resetPin(deps(), request.params.id, request.body.Pin);
    return reply.code(204).send(null);
  });
};
