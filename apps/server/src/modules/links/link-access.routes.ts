import { ZLinkId } from '@signlink/contracts/bankid/link-bankid';
import { ZLinkAccessRequest, ZLinkAccessResponse } from '@signlink/contracts/links/link-access';
import {
  ZClientIpResponse,
  ZLinkCountRequest,
  ZLinkFileRequest,
  ZLinkReportRequest,
  ZLinkReportResponse,
} from '@signlink/contracts/links/link-access-calls';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { attachmentName } from '../../http/attachment-name.ts';
import { fastSerializerCompiler } from '../../lib/fast-serializer.ts';
import { countLinkVisit, findDocumentFile } from './link-access.repository.ts';
import { openLink } from './link-access.service.ts';
import { requireLinkAccess } from './link-access-guard.ts';
import { linkRouteErrors as errors } from './link-gate.routes.ts';

/** The recipient's access and the calls around it (SPEC section 7, recipient side). */
export const linkAccessRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['links'];
  const db = () => app.context.database.db;
  const guard = (linkId: string, token: string) =>
    requireLinkAccess({ db: db(), secret: app.context.config.sessionSecret }, linkId, token);

  app.post(
    '/linktinker/links/:linkID/access',
    {
      schema: {
        tags,
        summary: "Open the link: its gate's proof, then the document's files, the recipient's keys and a RequestToken",
        params: z.object({ linkID: ZLinkId }),
        body: ZLinkAccessRequest,
        response: { 200: ZLinkAccessResponse, ...errors, 409: errors[403], 502: errors[403] },
      },
      serializerCompiler: fastSerializerCompiler,
    },
    async (request) =>
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
  );

  app.post(
    '/linktinker/links/:id/access/file',
    {
      schema: {
        tags,
        summary: "One of the document's files as PDF bytes, by its Code",
        params: z.object({ id: ZLinkId }),
        body: ZLinkFileRequest,
      },
    },
    async (request, reply) => {
      const { document } = await guard(request.params.id, request.body.RequestToken);
      const file = await findDocumentFile(db(), document.id, request.body.Code);
      if (!file) throw new AppError('NOT_FOUND');
      const stream = await app.context.storage.get({ key: file.storageKey });
      return reply
        .type('application/pdf')
        .header('content-disposition', attachmentName(file.title).replace(/^attachment/, 'inline'))
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );

  app.post(
    '/linktinker/links/:linkID/access/report',
    {
      schema: {
        tags,
        summary: "The document's name for the report view",
        params: z.object({ linkID: ZLinkId }),
        body: ZLinkReportRequest,
        response: { 200: ZLinkReportResponse, ...errors },
      },
    },
    async (request) => {
      const { document } = await guard(request.params.linkID, request.body.RequestToken);
      return { Document: { LinkName: document.title } };
    },
  );

  app.post(
    '/linktinker/links/:LinkId/count',
    {
      schema: {
        tags,
        summary: 'Count a visit of the recipient page (no visitor data is kept)',
        params: z.object({ LinkId: ZLinkId }),
        body: ZLinkCountRequest,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      if (!(await countLinkVisit(db(), request.params.LinkId, request.body.IsIe))) throw new AppError('INVALID_LINK');
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/linktinker/ip',
    {
      schema: {
        tags,
        summary: 'The address the server sees the caller at',
        response: { 200: ZClientIpResponse },
      },
    },
    async (request) => ({ ip: request.ip }),
  );
};
