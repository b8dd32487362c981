import {
  downloadErrandAttachmentRoute,
  listErrandAttachmentsRoute,
} from '@signlink/contracts/documents/errand-attachments.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachmentName } from '../../http/attachment-name.ts';
import { route } from '../../http/route.ts';
import { listDocumentAttachments, openDocumentAttachment } from './document-attachments.service.ts';

/** The owner's side of the recipients' attachments: the list, and one attachment's PDF. */
export const errandAttachmentRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, listErrandAttachmentsRoute, (request) =>
    listDocumentAttachments(app.context.database.db, { actor: request.actor, documentId: request.params.id }),
  );

  route(app, downloadErrandAttachmentRoute, async (request, reply) => {
    const file = await openDocumentAttachment(
      { db: app.context.database.db, storage: app.context.storage },
      { actor: request.actor, documentId: request.params.id, pdfFileIndex: request.params.pdfFileIndex },
    );
    return reply
      .type('application/pdf')
      .header('content-disposition', attachmentName(file.fileName))
      .header('cache-control', 'private, no-store')
      .send(file.body);
  });
};
