import { ZDocumentIdParams } from '@signlink/contracts/documents/projects';
import { ZFormApprovalParams, ZFormApprovalRequest, ZFormSubmission } from '@signlink/contracts/links/link-forms';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../plugins/auth.ts';
import { accountRouteErrors, bearerSecurity } from '../accounts/account-route-schemas.ts';
import { decideForm, listFormsOfDocument } from './form-approval.ts';

/** The sender's side of recipients' forms (issue 8, part 7): list them, approve or deny a pending one. */
export const formApprovalRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['documents'];
  const deps = () => ({ db: app.context.database.db });

  app.get(
    '/linktinker/errands/:id/forms',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: "The forms the document's recipients saved, submitted or shared",
        params: ZDocumentIdParams,
        response: { 200: z.object({ forms: z.array(ZFormSubmission) }), ...accountRouteErrors },
      },
    },
    async (request) => listFormsOfDocument(deps(), requireActor(request), request.params.id),
  );

  app.post(
    '/linktinker/errands/:id/forms/:formId/approval',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Approve or deny a pending form: it is no longer pending nor sharing',
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
      }),
  );
};
