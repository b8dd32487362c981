import {
  ZBankIdRefreshQuery,
  ZBankIdRefreshResponse,
  ZClientAccessKey,
  ZStartBankIdRequest,
  ZStartBankIdResponse,
  ZValidateBankIdRequest,
  ZValidateBankIdResponse,
} from '@signlink/contracts/bankid/bankid-orders';
import { ZValidateOrgNumberRequest, ZValidateOrgNumberResponse } from '@signlink/contracts/bankid/org-number-bankid';
import { ZErrorResponse } from '@signlink/contracts/errors/error-response';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { validateBankIdLogin } from '../auth/bankid-login.ts';
import { appOrderScope, orgOrderScope, validateOrgNumberOrder } from './app-bankid.service.ts';
import { cancelBankIdOrder, refreshBankIdOrder, startBankIdOrder } from './bankid-orders.service.ts';

export const bankIdErrors = {
  400: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  410: ZErrorResponse,
  502: ZErrorResponse,
};
const errors = bankIdErrors;
const anyAppOrder = { purposes: [...appOrderScope.purposes, ...orgOrderScope.purposes] };

/**
 * SPEC section 7's BankID order endpoints for login, registration and the organisation-number check. They
 * need no session: the order is the way in. Who holds the ClientAccessKey holds the order, as with
 * BankID's own orderRef.
 */
export const bankIdRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({
    db: app.context.database.db,
    client: app.context.bankId.client,
    registry: app.context.companyRegistry.registry,
    secret: app.context.config.sessionSecret,
  });

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

  app.post(
    '/linktinker/app/bankid/orgnumber',
    {
      schema: {
        tags: ['bankid'],
        summary: 'Start a BankID order to prove the right to act for an organisation',
        body: ZStartBankIdRequest.pick({ ReplacesClientAccessKey: true }),
        response: { 200: ZStartBankIdResponse, ...errors },
      },
    },
    async (request) =>
      startBankIdOrder(deps(), {
        purpose: 'org-validation',
        endUserIp: request.ip,
        replacesClientAccessKey: request.body.ReplacesClientAccessKey,
      }),
  );

  app.post(
    '/linktinker/app/bankid/validate/orgnumber',
    {
      schema: {
        tags: ['bankid'],
        summary: 'The identity of a completed order, checked against the company registry for the organisation',
        body: ZValidateOrgNumberRequest,
        response: { 200: ZValidateOrgNumberResponse, ...errors },
      },
    },
    async (request) => validateOrgNumberOrder(deps(), request.body),
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
    async (request) => refreshBankIdOrder(deps(), request.params.clientAccessKey, anyAppOrder),
  );

  app.post(
    '/linktinker/app/bankid/validate',
    {
      schema: {
        tags: ['bankid'],
        summary: 'The identity BankID confirmed: signed in when the person has a user, else a token for registration',
        body: ZValidateBankIdRequest,
        response: { 200: ZValidateBankIdResponse, ...errors },
      },
    },
    async (request) => validateBankIdLogin(deps(), request.body.ClientAccessKey),
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
      await cancelBankIdOrder(deps(), request.params.clientAccessKey, anyAppOrder);
      return reply.code(204).send(null);
    },
  );
};
