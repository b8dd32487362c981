import {
  ZErrandDetail,
  ZErrandsCountResponse,
  ZErrandsQuery,
  ZErrandsResponse,
  ZSearchFormFieldsResponse,
  ZSubInboxesResponse,
} from '@signlink/contracts/documents/errands';
import { ZDocumentIdParams } from '@signlink/contracts/documents/projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../plugins/auth.ts';
import { bearerSecurity, accountRouteErrors as errors } from '../accounts/account-route-schemas.ts';
import {
  countErrandsFor,
  findErrandDetail,
  listErrands,
  listSearchFormFields,
  listSubInboxes,
} from './errands.service.ts';

/** SPEC section 7, Documents: the sender's lists and a sent document's overview (issue 6, part 6). */
export const errandsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['documents'];
  const deps = () => ({ db: app.context.database.db });

  app.get(
    '/linktinker/errands',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary:
          'Sent, archived or inbox documents the caller may see (own, or shared in the account), filtered, ' +
          'searched, sorted and paged',
        querystring: ZErrandsQuery,
        response: { 200: ZErrandsResponse, ...errors },
      },
    },
    async (request) => listErrands(deps(), requireActor(request), request.query),
  );

  app.get(
    '/linktinker/errands/count',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'How many documents the menu and dashboard show: sent, awaiting signatures, late, archived, inbox',
        response: { 200: ZErrandsCountResponse, ...errors },
      },
    },
    async (request) => countErrandsFor(deps(), requireActor(request)),
  );

  app.get(
    '/linktinker/errands/search/formfields',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: 'The distinct names of the fields placed on the documents the caller may see',
        response: { 200: ZSearchFormFieldsResponse, ...errors },
      },
    },
    async (request) => listSearchFormFields(deps(), requireActor(request)),
  );

  app.get(
    '/linktinker/errands/:id',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: "A sent document's overview: parties with delivery, history, links, files and settings",
        params: ZDocumentIdParams,
        response: { 200: ZErrandDetail, ...errors },
      },
    },
    async (request) => findErrandDetail(deps(), requireActor(request), request.params.id),
  );

  app.get(
    '/linktinker/subinboxes',
    {
      schema: {
        tags,
        security: bearerSecurity,
        summary: "The inbox's sub-inboxes (one per public link); empty until public links exist",
        response: { 200: ZSubInboxesResponse, ...errors },
      },
    },
    async (request) => listSubInboxes(requireActor(request)),
  );
};
