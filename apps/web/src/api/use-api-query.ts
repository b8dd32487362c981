import { fillPath, type RouteContract, type RouteInput } from '@signlink/contracts/http/route-contract';
import { type QueryKey, type UseQueryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { ApiAnswer, ApiArgs, ApiRequestOptions } from './api-client.ts';
import { useApiClient } from './api-context.tsx';
import type { ApiError } from './api-error.ts';

/** The key a GET is cached under: `['api', path, query]`, so a refresh of a path prefix reaches every query below it. */
export function apiQueryKey<Contract extends RouteContract>(
  contract: Contract,
  input?: RouteInput<Contract>,
): QueryKey {
  const { params, query } = (input ?? {}) as { params?: Record<string, string>; query?: object };
  return ['api', fillPath(contract.path, params), query ?? {}];
}

type QueryOptions<Contract extends RouteContract> = Omit<
  UseQueryOptions<ApiAnswer<Contract>, ApiError, ApiAnswer<Contract>, QueryKey>,
  'queryKey' | 'queryFn'
>;

/**
 * A GET through the API client, cached by TanStack Query under apiQueryKey. Apart from api-context.tsx so that what
 * needs only the client (the recipient's page) does not load TanStack Query.
 */
export function useApiQuery<Contract extends RouteContract>(
  contract: Contract,
  input: RouteInput<Contract>,
  options: Omit<ApiRequestOptions, 'signal'> = {},
  queryOptions: QueryOptions<Contract> = {},
): UseQueryResult<ApiAnswer<Contract>, ApiError> {
  const client = useApiClient();
  return useQuery<ApiAnswer<Contract>, ApiError, ApiAnswer<Contract>, QueryKey>({
    ...queryOptions,
    queryKey: apiQueryKey(contract, input),
    queryFn: ({ signal }) => client.api(contract, ...([input, { ...options, signal }] as ApiArgs<Contract>)),
  });
}
