import { ZLinkId } from '@signlink/contracts/bankid/link-bankid';
import { ZErrorResponse } from '@signlink/contracts/errors/error-response';
import { ZLinkStatusResponse } from '@signlink/contracts/links/link-access';
import {
  ZLinkDownloadRequest,
  ZLinkDownloadResponse,
  ZLinkRequestTokenQuery,
} from '@signlink/contracts/links/link-download';
import { ZSignInkRequest } from '@signlink/contracts/links/sign-ink';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachmentName } from '../../http/attachment-name.ts';
import { openLinkDownload, planLinkDownload } from './link-download.ts';
import { findLinkStatus, presentSigningState } from './link-status.ts';
import { signWithInk } from './sign-ink.ts';

const params = z.object({ id: ZLinkId });
const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  410: ZErrorResponse,
  422: ZErrorResponse,
};

/**
 * The recipient's signing calls after the gate (SPEC section 7; issue 8, parts 4, 6, 8 and 9): every one carries the
 * RequestToken `links/{id}/access` gave, which is bound to this link.
 */
export const linkSigningRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({
    db: app.context.database.db,
    queue: app.context.queue,
    secret: app.context.config.sessionSecret,
  });

  app.post(
    '/linktinker/links/:id/sign/ink',
    {
      schema: {
        tags: ['links'],
        summary: "Sign one of the link's signature slots with a drawn signature and the slot's field values",
        params,
        body: ZSignInkRequest,
        response: { 200: ZLinkStatusResponse, ...errors },
      },
    },
    async (request) => {
      const state = await signWithInk(deps(), {
        linkId: request.params.id,
        body: request.body,
        ipAddress: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      return presentSigningState(state);
    },
  );

  app.get(
    '/linktinker/links/:id/status',
    {
      schema: {
        tags: ['links'],
        summary: "The document's signature slots, aggregates and state, polled until the sealed PDF is ready",
        params,
        querystring: ZLinkRequestTokenQuery,
        response: { 200: ZLinkStatusResponse, ...errors },
      },
    },
    async (request) =>
      presentSigningState(
        await findLinkStatus(
          { database: app.context.database, secret: app.context.config.sessionSecret },
          request.params.id,
          request.query.requestToken,
        ),
      ),
  );

  app.get(
    '/linktinker/links/:id/download',
    {
      schema: {
        tags: ['links'],
        summary: 'The sealed PDF once sealed, before that the document as sent; only when it allows downloading',
        params,
        querystring: ZLinkRequestTokenQuery,
      },
    },
    async (request, reply) => {
      const file = await openLinkDownload(
        { ...deps(), storage: app.context.storage, pdf: app.context.pdf },
        request.params.id,
        request.query.requestToken,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', attachmentName(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );

  app.post(
    '/linktinker/links/:id/download',
    {
      schema: {
        tags: ['links'],
        summary: "Link PDF download by link code: the download's address, when the document allows downloading",
        params,
        body: ZLinkDownloadRequest,
        response: { 200: ZLinkDownloadResponse, ...errors },
      },
    },
    async (request) => {
      const plan = await planLinkDownload(deps(), request.params.id, request.body.RequestToken);
      const query = new URLSearchParams({ requestToken: request.body.RequestToken });
      return {
        downloadUrl: `/v2/linktinker/links/${request.params.id}/download?${query}`,
        sealed: plan.sealed,
      };
    },
  );
};
