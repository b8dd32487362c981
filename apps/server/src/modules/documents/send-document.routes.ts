import { ZCostRequest, ZCostResponse, ZSendRequest, ZSendResponse } from '@signlink/contracts/documents/send-document';
import { ZErrorResponse } from '@signlink/contracts/errors/error-response';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../plugins/auth.ts';
import { accountRouteErrors, bearerSecurity } from '../accounts/account-route-schemas.ts';
import { quoteDocumentCost } from './document-cost.ts';
import { sendDocument } from './send-document.ts';

/** The catalogue answers of the send and action routes: the account routes' and "not enough balance", "invalid". */
export const sendRouteErrors = { ...accountRouteErrors, 402: ZErrorResponse, 422: ZErrorResponse };

/** Issue 6, parts 4 and 5 (SPEC section 7 `POST linktinker/links/cost`, `POST linktinker/links`). */
export const sendDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['documents'];
  const deps = () => ({
    database: app.context.database,
    queue: app.context.queue,
    messaging: app.context.messaging,
  });

  app.post(
    '/linktinker/links/cost',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: "A saved draft's cost from the price list, the account's balance and whether it covers it",
        body: ZCostRequest,
        response: { 200: ZCostResponse, ...sendRouteErrors },
      },
    },
    async (request) => quoteDocumentCost(app.context.database.db, requireActor(request), request.body.ProjectId),
  );

  app.post(
    '/linktinker/links',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary:
          'Send a saved draft: SPEC section 5 checked (DOCUMENT_INVALID lists every problem), the cost reserved ' +
          '(INSUFFICIENT_BALANCE), one link per party, the invitations queued; the document is frozen from then on',
        body: ZSendRequest,
        response: { 200: ZSendResponse, ...sendRouteErrors },
      },
    },
    async (request) =>
      sendDocument(deps(), requireActor(request), { projectId: request.body.ProjectId, brand: request.brand.id }),
  );
};
