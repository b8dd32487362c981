import {
  countLinkVisitRoute,
  findClientIpRoute,
  findLinkFileRoute,
  findLinkReportRoute,
  openLinkAccessRoute,
} from '@signlink/contracts/links/link-access.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachmentName } from '../../http/attachment-name.ts';
import { route } from '../../http/route.ts';
import { fastSerializerCompiler } from '../../lib/fast-serializer.ts';
import { openLink } from './link-access.service.ts';
import { findLinkReport, openLinkFile, recordLinkVisit } from './link-files.ts';

/** The recipient's access and the calls around it (SPEC section 7, recipient side). */
export const linkAccessRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.context.database.db;
  const guardDeps = () => ({ db: db(), secret: app.context.config.sessionSecret });

  route(
    app,
    openLinkAccessRoute,
    (request) =>
      openLink(
        {
          db: db(),
          database: app.context.database,
          client: app.context.bankId.client,
          secret: app.context.config.sessionSecret,
        },
        request.params.linkID,
        request.body,
      ),
    { serializerCompiler: fastSerializerCompiler },
  );

  route(app, findLinkFileRoute, async (request, reply) => {
    const file = await openLinkFile(
      { ...guardDeps(), storage: app.context.storage },
      { linkId: request.params.id, requestToken: request.body.RequestToken, code: request.body.Code },
    );
    return reply
      .type('application/pdf')
      .header('content-disposition', attachmentName(file.fileName).replace(/^attachment/, 'inline'))
      .header('cache-control', 'private, no-store')
      .send(file.body);
  });

  route(app, findLinkReportRoute, (request) =>
    findLinkReport(guardDeps(), { linkId: request.params.linkID, requestToken: request.body.RequestToken }),
  );

  route(app, countLinkVisitRoute, async (request, reply) => {
    await recordLinkVisit(db(), { linkId: request.params.LinkId, isIe: request.body.IsIe });
    return reply.code(204).send(null);
  });

  route(app, findClientIpRoute, (request) => ({ ip: request.ip }));
};
