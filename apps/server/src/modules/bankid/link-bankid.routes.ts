import {
  ZBankIdRefreshResponse,
  ZClientAccessKey,
  ZStartBankIdResponse,
} from '@signlink/contracts/bankid/bankid-orders';
import {
  ZLinkId,
  ZStartLinkBankIdRequest,
  ZValidateLinkOrgNumberRequest,
  ZValidateLinkOrgNumberResponse,
} from '@signlink/contracts/bankid/link-bankid';
import { ZErrorResponse } from '@signlink/contracts/errors/error-response';
import {
  ZSignLinkBankIdRequest,
  ZSignLinkBankIdResponse,
  ZStartLinkSignatureRequest,
} from '@signlink/contracts/links/sign-bankid';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bankIdErrors as errors } from './bankid.routes.ts';
import { cancelBankIdOrder } from './bankid-orders.service.ts';
import {
  type LinkOrderPurpose,
  refreshLinkBankIdOrder,
  startLinkBankIdOrder,
  validateLinkOrgNumberOrder,
  validateLinkSignatureOrder,
} from './link-bankid.service.ts';

const linkParams = z.object({ id: ZLinkId });
const orderParams = z.object({ id: ZLinkId, clientAccessKey: ZClientAccessKey });

/**
 * The recipient side's BankID endpoints (SPEC section 7). Recipients are guests: the link id, then the
 * order's ClientAccessKey, are what they hold, and an order made for one link is unknown to every other.
 */
export const linkBankIdRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({
    db: app.context.database.db,
    client: app.context.bankId.client,
    registry: app.context.companyRegistry.registry,
    secret: app.context.config.sessionSecret,
    queue: app.context.queue,
  });

  const startRoute = (url: string, purpose: LinkOrderPurpose, summary: string) =>
    app.post(
      url,
      {
        schema: {
          tags: ['bankid'],
          summary,
          params: linkParams,
          // A signature order may name its slot (checked before the person signs in the app).
          body: purpose === 'link-signature' ? ZStartLinkSignatureRequest : ZStartLinkBankIdRequest,
          response: { 200: ZStartBankIdResponse, ...errors },
        },
      },
      async (request) =>
        startLinkBankIdOrder(deps(), {
          linkId: request.params.id,
          purpose,
          endUserIp: request.ip,
          requestToken: request.body.requestToken,
          replacesClientAccessKey: request.body.ReplacesClientAccessKey,
          signatureIndex: (request.body as { SignatureIndex?: number }).SignatureIndex,
        }),
    );

  startRoute('/linktinker/links/:id/bankid', 'link-access', 'Start a BankID order to open the link (its BankID gate)');
  startRoute(
    '/linktinker/links/:id/validation/bankid',
    'link-signature',
    "Start a BankID order that signs the link's document",
  );
  startRoute(
    '/linktinker/links/:id/validation/orgnumber/bankid',
    'link-org-validation',
    'Start a BankID order to prove the right to act for an organisation on this link',
  );

  app.get(
    '/linktinker/links/:id/bankid/:clientAccessKey',
    {
      schema: {
        tags: ['bankid'],
        summary: "A link order's state and this second's QR code",
        params: orderParams,
        response: { 200: ZBankIdRefreshResponse, ...errors },
      },
    },
    async (request) => refreshLinkBankIdOrder(deps(), request.params.id, request.params.clientAccessKey),
  );

  app.post(
    '/linktinker/links/:id/bankid/:clientAccessKey/cancel',
    {
      schema: {
        tags: ['bankid'],
        summary: "Cancel a link's pending order (the recipient pressed cancel)",
        params: orderParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await cancelBankIdOrder(deps(), request.params.clientAccessKey, {
        purposes: ['link-access', 'link-signature', 'link-org-validation'],
        linkId: request.params.id,
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/linktinker/links/:id/validation/validate/bankid',
    {
      schema: {
        tags: ['bankid'],
        summary:
          "A completed signature order signs its slot: the BankID person is kept and the slot's signature recorded",
        params: linkParams,
        body: ZSignLinkBankIdRequest,
        response: { 200: ZSignLinkBankIdResponse, ...errors, 401: ZErrorResponse, 422: ZErrorResponse },
      },
    },
    async (request) =>
      validateLinkSignatureOrder(deps(), request.params.id, request.body, {
        ipAddress: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      }),
  );

  app.post(
    '/linktinker/links/:id/validation/validate/orgnumber/bankid',
    {
      schema: {
        tags: ['bankid'],
        summary: "The recipient's organisation, checked against the company registry",
        params: linkParams,
        body: ZValidateLinkOrgNumberRequest,
        response: { 200: ZValidateLinkOrgNumberResponse, ...errors },
      },
    },
    async (request) => validateLinkOrgNumberOrder(deps(), request.params.id, request.body),
  );
};
