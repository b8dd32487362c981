import { quoteDocumentCostRoute, sendDocumentRoute } from '@signlink/contracts/documents/send-document.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { quoteDocumentCost } from './document-cost.ts';
import { sendDocument } from './send-document.ts';

/** Issue 6, parts 4 and 5 (SPEC section 7 `POST linktinker/links/cost`, `POST linktinker/links`). */
export const sendDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({
    database: app.context.database,
    queue: app.context.queue,
    messaging: app.context.messaging,
  });

  route(app, quoteDocumentCostRoute, (request) =>
    quoteDocumentCost(app.context.database.db, request.actor, request.body.ProjectId),
  );
  route(app, sendDocumentRoute, (request) =>
    sendDocument(deps(), request.actor, {
      draftId: request.body.ProjectId,
      brand: request.brand.id,
      signFirst: request.body.SignFirst,
    }),
  );
};
