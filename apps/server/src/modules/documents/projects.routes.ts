import {
  discardProjectRoute,
  findProjectRoute,
  listProjectFilesRoute,
  listProjectLinksRoute,
  listProjectsRoute,
  saveProjectRoute,
} from '@signlink/contracts/documents/projects.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import {
  discardProject,
  getProject,
  listProjectFiles,
  listProjectLinks,
  listProjects,
  saveProject,
} from './projects.service.ts';

/** SPEC section 7 "Documents": the sender's drafts ("projects"), their files, and a sent document's links. */
export const projectsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.context.database.db;

  route(app, listProjectsRoute, (request) => listProjects(db(), request.actor));
  route(app, findProjectRoute, (request) => getProject(db(), request.actor, request.params.id));
  route(app, saveProjectRoute, (request) => saveProject(db(), request.actor, request.params.id, request.body));
  route(app, discardProjectRoute, async (request, reply) => {
    await discardProject({ db: db(), storage: app.context.storage }, request.actor, request.params.id);
    return reply.code(204).send(null);
  });
  route(app, listProjectFilesRoute, (request) => listProjectFiles(db(), request.actor, request.params.id));
  route(app, listProjectLinksRoute, (request) =>
    listProjectLinks(db(), request.actor, {
      documentId: request.params.id,
      baseUrl: app.context.messaging.publicUrls.forBrand(request.brand.id),
    }),
  );
};
