import {
  addLinkAttachmentRoute,
  deleteLinkAttachmentRoute,
  downloadLinkAttachmentRoute,
  loadLinkAttachmentsRoute,
} from '@signlink/contracts/links/link-attachments.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { attachmentName } from '../../http/attachment-name.ts';
import { acceptRawPdfBody } from '../../http/raw-pdf-body.ts';
import { route } from '../../http/route.ts';
import {
  addLinkAttachment,
  deleteLinkAttachment,
  loadLinkAttachments,
  openLinkAttachment,
} from './link-attachments.ts';

/** A request carries a little more than the PDF: the bound is the sender's upload's (MAX_UPLOAD_MB). */
const bodySlackBytes = 64 * 1024;

/**
 * A recipient's attachments (SPEC section 7, `links/{id}/attachments/load` and `/delete`; issue 8, part 8). Adding
 * one takes the PDF as the raw body, as the sender's upload does, with the RequestToken in the query; the raw-PDF
 * parser and its body limit live in this plugin's scope only. The limit is the parser's, not the route's: it follows
 * the configured MAX_UPLOAD_MB, which a contract, fixed at build time, cannot know.
 */
export const linkAttachmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.context;
  const deps = () => ({
    db: app.context.database.db,
    secret: config.sessionSecret,
    storage: app.context.storage,
    pdf: app.context.pdf,
    maxUploadBytes: config.maxUploadBytes,
  });
  acceptRawPdfBody(app, config.maxUploadBytes + bodySlackBytes);

  route(app, addLinkAttachmentRoute, async (request, reply) => {
    if (!Buffer.isBuffer(request.body)) throw new AppError('UPLOAD_WRONG_TYPE');
    const body = request.body;
    const attachments = await addLinkAttachment(deps(), {
      linkId: request.params.id,
      requestToken: request.query.RequestToken,
      name: request.query.name,
      bytes: new Uint8Array(body.buffer, body.byteOffset, body.byteLength),
    });
    return reply.code(201).send(attachments);
  });

  route(app, loadLinkAttachmentsRoute, (request) =>
    loadLinkAttachments(deps(), { linkId: request.params.id, requestToken: request.body.RequestToken }),
  );

  route(app, deleteLinkAttachmentRoute, (request) =>
    deleteLinkAttachment(deps(), {
      linkId: request.params.id,
      requestToken: request.body.RequestToken,
      pdfFileIndex: request.body.PdfFileIndex,
    }),
  );

  route(app, downloadLinkAttachmentRoute, async (request, reply) => {
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
  });
};
