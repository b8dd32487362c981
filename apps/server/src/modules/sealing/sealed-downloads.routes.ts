import { downloadAuditTrailRoute, downloadSealedPdfRoute } from '@signlink/contracts/documents/sealed-downloads.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachmentName } from '../../http/attachment-name.ts';
import { route } from '../../http/route.ts';
import { openSealedFile } from './sealed-files.ts';

/** The sender's downloads of a sealed document: the sealed PDF, and the audit trail alone (sealed-files.ts). */
export const sealedDownloadRoutes: FastifyPluginAsyncZod = async (app) => {
  const downloads = [
    { contract: downloadSealedPdfRoute, kind: 'sealed-pdf' },
    { contract: downloadAuditTrailRoute, kind: 'audit-trail' },
  ] as const;

  for (const { contract, kind } of downloads) {
    route(app, contract, async (request, reply) => {
      const file = await openSealedFile(
        { db: app.context.database.db, storage: app.context.storage },
        { actor: request.actor, documentId: request.params.id, kind },
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', attachmentName(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.body);
    });
  }
};
