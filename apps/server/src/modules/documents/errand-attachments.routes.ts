import type { ErrandAttachmentsResponse } from '@signlink/contracts/documents/errand-attachments';
import {
  downloadErrandAttachmentRoute,
  listErrandAttachmentsRoute,
} from '@signlink/contracts/documents/errand-attachments.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { attachmentName } from '../../http/attachment-name.ts';
import { route } from '../../http/route.ts';
import { findDocumentForActor } from '../document-core/document-access.ts';
import { findLiveAttachment, listAttachmentsWithParties } from '../links/link-attachments.repository.ts';

/**
 * The owner's side of the recipients' attachments (issue 8, part 8): whoever may see the document (document.view)
 * lists them, with the party that attached each, and downloads one. Another account's document is NOT_FOUND and a
 * colleague's private one FORBIDDEN, as everywhere (findDocumentForActor).
 */
export const errandAttachmentRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, listErrandAttachmentsRoute, async (request): Promise<ErrandAttachmentsResponse> => {
    const { db } = app.context.database;
    const document = await findDocumentForActor(db, {
      actor: request.actor,
      documentId: request.params.id,
      action: 'document.view',
    });
    const rows = await listAttachmentsWithParties(db, document.id);
    return {
      Attachments: rows.map(({ attachment, partyId, partyName }) => ({
        PdfFileIndex: attachment.pdfFileIndex,
        Title: attachment.title,
        ByteSize: attachment.byteSize,
        PageCount: attachment.pageCount,
        Sha256: attachment.sha256,
        CreatedAt: attachment.createdAt.toISOString(),
        PartyId: partyId,
        PartyName: partyName,
      })),
    };
  });

  route(app, downloadErrandAttachmentRoute, async (request, reply) => {
    const { db } = app.context.database;
    const document = await findDocumentForActor(db, {
      actor: request.actor,
      documentId: request.params.id,
      action: 'document.view',
    });
    const attachment = await findLiveAttachment(db, document.id, request.params.pdfFileIndex);
    if (!attachment) throw new AppError('NOT_FOUND', { details: { reason: 'no-such-attachment' } });
    const stream = await app.context.storage.get({ key: attachment.storageKey });
    return reply
      .type('application/pdf')
      .header('content-disposition', attachmentName(`${attachment.title}.pdf`))
      .header('cache-control', 'private, no-store')
      .send(stream);
  });
};
