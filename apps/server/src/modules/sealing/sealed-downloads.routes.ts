import { downloadAuditTrailRoute, downloadSealedPdfRoute } from '@signlink/contracts/documents/sealed-downloads.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { attachmentName } from '../../http/attachment-name.ts';
import { route } from '../../http/route.ts';
import { findDocumentForActor } from '../document-core/document-access.ts';
import { findSeal } from './seal.repository.ts';

/**
 * Issue 7, part 7, the sender's side: the sealed PDF, and the audit trail alone. Whoever may see the document may
 * download both ("allow downloading" limits the parties, not the sender's company). The parties' own download
 * goes through their link (the recipient's side).
 */
export const sealedDownloadRoutes: FastifyPluginAsyncZod = async (app) => {
  const files = [
    { contract: downloadSealedPdfRoute, key: 'sealedStorageKey', suffix: '' },
    { contract: downloadAuditTrailRoute, key: 'auditTrailStorageKey', suffix: ' - audit trail' },
  ] as const;

  for (const file of files) {
    route(app, file.contract, async (request, reply) => {
      const { db } = app.context.database;
      const document = await findDocumentForActor(db, {
        actor: request.actor,
        documentId: request.params.id,
        action: 'document.view',
      });
      const seal = await findSeal(db, document.id);
      const key = seal?.status === 'sealed' ? seal[file.key] : null;
      if (!key) throw new AppError('DOCUMENT_NOT_SEALED');
      const stream = await app.context.storage.get({ key });
      return reply
        .type('application/pdf')
        .header('content-disposition', attachmentName(`${document.title}${file.suffix}.pdf`))
        .header('cache-control', 'private, no-store')
        .send(stream);
    });
  }
};
