import {
  downloadLinkAuditTrailRoute,
  downloadLinkDocumentRoute,
  findLinkStatusRoute,
  planLinkDownloadRoute,
  signLinkWithInkRoute,
} from '@signlink/contracts/links/link-signing.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachmentName } from '../../http/attachment-name.ts';
import { route } from '../../http/route.ts';
import { openLinkAuditTrail, openLinkDownload, planLinkDownload } from './link-download.ts';
import { findLinkStatus, presentSigningState } from './link-status.ts';
import { signWithInk } from './sign-ink.ts';

/**
 * The recipient's signing calls after the gate (SPEC section 7; issue 8, parts 4, 6, 8 and 9): every one carries the
 * RequestToken `links/{id}/access` gave, which is bound to this link.
 */
export const linkSigningRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({
    db: app.context.database.db,
    queue: app.context.queue,
    secret: app.context.config.sessionSecret,
    database: app.context.database,
    messaging: app.context.messaging,
  });

  route(app, signLinkWithInkRoute, async (request) => {
    const state = await signWithInk(deps(), {
      linkId: request.params.id,
      body: request.body,
      ipAddress: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      sessionUserId: request.actor?.userId ?? null,
      brand: request.brand.id,
    });
    return presentSigningState(state);
  });

  route(app, findLinkStatusRoute, async (request) =>
    presentSigningState(
      await findLinkStatus(
        { database: app.context.database, secret: app.context.config.sessionSecret },
        request.params.id,
        request.query.requestToken,
      ),
    ),
  );

  const downloads = [
    { contract: downloadLinkDocumentRoute, open: openLinkDownload },
    { contract: downloadLinkAuditTrailRoute, open: openLinkAuditTrail },
  ] as const;
  for (const { contract, open } of downloads) {
    route(app, contract, async (request, reply) => {
      const file = await open(
        { ...deps(), storage: app.context.storage, pdf: app.context.pdf },
        request.params.id,
        request.query.requestToken,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', attachmentName(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.body);
    });
  }

  route(app, planLinkDownloadRoute, async (request) => {
    const plan = await planLinkDownload(deps(), request.params.id, request.body.RequestToken);
    const query = new URLSearchParams({ requestToken: request.body.RequestToken });
    return {
      downloadUrl: `/v2/linktinker/links/${request.params.id}/download?${query}`,
      sealed: plan.sealed,
    };
  });
};
