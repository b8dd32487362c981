import {
  decideDocumentFormRoute,
  downloadDocumentFormPdfRoute,
  listDocumentFormsRoute,
} from '@signlink/contracts/links/form-approval.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachmentName } from '../../http/attachment-name.ts';
import { route } from '../../http/route.ts';
import { decideForm, listFormsOfDocument, openOwnerFormPdf } from './form-approval.ts';

/** The sender's side of recipients' forms (issue 8, part 7): list them, download one, approve or deny a pending one. */
export const formApprovalRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({
    db: app.context.database.db,
    database: app.context.database,
    queue: app.context.queue,
    messaging: app.context.messaging,
    storage: app.context.storage,
    secret: app.context.config.sessionSecret,
  });

  route(app, listDocumentFormsRoute, (request) => listFormsOfDocument(deps(), request.actor, request.params.id));

  route(app, downloadDocumentFormPdfRoute, async (request, reply) => {
    const file = await openOwnerFormPdf(deps(), request.actor, {
      documentId: request.params.id,
      formId: request.params.formId,
    });
    return reply
      .type('application/pdf')
      .header('content-disposition', attachmentName(file.fileName))
      .header('cache-control', 'private, no-store')
      .send(file.body);
  });

  route(app, decideDocumentFormRoute, (request) =>
    decideForm(deps(), request.actor, {
      documentId: request.params.id,
      formId: request.params.formId,
      approvalValue: request.body.approvalValue,
      brand: request.brand.id,
    }),
  );
};
