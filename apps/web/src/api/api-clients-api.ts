import type { CreateApiClientRequest, UpdateApiClientRequest } from '@signlink/contracts/developer/api-clients';
import {
  createApiClientRoute,
  listApiClientsRoute,
  revokeApiClientRoute,
  updateApiClientRoute,
} from '@signlink/contracts/developer/api-clients.routes';
import { fillPath } from '@signlink/contracts/http/route-contract';
import type { ApiClient } from './api-client.ts';
import { useApiQuery } from './use-api-query.ts';

/**
 * SPEC section 7 "API clients" (issue 26): the account's API keys, for its administrators. Failures are the caller's
 * to show (`silent`), at the dialog or list that asked. A new key is made once: a repeat would make a second one.
 */
export const apiClientsPath = fillPath(listApiClientsRoute.path, {});

export function createApiClientsApi(client: ApiClient) {
  return {
    create: (body: CreateApiClientRequest) =>
      client.api(createApiClientRoute, { body }, { silent: true, extraTries: 0 }),
    update: (id: string, body: UpdateApiClientRequest) =>
      client.api(updateApiClientRoute, { params: { id }, body }, { silent: true }),
    revoke: (id: string) => client.api(revokeApiClientRoute, { params: { id } }, { silent: true }),
  };
}

export function useApiClients(enabled: boolean) {
  return useApiQuery(listApiClientsRoute, {}, { silent: true }, { enabled, staleTime: 0 });
}
