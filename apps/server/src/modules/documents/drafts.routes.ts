import {
  discardDraftRoute,
  findDraftRoute,
  listDocumentLinksRoute,
  listDraftFilesRoute,
  listDraftsRoute,
  saveDraftRoute,
} from '@signlink/contracts/documents/drafts.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { discardDraft, getDraft, listDocumentLinks, listDraftFiles, listDrafts, saveDraft } from './drafts.service.ts';

/** SPEC section 7 "Documents": the sender's drafts ("projects"), their files, and a sent document's links. */
export const draftsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.context.database.db;

  route(app, listDraftsRoute, (request) => listDrafts(db(), request.actor));
  route(app, findDraftRoute, (request) => getDraft(db(), request.actor, request.params.id));
  route(app, saveDraftRoute, (request) => saveDraft(db(), request.actor, request.params.id, request.body));
  route(app, discardDraftRoute, async (request, reply) => {
    await discardDraft({ db: db(), storage: app.context.storage }, request.actor, request.params.id);
    return reply.code(204).send(null);
  });
  route(app, listDraftFilesRoute, (request) => listDraftFiles(db(), request.actor, request.params.id));
  route(app, listDocumentLinksRoute, (request) =>
    listDocumentLinks(db(), request.actor, {
      documentId: request.params.id,
      baseUrl: app.context.messaging.publicUrls.forBrand(request.brand.id),
    }),
  );
};
