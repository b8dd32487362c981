import {
  archiveErrandRoute,
  deleteErrandRoute,
  duplicateDocumentRoute,
  setErrandAccessLevelRoute,
  setErrandHandledRoute,
} from '@signlink/contracts/documents/errand-actions.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { duplicateDocument } from './duplicate-document.ts';
import { deleteErrand, setErrandAccessLevel, setErrandArchived, setErrandHandled } from './errand-actions.service.ts';

/**
 * SPEC section 7, Documents: the owner's actions on a sent document that move no money (issue 6, part 7). Each
 * answers the document as a list row after the change, except delete (no content) and duplicate (the new project).
 */
export const errandActionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.context.database.db;

  route(app, setErrandHandledRoute, (request) =>
    setErrandHandled(
      { db: db() },
      { actor: request.actor, documentId: request.params.id, handled: request.body.Handled },
    ),
  );
  route(app, setErrandAccessLevelRoute, (request) =>
    setErrandAccessLevel(
      { db: db() },
      { actor: request.actor, documentId: request.params.id, accessLevel: request.body.AccessLevel },
    ),
  );
  route(app, archiveErrandRoute, (request) =>
    setErrandArchived(
      { db: db() },
      { actor: request.actor, documentId: request.params.id, restore: request.body?.restore === true },
    ),
  );
  route(app, deleteErrandRoute, async (request, reply) => {
    await deleteErrand(
      { db: db() },
      { actor: request.actor, documentId: request.params.id, ownDocumentOnly: request.body?.ownDocumentOnly === true },
    );
    return reply.code(204).send(null);
  });
  route(app, duplicateDocumentRoute, async (request, reply) => {
    const duplicate = await duplicateDocument(
      { db: db(), storage: app.context.storage },
      { actor: request.actor, documentId: request.params.id },
    );
    return reply.code(201).send(duplicate);
  });
};
