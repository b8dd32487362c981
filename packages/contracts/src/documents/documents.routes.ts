import { defineRoute } from '../http/route-contract.ts';
import {
  ZDocumentDetail,
  ZDocumentsCountResponse,
  ZDocumentsQuery,
  ZDocumentsResponse,
  ZSearchFormFieldsResponse,
  ZSubInboxesResponse,
} from './documents.ts';
import { ZDocumentIdParams } from './drafts.ts';

/** SPEC section 7, Documents: the sender's lists and a sent document's overview. */
const tags = ['documents'];
const callers = ['session'] as const;
/** Integrations (API clients, OAuth apps) call these too, as the web app does (issue 26). */
const integrations = ['session', 'api-client'] as const;

export const listDocumentsRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/errands',
  tags,
  callers: integrations,
  summary:
    'Sent, archived or inbox documents the caller may see (own, or shared in the account), filtered, ' +
    'searched, sorted and paged',
  query: ZDocumentsQuery,
  responses: { 200: ZDocumentsResponse },
  // Contributors have no inbox (SPEC section 6).
  errors: ['FORBIDDEN'],
});

export const countDocumentsRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/errands/count',
  tags,
  callers: integrations,
  summary: 'How many documents the menu and dashboard show: sent, awaiting signatures, late, archived, inbox',
  responses: { 200: ZDocumentsCountResponse },
  errors: [],
});

export const listSearchFormFieldsRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/errands/search/formfields',
  tags,
  callers,
  summary: 'The distinct names of the fields placed on the documents the caller may see',
  responses: { 200: ZSearchFormFieldsResponse },
  errors: [],
});

export const findDocumentRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/errands/:id',
  tags,
  callers: integrations,
  summary: "A sent document's overview: parties with delivery, history, links, files and settings",
  params: ZDocumentIdParams,
  responses: { 200: ZDocumentDetail },
  errors: ['NOT_FOUND', 'FORBIDDEN'],
});

export const listSubInboxesRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/subinboxes',
  tags,
  callers,
  summary: "The inbox's sub-inboxes (one per public link); empty until public links exist",
  responses: { 200: ZSubInboxesResponse },
  errors: ['FORBIDDEN'],
});
