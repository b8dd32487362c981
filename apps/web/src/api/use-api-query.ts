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
  options?: Omit<ApiRequestOptions, 'signal'>,
  queryOptions?: QueryOptions<Contract>,
): UseQueryResult<ApiAnswer<Contract>, ApiError>;
/** @deprecated By path, while screens move to contracts; goes when the last one has. */
export function useApiQuery<T>(
  path: string,
  options?: Omit<ApiRequestOptions, 'signal'>,
  queryOptions?: Omit<UseQueryOptions<T, ApiError, T, QueryKey>, 'queryKey' | 'queryFn'>,
): UseQueryResult<T, ApiError>;
export function useApiQuery(target: RouteContract | string, ...rest: unknown[]): UseQueryResult<unknown, ApiError> {
  const client = useApiClient();
  const byPath = typeof target === 'string';
  const [input, options = {}, queryOptions = {}] = (byPath ? [undefined, ...rest] : rest) as [
    RouteInput<RouteContract> | undefined,
    ApiRequestOptions?,
    object?,
  ];
  return useQuery<unknown, ApiError>({
    ...queryOptions,
    queryKey: typeof target === 'string' ? ['api', target, options.query ?? {}] : apiQueryKey(target, input),
    queryFn: ({ signal }) =>
      typeof target === 'string'
        ? client.get(target, { ...options, signal })
        : client.api(target, ...([input, { ...options, signal }] as ApiArgs<RouteContract>)),
  });
}
