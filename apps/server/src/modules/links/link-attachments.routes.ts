import { ZLinkId } from '@signlink/contracts/bankid/link-bankid';
import { ZErrorResponse } from '@signlink/contracts/errors/error-response';
import {
  ZAttachmentUploadQuery,
  ZDeleteAttachmentRequest,
  ZDownloadAttachmentRequest,
  ZLinkAttachmentsResponse,
  ZLoadAttachmentsRequest,
} from '@signlink/contracts/links/link-attachments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { attachmentName } from '../../http/attachment-name.ts';
import { acceptRawPdfBody } from '../../http/raw-pdf-body.ts';
import {
  addLinkAttachment,
  deleteLinkAttachment,
  loadLinkAttachments,
  openLinkAttachment,
} from './link-attachments.ts';

const params = z.object({ id: ZLinkId });
const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  410: ZErrorResponse,
  413: ZErrorResponse,
  415: ZErrorResponse,
  422: ZErrorResponse,
};

/** A request carries a little more than the PDF: the bound is the sender's upload's (MAX_UPLOAD_MB). */
const bodySlackBytes = 64 * 1024;

/**
 * A recipient's attachments (SPEC section 7, `links/{id}/attachments/load` and `/delete`; issue 8, part 8). Adding
 * one takes the PDF as the raw body, as the sender's upload does, with the RequestToken in the query; the raw-PDF
 * parser and its body limit live in this plugin's scope only.
 */
export const linkAttachmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['links'];
  const { config } = app.context;
  const bodyLimit = config.maxUploadBytes + bodySlackBytes;
  const deps = () => ({
    db: app.context.database.db,
    secret: config.sessionSecret,
    storage: app.context.storage,
    pdf: app.context.pdf,
    maxUploadBytes: config.maxUploadBytes,
  });
  acceptRawPdfBody(app, bodyLimit);

  app.post(
    '/linktinker/links/:id/attachments',
    {
      bodyLimit,
      schema: {
        tags,
        summary:
          'Attach a PDF to the document (raw body, application/pdf or application/octet-stream, judged by content); ' +
          'the attachments after it',
        params,
        querystring: ZAttachmentUploadQuery,
        response: { 201: ZLinkAttachmentsResponse, ...errors },
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) throw new AppError('UPLOAD_WRONG_TYPE');
      const body = request.body;
      const attachments = await addLinkAttachment(deps(), {
        linkId: request.params.id,
        requestToken: request.query.RequestToken,
        name: request.query.name,
        bytes: new Uint8Array(body.buffer, body.byteOffset, body.byteLength),
      });
      return reply.code(201).send(attachments);
    },
  );

  app.post(
    '/linktinker/links/:id/attachments/load',
    {
      schema: {
        tags,
        summary: "The document's attachments, marking this link's own",
        params,
        body: ZLoadAttachmentsRequest,
        response: { 200: ZLinkAttachmentsResponse, ...errors },
      },
    },
    async (request) =>
      loadLinkAttachments(deps(), { linkId: request.params.id, requestToken: request.body.RequestToken }),
  );

  app.post(
    '/linktinker/links/:id/attachments/delete',
    {
      schema: {
        tags,
        summary: "Remove one of this link's own attachments while the document is open and unsigned by it",
        params,
        body: ZDeleteAttachmentRequest,
        response: { 200: ZLinkAttachmentsResponse, ...errors },
      },
    },
    async (request) =>
      deleteLinkAttachment(deps(), {
        linkId: request.params.id,
        requestToken: request.body.RequestToken,
        pdfFileIndex: request.body.PdfFileIndex,
      }),
  );

  app.post(
    '/linktinker/links/:id/attachments/download',
    {
      schema: {
        tags,
        summary: "One of the document's attachments as a PDF (application/pdf), by its PdfFileIndex",
        params,
        body: ZDownloadAttachmentRequest,
      },
    },
    async (request, reply) => {
      const file = await openLinkAttachment(deps(), {
        linkId: request.params.id,
        requestToken: request.body.RequestToken,
        pdfFileIndex: request.body.PdfFileIndex,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', attachmentName(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
};
