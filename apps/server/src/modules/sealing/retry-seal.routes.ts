import { retrySealRoute } from '@signlink/contracts/documents/document-flags.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { retrySeal } from './retry-seal.ts';

/** `POST errands/{id}/seal/retry`: the owner starts sealing again after it failed (the document's status is error). */
export const retrySealRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, retrySealRoute, (request) =>
    retrySeal(
      { db: app.context.database.db, queue: app.context.queue },
      { actor: request.actor, documentId: request.params.id },
    ),
  );
};
