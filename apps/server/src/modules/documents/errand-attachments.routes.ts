import {
  type ErrandAttachmentsResponse,
  ZErrandAttachmentParams,
  ZErrandAttachmentsResponse,
} from '@signlink/contracts/documents/errand-attachments';
import { ZDocumentIdParams } from '@signlink/contracts/documents/projects';
import { ZErrorResponse } from '@signlink/contracts/errors/error-response';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { attachmentName } from '../../http/attachment-name.ts';
import { requireActor } from '../../plugins/auth.ts';
import { bearerSecurity } from '../accounts/account-route-schemas.ts';
import { findDocumentForActor } from '../document-core/document-access.ts';
import { findLiveAttachment, listAttachmentsWithParties } from '../links/link-attachments.repository.ts';

const errors = { 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };

/**
 * The owner's side of the recipients' attachments (issue 8, part 8): whoever may see the document (document.view)
 * lists them, with the party that attached each, and downloads one. Another account's document is NOT_FOUND and a
 * colleague's private one FORBIDDEN, as everywhere (findDocumentForActor).
 */
export const errandAttachmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['documents'];

  app.get(
    '/linktinker/errands/:id/attachments',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: "The PDFs the document's recipients attached, by index",
        params: ZDocumentIdParams,
        response: { 200: ZErrandAttachmentsResponse, ...errors },
      },
    },
    async (request): Promise<ErrandAttachmentsResponse> => {
      const { db } = app.context.database;
      const document = await findDocumentForActor(db, {
        actor: requireActor(request),
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
    },
  );

  app.get(
    '/linktinker/errands/:id/attachments/:pdfFileIndex',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'One attachment of the document as a PDF (application/pdf)',
        params: ZErrandAttachmentParams,
      },
    },
    async (request, reply) => {
      const { db } = app.context.database;
      const document = await findDocumentForActor(db, {
        actor: requireActor(request),
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
    },
  );
};
