import {
  createTemplateRoute,
  deleteTemplateRoute,
  editTemplateRoute,
  findTemplateRoute,
  listTemplatesRoute,
  updateTemplateRoute,
  useTemplateRoute,
} from '@signlink/contracts/templates/templates.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import { createTemplate } from './create-template.ts';
import { deleteTemplate, editTemplate, findTemplate, listTemplates, updateTemplate } from './templates.service.ts';
import { useTemplate } from './use-template.ts';

/** SPEC section 7 "Templates and public links", the template half (issue 24, part 1). */
export const templatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.context.database.db, storage: app.context.storage });

  route(app, listTemplatesRoute, (request) => listTemplates(deps().db, request.actor));
  route(app, createTemplateRoute, async (request, reply) =>
    reply.code(201).send(await createTemplate(deps(), request.actor, request.body)),
  );
  route(app, findTemplateRoute, (request) => findTemplate(deps().db, request.actor, request.params.id));
  route(app, useTemplateRoute, async (request, reply) =>
    reply
      .code(201)
      .send(await useTemplate(deps(), { actor: request.actor, templateId: request.params.id, request: request.body })),
  );
  route(app, updateTemplateRoute, (request) =>
    updateTemplate(deps().db, request.actor, request.params.id, request.body),
  );
  route(app, deleteTemplateRoute, async (request, reply) => {
    await deleteTemplate(deps().db, request.actor, request.params.id);
    return reply.code(204).send(null);
  });
  route(app, editTemplateRoute, (request) => editTemplate(deps().db, request.actor, request.params.id));
};
