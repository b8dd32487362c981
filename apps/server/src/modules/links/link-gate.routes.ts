import { ZLinkId } from '@signlink/contracts/bankid/link-bankid';
import { ZErrorResponse } from '@signlink/contracts/errors/error-response';
import {
  ZLinkCodeRequest,
  ZLinkCodeResponse,
  ZLinkContactCodeRequest,
  ZLinkValidateCodeRequest,
  ZLinkValidateCodeResponse,
} from '@signlink/contracts/links/link-gate';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { codeDepsOf } from '../auth/code-deps.ts';
import { sendLinkCode, validateLinkCode } from './link-codes.service.ts';

const params = z.object({ id: ZLinkId });
export const linkRouteErrors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  406: ZErrorResponse,
  410: ZErrorResponse,
  429: ZErrorResponse,
};

/**
 * The SMS and e-mail gate of a link (SPEC sections 4 and 7). Recipients are guests: the link id, then the code's
 * ClientAccessKey, are all they hold. A locked gate answers ACCESS_FAILED (reason `gate-locked`).
 */
export const linkGateRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => codeDepsOf(app);
  const tags = ['links'];

  for (const channel of ['sms', 'email'] as const) {
    const name = channel === 'sms' ? 'an SMS' : 'an e-mail';
    app.post(
      `/linktinker/links/:id/${channel}`,
      {
        schema: {
          tags,
          summary: `Send ${name} code for the link's gate (to the party's own contact when the sender gave one)`,
          params,
          body: ZLinkCodeRequest,
          response: { 200: ZLinkCodeResponse, ...linkRouteErrors },
        },
      },
      async (request) =>
        sendLinkCode(deps(), {
          linkId: request.params.id,
          channel,
          use: 'gate',
          value: request.body.value,
          brand: request.brand.id,
        }),
    );
    app.post(
      `/linktinker/links/:id/validation/${channel}`,
      {
        schema: {
          tags,
          summary: `Send ${name} code: for the gate with accessDocument, else to verify a contact after the gate`,
          params,
          body: ZLinkContactCodeRequest,
          response: { 200: ZLinkCodeResponse, ...linkRouteErrors },
        },
      },
      async (request) =>
        sendLinkCode(deps(), {
          linkId: request.params.id,
          channel,
          use: request.body.accessDocument ? 'gate' : 'contact',
          value: request.body.value,
          requestToken: request.body.requestToken,
          brand: request.brand.id,
        }),
    );
  }

  app.post(
    '/linktinker/links/:id/validation/validate',
    {
      schema: {
        tags,
        summary: "Check a link's SMS or e-mail code (5 wrong per code, 10 per link lock its gate)",
        params,
        body: ZLinkValidateCodeRequest,
        response: { 200: ZLinkValidateCodeResponse, ...linkRouteErrors },
      },
    },
    async (request) =>
      validateLinkCode(deps(), {
        linkId: request.params.id,
        code: request.body.Code,
        clientAccessKey: request.body.ClientAccessKey,
      }),
  );
};
