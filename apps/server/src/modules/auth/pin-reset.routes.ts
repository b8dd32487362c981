import {
  ZPinResetBody,
  ZPinResetId,
  ZPinResetRequest,
  ZPinResetSent,
  ZPinResetStatus,
} from '@signlink/contracts/auth/pin-reset';
import { ZErrorResponse } from '@signlink/contracts/errors/error-response';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authErrors } from './auth.routes.ts';
import { checkPinReset, requestPinReset, resetPin } from './pin-reset.ts';

const errors = { ...authErrors, 410: ZErrorResponse };
const params = z.object({ id: ZPinResetId });

/** SPEC section 7: `linktinker/account/pin/reset` and `…/{id}` (GET checks the link, POST sets the PIN). */
export const pinResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ database: app.context.database, queue: app.context.queue, messaging: app.context.messaging });

  app.post(
    '/linktinker/account/pin/reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a PIN reset link by SMS or e-mail (valid 30 minutes, once)',
        body: ZPinResetRequest,
        response: { 200: ZPinResetSent, ...errors },
      },
    },
    async (request) => requestPinReset(deps(), { ...request.body, brand: request.brand.id, locale: request.locale }),
  );

  app.get(
    '/linktinker/account/pin/reset/:id',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether a PIN reset link still works',
        params,
        response: { 200: ZPinResetStatus, ...errors },
      },
    },
    async (request) => checkPinReset(deps(), request.params.id),
  );

  app.post(
    '/linktinker/account/pin/reset/:id',
    {
      schema: {
        tags: ['auth'],
        summary: "Set a new PIN through the link; the user's sessions end",
        params,
        body: ZPinResetBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await resetPin(deps(), request.params.id, request.body.Pin);
      return reply.code(204).send(null);
    },
  );
};
