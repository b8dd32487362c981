import {
  countLinkVisitRoute,
  findClientIpRoute,
  findLinkFileRoute,
  findLinkReportRoute,
  openLinkAccessRoute,
} from '@signlink/contracts/links/link-access.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { attachmentName } from '../../http/attachment-name.ts';
import { route } from '../../http/route.ts';
import { fastSerializerCompiler } from '../../lib/fast-serializer.ts';
import { countLinkVisit, findDocumentFile } from './link-access.repository.ts';
import { openLink } from './link-access.service.ts';
import { requireLinkAccess } from './link-access-guard.ts';

/** The recipient's access and the calls around it (SPEC section 7, recipient side). */
export const linkAccessRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.context.database.db;
  const guard = (linkId: string, token: string) =>
    requireLinkAccess({ db: db(), secret: app.context.config.sessionSecret }, linkId, token);

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
    const { document } = await guard(request.params.id, request.body.RequestToken);
    const file = await findDocumentFile(db(), document.id, request.body.Code);
    if (!file) throw new AppError('NOT_FOUND');
    const stream = await app.context.storage.get({ key: file.storageKey });
    return reply
      .type('application/pdf')
      .header('content-disposition', attachmentName(file.title).replace(/^attachment/, 'inline'))
      .header('cache-control', 'private, no-store')
      .send(stream);
  });

  route(app, findLinkReportRoute, async (request) => {
    const { document } = await guard(request.params.linkID, request.body.RequestToken);
    return { Document: { LinkName: document.title } };
  });

  route(app, countLinkVisitRoute, async (request, reply) => {
    if (!(await countLinkVisit(db(), request.params.LinkId, request.body.IsIe))) throw new AppError('INVALID_LINK');
    return reply.code(204).send(null);
  });

  route(app, findClientIpRoute, (request) => ({ ip: request.ip }));
};
