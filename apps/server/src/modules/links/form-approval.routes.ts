import { ZDocumentIdParams } from '@signlink/contracts/documents/projects';
import { ZOwnerFormsResponse } from '@signlink/contracts/links/form-approval';
import { ZFormApprovalParams, ZFormApprovalRequest, ZFormSubmission } from '@signlink/contracts/links/link-forms';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachmentName } from '../../http/attachment-name.ts';
import { requireActor } from '../../plugins/auth.ts';
import { accountRouteErrors, bearerSecurity } from '../accounts/account-route-schemas.ts';
import { decideForm, listFormsOfDocument, openOwnerFormPdf } from './form-approval.ts';

/** The sender's side of recipients' forms (issue 8, part 7): list them, download one, approve or deny a pending one. */
export const formApprovalRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['documents'];
  const deps = () => ({
    db: app.context.database.db,
    database: app.context.database,
    queue: app.context.queue,
    messaging: app.context.messaging,
    storage: app.context.storage,
    secret: app.context.config.sessionSecret,
  });

  app.get(
    '/linktinker/errands/:id/forms',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: "The forms the document's recipients saved, submitted or shared",
        params: ZDocumentIdParams,
        response: { 200: ZOwnerFormsResponse, ...accountRouteErrors },
      },
    },
    async (request) => listFormsOfDocument(deps(), requireActor(request), request.params.id),
  );

  app.get(
    '/linktinker/errands/:id/forms/:formId/pdf',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'The filled PDF a recipient submitted or shared',
        params: ZFormApprovalParams,
      },
    },
    async (request, reply) => {
      const file = await openOwnerFormPdf(deps(), requireActor(request), {
        documentId: request.params.id,
        formId: request.params.formId,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', attachmentName(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );

  app.post(
    '/linktinker/errands/:id/forms/:formId/approval',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Approve or deny a pending form: it is no longer pending nor sharing; its submitter is told',
        params: ZFormApprovalParams,
        body: ZFormApprovalRequest,
        response: { 200: ZFormSubmission, ...accountRouteErrors },
      },
    },
    async (request) =>
      decideForm(deps(), requireActor(request), {
        documentId: request.params.id,
        formId: request.params.formId,
        approvalValue: request.body.approvalValue,
        brand: request.brand.id,
      }),
  );
};
