import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import type { ApiClient, ApiRequestOptions } from './api-client.ts';
import type { ApiError } from './api-error.ts';
import type { AuthStore } from './auth-store.ts';

interface ApiContextValue {
  client: ApiClient;
  authStore: AuthStore;
}

const ApiContext = createContext<ApiContextValue | null>(null);

export function ApiProvider({ client, authStore, children }: ApiContextValue & { children: ReactNode }) {
  return <ApiContext.Provider value={{ client, authStore }}>{children}</ApiContext.Provider>;
}

function useApiContext(): ApiContextValue {
  const value = useContext(ApiContext);
  if (!value) throw new Error('useApiClient needs an <ApiProvider> above it');
  return value;
}

export function useApiClient(): ApiClient {
  return useApiContext().client;
}

/** The current access token, re-rendering on login and logout. */
export function useAuthToken(): string | null {
  const { authStore } = useApiContext();
  return useSyncExternalStore(authStore.subscribe, authStore.getToken);
}

/** A GET through the API client, cached by TanStack Query under `['api', path, query]`. */
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
