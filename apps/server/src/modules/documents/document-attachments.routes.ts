import {
  downloadDocumentAttachmentRoute,
  listDocumentAttachmentsRoute,
} from '@signlink/contracts/documents/document-attachments.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachmentName } from '../../http/attachment-name.ts';
import { route } from '../../http/route.ts';
import { listDocumentAttachments, openDocumentAttachment } from './document-attachments.service.ts';

/** The owner's side of the recipients' attachments: the list, and one attachment's PDF. */
export const documentAttachmentRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, listDocumentAttachmentsRoute, (request) =>
    listDocumentAttachments(app.context.database.db, { actor: request.actor, documentId: request.params.id }),
  );

  route(app, downloadDocumentAttachmentRoute, async (request, reply) => {
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
