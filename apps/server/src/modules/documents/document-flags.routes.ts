import {
  archiveDocumentRoute,
  deleteDocumentRoute,
  duplicateDocumentRoute,
  setDocumentAccessLevelRoute,
  setDocumentHandledRoute,
} from '@signlink/contracts/documents/document-flags.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import {
  deleteDocument,
  setDocumentAccessLevel,
  setDocumentArchived,
  setDocumentHandled,
} from './document-flags.service.ts';
import { duplicateDocument } from './duplicate-document.ts';

/**
 * SPEC section 7, Documents: the owner's actions on a sent document that move no money (issue 6, part 7). Each
 * answers the document as a list row after the change, except delete (no content) and duplicate (the new draft).
 */
export const documentFlagsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.context.database.db;

  route(app, setDocumentHandledRoute, (request) =>
    setDocumentHandled(
      { db: db() },
      { actor: request.actor, documentId: request.params.id, handled: request.body.Handled },
    ),
  );
  route(app, setDocumentAccessLevelRoute, (request) =>
    setDocumentAccessLevel(
      { db: db() },
      { actor: request.actor, documentId: request.params.id, accessLevel: request.body.AccessLevel },
    ),
  );
  route(app, archiveDocumentRoute, (request) =>
    setDocumentArchived(
      { db: db() },
      { actor: request.actor, documentId: request.params.id, restore: request.body?.restore === true },
    ),
  );
  route(app, deleteDocumentRoute, async (request, reply) => {
    await deleteDocument(
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
