import {
  ZDocumentIdParams,
  ZProject,
  ZProjectFilesResponse,
  ZProjectLinksResponse,
  ZProjectsResponse,
  ZSaveProjectRequest,
} from '@signlink/contracts/documents/projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../plugins/auth.ts';
import { bearerSecurity } from '../accounts/account-route-schemas.ts';
import {
  discardProject,
  getProject,
  listProjectFiles,
  listProjectLinks,
  listProjects,
  saveProject,
} from './projects.service.ts';
import { documentRouteErrors as errors } from './upload.routes.ts';

/** SPEC section 7 "Documents": the sender's drafts ("projects"), their files, and a sent document's links. */
export const projectsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['documents'];
  const db = () => app.context.database.db;

  app.get(
    '/linktinker/projects',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: "The signed-in user's drafts, latest first",
        response: { 200: ZProjectsResponse, ...errors },
      },
    },
    async (request) => listProjects(db(), requireActor(request)),
  );

  app.get(
    '/linktinker/projects/:id',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'A draft (or a sent document) with its files and parties',
        params: ZDocumentIdParams,
        response: { 200: ZProject, ...errors },
      },
    },
    async (request) => getProject(db(), requireActor(request), request.params.id),
  );

  app.put(
    '/linktinker/projects/:id',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: "Save a draft's title, parties, settings, access level and message (a sent one: DOCUMENT_SAVE_FAILED)",
        params: ZDocumentIdParams,
        body: ZSaveProjectRequest,
        response: { 200: ZProject, ...errors },
      },
    },
    async (request) => saveProject(db(), requireActor(request), request.params.id, request.body),
  );

  app.delete(
    '/linktinker/projects/:id',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'Discard a draft',
        params: ZDocumentIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await discardProject({ db: db(), storage: app.context.storage }, requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/linktinker/projects/:id/files',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: "A document's files",
        params: ZDocumentIdParams,
        response: { 200: ZProjectFilesResponse, ...errors },
      },
    },
    async (request) => listProjectFiles(db(), requireActor(request), request.params.id),
  );

  app.get(
    '/linktinker/projects/:id/links',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: "A sent document's links, one per party, on the brand's host",
        params: ZDocumentIdParams,
        response: { 200: ZProjectLinksResponse, ...errors },
      },
    },
    async (request) =>
      listProjectLinks(db(), requireActor(request), {
        documentId: request.params.id,
        baseUrl: app.context.messaging.publicUrls.forBrand(request.brand.id),
      }),
  );
};
