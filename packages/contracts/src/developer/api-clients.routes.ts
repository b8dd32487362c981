import { defineRoute } from '../http/route-contract.ts';
import {
  ZApiClient,
  ZApiClientIdParams,
  ZApiClientsResponse,
  ZCreateApiClientRequest,
  ZCreatedApiClient,
  ZUpdateApiClientRequest,
} from './api-clients.ts';

/**
 * SPEC section 7 "API clients" (issue 26, part 1): a company's administrators make, rename and revoke the keys their
 * systems call with. Only a person signed in may: an integration never makes keys. Another account's client is
 * NOT_FOUND; a personal account's owner or a non-administrator is FORBIDDEN.
 */
const tags = ['developer'];
const session = ['session'] as const;

export const listApiClientsRoute = defineRoute({
  method: 'GET',
  path: '/linktinker/app/api/clients',
  tags,
  callers: session,
  summary: "The account's API clients, newest first, revoked ones too (never their secrets)",
  responses: { 200: ZApiClientsResponse },
  errors: ['FORBIDDEN'],
});

export const createApiClientRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/api/clients',
  tags,
  callers: session,
  summary: 'Makes an API client; the answer carries its secret, the only time it is shown',
  body: ZCreateApiClientRequest,
  responses: { 201: ZCreatedApiClient },
  errors: ['FORBIDDEN'],
});

export const revokeApiClientRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/api/clients/:id/revoke',
  tags,
  callers: session,
  summary: 'Revokes an API client: its credentials and the tokens it was given stop at once',
  params: ZApiClientIdParams,
  responses: { 200: ZApiClient },
  errors: ['FORBIDDEN', 'NOT_FOUND'],
});

export const updateApiClientRoute = defineRoute({
  method: 'POST',
  path: '/linktinker/app/api/clients/:id/update',
  tags,
  callers: session,
  summary: "Renames an API client or changes its access level (a revoked one's too, for the record)",
  params: ZApiClientIdParams,
  body: ZUpdateApiClientRequest,
  responses: { 200: ZApiClient },
  errors: ['FORBIDDEN', 'NOT_FOUND'],
});
