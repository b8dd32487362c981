import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import type { ApiRequestOptions } from './api-client.ts';
import { useApiClient } from './api-context.tsx';
import type { ApiError } from './api-error.ts';

/**
 * A GET through the API client, cached by TanStack Query under `['api', path, query]`. Apart from api-context.tsx so
 * that what needs only the client (the recipient's page) does not load TanStack Query.
 */
export function useApiQuery<T>(
  path: string,
  options: Omit<ApiRequestOptions, 'signal'> = {},
  queryOptions: Omit<UseQueryOptions<T, ApiError, T, QueryKey>, 'queryKey' | 'queryFn'> = {},
) {
  const client = useApiClient();
  return useQuery<T, ApiError, T, QueryKey>({
    ...queryOptions,
    queryKey: ['api', path, options.query ?? {}],
    queryFn: ({ signal }) => client.get<T>(path, { ...options, signal }),
  });
}
