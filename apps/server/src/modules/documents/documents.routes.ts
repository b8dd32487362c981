import {
  countDocumentsRoute,
  findDocumentRoute,
  listDocumentsRoute,
  listSearchFormFieldsRoute,
  listSubInboxesRoute,
} from '@signlink/contracts/documents/documents.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import {
  countDocumentsFor,
  findDocumentDetail,
  listDocuments,
  listSearchFormFields,
  listSubInboxes,
} from './documents.service.ts';

/** SPEC section 7, Documents: the sender's lists and a sent document's overview. */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.context.database.db });

  route(app, listDocumentsRoute, (request) => listDocuments(deps(), request.actor, request.query));
  route(app, countDocumentsRoute, (request) => countDocumentsFor(deps(), request.actor));
  route(app, listSearchFormFieldsRoute, (request) => listSearchFormFields(deps(), request.actor));
  route(app, findDocumentRoute, (request) => findDocumentDetail(deps(), request.actor, request.params.id));
  route(app, listSubInboxesRoute, (request) => listSubInboxes(deps(), request.actor));
};
