import {
  countErrandsRoute,
  findErrandRoute,
  listErrandsRoute,
  listSearchFormFieldsRoute,
  listSubInboxesRoute,
} from '@signlink/contracts/documents/errands.routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.ts';
import {
  countErrandsFor,
  findErrandDetail,
  listErrands,
  listSearchFormFields,
  listSubInboxes,
} from './errands.service.ts';

/** SPEC section 7, Documents: the sender's lists and a sent document's overview. */
export const errandsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.context.database.db });

  route(app, listErrandsRoute, (request) => listErrands(deps(), request.actor, request.query));
  route(app, countErrandsRoute, (request) => countErrandsFor(deps(), request.actor));
  route(app, listSearchFormFieldsRoute, (request) => listSearchFormFields(deps(), request.actor));
  route(app, findErrandRoute, (request) => findErrandDetail(deps(), request.actor, request.params.id));
  route(app, listSubInboxesRoute, (request) => listSubInboxes(request.actor));
};
