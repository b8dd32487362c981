import {
  accessLinkPreviewRoute,
  findLinkPreviewFileRoute,
  findLinkPreviewRoute,
} from '@signlink/contracts/public-links/link-preview.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachmentName } from '../../http/attachment-name.ts';
import { route } from '../../http/route.ts';
import { findLinkPreview, openLinkPreview, readLinkPreviewFile } from './link-preview.service.ts';

/** SPEC section 7 `GET links/{id}/preview` and `POST links/{id}/access/preview`: the owner's read-only preview. */
export const linkPreviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.context.database.db, secret: app.context.config.sessionSecret });

  route(app, findLinkPreviewRoute, (request) => findLinkPreview(deps(), request.actor, request.params.id));

  route(app, accessLinkPreviewRoute, (request) =>
    openLinkPreview(deps(), request.actor, { id: request.params.id, signatureIndex: request.body.SignatureIndex }),
  );

  route(app, findLinkPreviewFileRoute, async (request, reply) => {
    const file = await readLinkPreviewFile({ ...deps(), storage: app.context.storage }, request.actor, {
      id: request.params.id,
      requestToken: request.body.RequestToken,
      code: request.body.Code,
    });
    return reply
      .type('application/pdf')
      .header('content-disposition', attachmentName(file.fileName).replace(/^attachment/, 'inline'))
      .header('cache-control', 'private, no-store')
      .send(file.body);
  });
};
