import {
  ZBankIdRefreshQuery,
  ZBankIdRefreshResponse,
  ZClientAccessKey,
  ZStartBankIdRequest,
  ZStartBankIdResponse,
  ZValidateBankIdRequest,
  ZValidateBankIdResponse,
} from '@signlink/contracts/bankid/bankid-orders';
import { ZErrorResponse } from '@signlink/contracts/errors/error-response';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cancelBankIdOrder,
  refreshBankIdOrder,
  startBankIdOrder,
  validateBankIdOrder,
} from './bankid-orders.service.ts';

const errors = {
  400: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  502: ZErrorResponse,
};

/**
 * SPEC section 7's BankID order endpoints for login and registration. They need no session: the order is
 * the way in. Who holds the ClientAccessKey holds the order, as with BankID's own orderRef.
 */
export const bankIdRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.context.database.db, client: app.context.bankId.client });

  app.post(
    '/linktinker/app/bankid',
    {
      schema: {
        tags: ['bankid'],
        summary: 'Start a BankID order (this device or the QR code on another)',
        body: ZStartBankIdRequest,
        response: { 200: ZStartBankIdResponse, ...errors },
      },
    },
    async (request) =>
      startBankIdOrder(deps(), {
        purpose: request.body.Purpose,
        endUserIp: request.ip,
        replacesClientAccessKey: request.body.ReplacesClientAccessKey,
      }),
  );

  app.get(
    '/linktinker/app/bankid/:clientAccessKey',
    {
      schema: {
        tags: ['bankid'],
        summary: "The order's state and this second's QR code; the browser asks every second",
        params: z.object({ clientAccessKey: ZClientAccessKey }),
        querystring: ZBankIdRefreshQuery,
        response: { 200: ZBankIdRefreshResponse, ...errors },
      },
    },
    async (request) => refreshBankIdOrder(deps(), request.params.clientAccessKey),
  );

  app.post(
    '/linktinker/app/bankid/validate',
    {
      schema: {
        tags: ['bankid'],
        summary: 'The identity BankID confirmed for a completed order',
        body: ZValidateBankIdRequest,
        response: { 200: ZValidateBankIdResponse, ...errors },
      },
    },
    async (request) => validateBankIdOrder(deps(), request.body.ClientAccessKey),
  );

  app.post(
    '/linktinker/app/bankid/:clientAccessKey/cancel',
    {
      schema: {
        tags: ['bankid'],
        summary: 'Cancel a pending order (the user pressed cancel)',
        params: z.object({ clientAccessKey: ZClientAccessKey }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await cancelBankIdOrder(deps(), request.params.clientAccessKey);
      return reply.code(204).send(null);
    },
  );
};
